// Single sign-on's part in the users area: the admins' setting (the one `sso-settings` row, edited in the
// back office and audited by the kit) and the people a provider vouches for who are not on the roster:
// refused, or, when the setting is on, created as pending accounts for an admin to approve.
#include "auth/oidc/single_sign_on.hpp"
#include "http/json_time.hpp"
#include "http/services.hpp"
#include "resources/audit.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "search/sources.hpp"
#include "users/users.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::users {

namespace json = boost::json;
using auth::oidc::UnknownPerson;
using Match = auth::oidc::ProviderSettings::Match;

namespace {

resources::Resource sso_settings_resource() {
  auto r = resources::settings_area("sso-settings", "sso_settings", {"การเข้าสู่ระบบผ่านองค์กร", "Single sign-on"},
                                    "createUnknownPending", resources::Role::admin);
  r.list_columns = {"createUnknownPending", "updatedAt"};
  r.fields = {
      resources::boolean("createUnknownPending", {"สร้างบัญชีรออนุมัติให้คนที่ไม่อยู่ในรายชื่อพนักงาน",
                                                  "Create people not on the roster as pending"})
          .required()
          .fallback(false)
          .hint({"ปิด: เข้าสู่ระบบได้เฉพาะคนที่อยู่ในรายชื่อพนักงานแล้ว เปิด: คนอื่นที่องค์กรยืนยันตัวตนแล้วจะรอผู้ดูแลอนุมัติ",
                 "Off: only people already on the roster sign in. On: others your identity provider vouches "
                 "for "
                 "wait for an admin's approval."}),
  };
  return r;
}

// Inside the sign-in's transaction. True when the person now waits as a pending account.
bool create_pending(db::Connection& c, const UnknownPerson& p) {
  auto setting = c.query("SELECT create_unknown_pending FROM sso_settings WHERE id = 'default'").first();
  if (!setting || !setting->boolean(0)) return false;

  // Codes come from the provider when it names people by code; otherwise an admin sets the real one when
  // approving, so the account gets a placeholder that cannot be anyone's roster code.
  std::string code = p.match == Match::code ? p.value : "SSO-" + ascii_upper(random_hex(5));
  if (code.size() > 40) return false;  // no roster code is that long
  std::optional<std::string> email = p.match == Match::email ? std::optional(ascii_lower(p.value)) : p.email;
  if (email && !c.query("SELECT 1 FROM users WHERE email = $1", *email).empty()) {
    // Known by this very email: a parallel sign-in of the same person created them a moment ago (the
    // writers ran one after the other), and they wait all the same. Otherwise the address is someone else's.
    if (p.match == Match::email) return true;
    email.reset();
  }
  std::string name = p.name;
  if (utf8_length(name) > 100) name = p.value;

  std::string id = uuid_v7();
  std::int64_t now = now_ms();
  // A parallel sign-in of the same person may have created them a moment ago: then they wait all the same.
  auto created = c.query(
      "INSERT INTO users (id, employee_code, email, name, role, status, created_at, updated_at, version) "
      "VALUES ($1, $2, $3, $4, 'staff', 'pending', $5, $5, 1) ON CONFLICT DO NOTHING",
      id, code, email, name, now);
  if (created.affected == 1) search::refresh(c, "users", id);
  if (created.affected == 1)
    audit::record(c, id, "sso.pending", "users", id, std::nullopt,
                  json::object{{"employeeCode", code},
                               {"email", http::value_or_null(email)},
                               {"name", name},
                               {"provider", p.provider}},
                  p.ip);
  return true;
}

}  // namespace

void register_sso(http::Services& app) {
  resources::registry().add(sso_settings_resource());
  app.get<auth::oidc::SingleSignOn>().on_unknown_person(create_pending);
}

}  // namespace shopfloor::users
