#include "privacy/consent.hpp"

#include "http/handler.hpp"
#include "resources/builders.hpp"
#include "resources/resource.hpp"
#include "resources/traits.hpp"
#include "util/ids.hpp"

namespace shopfloor::privacy {

namespace {

// One row for the company. On by default: PDPA asks for consent before tracking what people do.
resources::Resource settings_resource() {
  auto r = resources::settings_area("privacy-settings", "privacy_settings", {"ความเป็นส่วนตัว", "Privacy"},
                                    "consentRequired", resources::Role::admin);
  // No "last changed" column: the row the migration writes was never changed (its time is 0, shown as 1970).
  r.list_columns = {"consentRequired"};
  r.fields = {
      resources::boolean("consentRequired", {"เก็บข้อมูลการใช้งานเฉพาะคนที่ยินยอม", "Track usage only with consent"})
          .required()
          .fallback(true)
          .hint({"เปิด (ตาม PDPA): ไม่เก็บการคลิกและเวลาบนหน้าของคนที่ยังไม่ยอมรับหรือปฏิเสธ ปิด: เก็บของทุกคน",
                 "On (PDPA): clicks and page times of people who have not accepted, or declined, are not "
                 "kept. Off: everyone's are kept."}),
  };
  return r;
}

json::object answer(db::Connection& c, const std::string& user_id) {
  auto row = c.query(
                  "SELECT (SELECT consent_required FROM privacy_settings WHERE id = 'default'), "
                  "(SELECT choice FROM privacy_consents WHERE user_id = $1), "
                  "(SELECT notice_version FROM privacy_consents WHERE user_id = $1), "
                  "(SELECT answered_at FROM privacy_consents WHERE user_id = $1)",
                  user_id)
                 .first();
  bool required = row->is_null(0) || row->i64(0) != 0;
  bool answered = !row->is_null(1);
  bool current = answered && row->i64(2) >= notice_version;
  json::object o{{"noticeVersion", notice_version}, {"required", required}};
  o["choice"] = answered ? json::value(row->str(1)) : json::value(nullptr);
  o["answeredVersion"] = answered ? json::value(row->i64(2)) : json::value(nullptr);
  o["answeredAt"] = answered ? json::value(iso8601(row->i64(3))) : json::value(nullptr);
  // Ask only where the answer matters, and again when the notice changed.
  o["ask"] = required && !current;
  // What the tracker may do now (telemetry/consent_gate.hpp decides the same on the server).
  o["tracking"] = !required || (answered && row->str(1) == "accepted");
  return o;
}

Awaitable get_consent(Context& ctx) {
  std::string id = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) { return answer(c, id); });
  co_return http::json_response(ctx, body);
}

Awaitable put_consent(Context& ctx) {
  auto input = ctx.json_object();
  auto* v = input.if_contains("choice");
  std::string choice = v && v->is_string() ? std::string(v->as_string()) : "";
  if (choice != "accepted" && choice != "declined")
    throw ApiError::validation({{"choice", http::Message(msg::ONE_OF, {{"list", "accepted, declined"}})}});
  std::string id = ctx.user->id;
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) {
    c.query(
        "INSERT INTO privacy_consents (user_id, choice, notice_version, answered_at) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (user_id) DO UPDATE SET choice = excluded.choice, notice_version = "
        "excluded.notice_version, "
        "answered_at = excluded.answered_at",
        id, choice, std::int64_t{notice_version}, now_ms());
    return answer(c, id);
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

void register_consent_routes(http::Services& app) {
  resources::registry().add(settings_resource());
  app.router.get("/api/me/privacy/consent", get_consent, http::Access::signed_in);
  app.router.put("/api/me/privacy/consent", put_consent, http::Access::signed_in);
}

void seed_demo_consents(db::Connection& c) {
  c.query(
      "INSERT INTO privacy_consents (user_id, choice, notice_version, answered_at) "
      "SELECT id, 'accepted', $1, $2 FROM users WHERE id NOT IN (SELECT user_id FROM privacy_consents)",
      std::int64_t{notice_version}, now_ms());
}

}  // namespace shopfloor::privacy
