// Partner coupons: staff claim a free code from a batch published to them (once per person, or up to the
// batch's limit) and show it at the till; admins load codes (imported with a dry run, or generated), see who
// claimed what, and mark codes used from the partner's list.
#include <sodium.h>

#include <set>

#include "club/idempotency.hpp"
#include "club/routes.hpp"
#include "http/json_time.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/audit.hpp"
#include "resources/csv.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::club {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

// b.id, partner, title, value_text, expires_at, limit, codes, claimed, media (8..14), description, audience
const std::string batch_columns =
    "b.id, b.partner, b.title, b.value_text, b.expires_at, b.per_person_limit, b.codes_count, "
    "b.claimed_count, "
    "m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, b.description, b.audience_json";
constexpr std::size_t batch_audience = 16;

std::string batches_sql(const resources::StaffGate& gate, const std::string& extra) {
  return "SELECT " + batch_columns + " FROM coupon_batches b LEFT JOIN media m ON m.id = b.image_media_id " +
         "WHERE (b.expires_at IS NULL OR b.expires_at > $1)" + gate.published("b", 1) + extra;
}

json::object batch_summary(const db::Row& r) {
  return json::object{
      {"id", r.str(0)},
      {"partner", r.str(1)},
      {"title", r.str(2)},
      {"valueText", r.is_null(3) ? json::value(nullptr) : json::value(r.str(3))},
      {"expiresAt", http::iso_or_null(r.opt_i64(4))},
      {"image", r.is_null(8) ? json::value(nullptr) : json::value(media::media_summary(r, 8))}};
}

std::map<std::string, std::int64_t> my_claims(db::Connection& c, const std::string& uid) {
  std::map<std::string, std::int64_t> out;
  for (const auto& r :
       c.query("SELECT batch_id, COUNT(*) FROM coupon_codes WHERE claimed_by = $1 GROUP BY batch_id", uid)
           .rows)
    out[r.str(0)] = r.i64(1);
  return out;
}

const char* const claim_select =
    "SELECT c.id, c.code, c.claimed_at, c.used_at, b.id, b.partner, b.title, b.value_text, b.expires_at, "
    "m.id, "
    "m.hash, m.ext, m.kind, m.mime, m.width, m.height FROM coupon_codes c JOIN coupon_batches b ON b.id = "
    "c.batch_id LEFT JOIN media m ON m.id = b.image_media_id ";

json::object claim_json(const db::Row& r) {
  return json::object{
      {"id", r.str(0)},
      {"code", r.str(1)},
      {"claimedAt", http::iso_or_null(r.opt_i64(2))},
      {"usedAt", http::iso_or_null(r.opt_i64(3))},
      {"batch", json::object{{"id", r.str(4)},
                             {"partner", r.str(5)},
                             {"title", r.str(6)},
                             {"valueText", r.is_null(7) ? json::value(nullptr) : json::value(r.str(7))},
                             {"expiresAt", http::iso_or_null(r.opt_i64(8))},
                             {"image", r.is_null(9) ? json::value(nullptr)
                                                    : json::value(media::media_summary(r, 9))}}}};
}

Awaitable list_coupons(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    auto viewer = resources::load_viewer(c, uid);
    resources::StaffGate gate{viewer, now_ms()};
    auto claims = my_claims(c, uid);
    json::array items, mine;
    for (const auto& r :
         gate.rows(c, batches_sql(gate, " ORDER BY b.expires_at, b.id"), {gate.now()}, batch_audience, 200)) {
      auto o = batch_summary(r);
      o["limit"] = r.i64(5);
      o["claimed"] = claims[r.str(0)];
      o["left"] = r.i64(6) - r.i64(7);
      o["description"] = r.is_null(15) ? json::value(nullptr) : json::value(r.str(15));
      items.push_back(std::move(o));
    }
    for (const auto& r :
         c.query(std::string(claim_select) + "WHERE c.claimed_by = $1 ORDER BY c.claimed_at DESC LIMIT 200",
                 uid)
             .rows)
      mine.push_back(claim_json(r));
    return json::object{{"items", std::move(items)}, {"mine", std::move(mine)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

// POST /api/club/coupons/:id/claim: one free code, taken atomically (PostgreSQL: FOR UPDATE SKIP LOCKED, so
// concurrent claims take different codes instead of queueing on one).
StoredAnswer claim_coupon(db::Connection& c, const std::string& uid, const std::string& id,
                          const std::string& key, std::int64_t now) {
  if (auto first = replay(c, uid, "claim:" + id, key)) return *first;
  auto viewer = resources::load_viewer(c, uid);
  resources::StaffGate gate{viewer, now};
  // Published, in its window and audience; an expired batch is refused as not open.
  auto rows =
      gate.rows(c,
                "SELECT " + batch_columns +
                    " FROM coupon_batches b LEFT JOIN media m ON m.id = b.image_media_id WHERE b.id = $2" +
                    gate.published("b", 1),
                {now, id}, batch_audience, 1);
  if (rows.empty()) throw ApiError::not_found();
  const auto& b = rows.front();
  if (!b.is_null(4) && b.i64(4) <= now)
    throw ApiError{http::Status::conflict, "NOT_OPEN", msg::COUPON_EXPIRED};
  points::lock_balance(c, uid);  // one person's claims queue here, so the limit check cannot race
  auto limit = b.i64(5);
  auto held = c.query("SELECT COUNT(*) FROM coupon_codes WHERE batch_id = $1 AND claimed_by = $2", id, uid)
                  .first()
                  ->i64(0);
  if (held >= limit)
    throw ApiError{http::Status::conflict, "LIMIT_REACHED",
                   http::Message(msg::LIMIT_REACHED, {{"limit", limit}})};
  auto taken =
      c.query(
           std::string("UPDATE coupon_codes SET claimed_by = $1, claimed_at = $2 WHERE id = (SELECT id FROM "
                       "coupon_codes WHERE batch_id = $3 AND claimed_by IS NULL ORDER BY id LIMIT 1") +
               (c.is_sqlite() ? ")" : " FOR UPDATE SKIP LOCKED)") + " RETURNING id",
           uid, now, id)
          .first();
  if (!taken) throw ApiError{http::Status::conflict, "OUT_OF_STOCK", msg::OUT_OF_STOCK};
  c.query("UPDATE coupon_batches SET claimed_count = claimed_count + 1 WHERE id = $1", id);
  triggers::fire(c, {"coupon.claimed", uid, id, 1});  // the club report
  auto claim = c.query(std::string(claim_select) + "WHERE c.id = $1", taken->str(0)).first();
  StoredAnswer out{201, json::object{{"claim", claim_json(*claim)}}};
  remember(c, uid, "claim:" + id, key, out);
  return out;
}

namespace {

Awaitable claim_route(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  std::string key = idempotency_key(ctx);
  if (!plausible_id(id)) throw ApiError::not_found();
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return claim_coupon(c, uid, id, key, now_ms()); });
  co_return http::json_response(ctx, answer.body, static_cast<http::Status>(answer.status));
}

// ---- back office ----

bool batch_exists(db::Connection& c, const std::string& id) {
  return plausible_id(id) && !c.query("SELECT 1 FROM coupon_batches WHERE id = $1", id).empty();
}

Awaitable list_codes(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto status = ctx.query("status").value_or("");
  if (!status.empty() && status != "free" && status != "claimed" && status != "used")
    throw ApiError::bad_request(msg::STATUS_FILTER);
  auto page = ctx.query_int("page", 1, 1, 100000);
  auto size = ctx.query_int("pageSize", 50, 1, 500);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!batch_exists(c, id)) return std::nullopt;
    std::string where = "WHERE c.batch_id = $1";
    if (status == "free") where += " AND c.claimed_by IS NULL";
    if (status == "claimed") where += " AND c.claimed_by IS NOT NULL AND c.used_at IS NULL";
    if (status == "used") where += " AND c.used_at IS NOT NULL";
    auto total = c.query("SELECT COUNT(*) FROM coupon_codes c " + where, id).first()->i64(0);
    json::array items;
    for (const auto& r :
         c.query("SELECT c.id, c.code, c.claimed_at, c.used_at, u.id, u.name, u.employee_code FROM "
                 "coupon_codes c LEFT JOIN users u ON u.id = c.claimed_by " +
                     where + " ORDER BY c.claimed_at DESC, c.code LIMIT $2 OFFSET $3",
                 id, size, (page - 1) * size)
             .rows)
      items.push_back(json::object{
          {"id", r.str(0)},
          {"code", r.str(1)},
          {"claimedAt", http::iso_or_null(r.opt_i64(2))},
          {"usedAt", http::iso_or_null(r.opt_i64(3))},
          {"claimedBy",
           r.is_null(4)
               ? json::value(nullptr)
               : json::value(json::object{{"id", r.str(4)}, {"name", r.str(5)}, {"employeeId", r.str(6)}})}});
    auto counts =
        c.query(
             "SELECT COALESCE(SUM(CASE WHEN claimed_by IS NULL THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE "
             "WHEN claimed_by IS NOT NULL AND used_at IS NULL THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE "
             "WHEN used_at IS NOT NULL THEN 1 ELSE 0 END), 0) FROM coupon_codes WHERE batch_id = $1",
             id)
            .first();
    return json::object{
        {"items", std::move(items)},
        {"total", total},
        {"counts",
         json::object{{"free", counts->i64(0)}, {"claimed", counts->i64(1)}, {"used", counts->i64(2)}}}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

struct CodeRow {
  std::size_t line;
  std::string code;
  std::optional<http::Message> error;
};

// One code per line (the first cell of a CSV line; quotes and surrounding spaces removed). A final empty
// line is the file's end, not a row.
std::vector<CodeRow> code_rows(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<CodeRow> out;
  std::size_t line = 0;
  while (!text.empty()) {
    auto nl = text.find('\n');
    std::string_view raw = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    auto comma = raw.find(',');
    std::string_view cell = trim(raw.substr(0, comma));
    if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
      cell = trim(cell.substr(1, cell.size() - 2));
    out.push_back({line, std::string(cell), std::nullopt});
  }
  return out;
}

std::optional<http::Message> code_format_error(const std::string& code) {
  if (code.empty()) return http::Message(msg::CODE_EMPTY);
  if (std::string_view("=+-@").find(code.front()) != std::string_view::npos)
    return http::Message(msg::CODE_FORMULA);
  if (code.size() > 64 || has_control_chars(code) || code.find(' ') != std::string::npos ||
      !resources::csv::valid_utf8(code))
    return http::Message(msg::CODE_FORMAT);
  return std::nullopt;
}

json::object rows_json(const std::vector<CodeRow>& rows, std::int64_t applied, const char* applied_name) {
  json::array out;
  for (const auto& r : rows)
    out.push_back(json::object{{"line", r.line},
                               {"code", r.code},
                               {"error", r.error ? json::value(r.error->text()) : json::value(nullptr)},
                               {"errorCode", r.error ? json::value(r.error->json()) : json::value(nullptr)}});
  return json::object{{applied_name, applied}, {"rows", std::move(out)}};
}

std::pair<std::string, bool> csv_body(const Context& ctx) {
  json::object body = ctx.json_object();
  const auto* csv = body.if_contains("csv");
  if (!csv || !csv->is_string() || csv->as_string().size() > 2 * 1024 * 1024)
    throw ApiError::validation({{"csv", msg::CSV_TEXT}});
  const auto* dry = body.if_contains("dryRun");
  return {std::string(csv->as_string()), dry && dry->is_bool() && dry->as_bool()};
}

Awaitable import_codes(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  auto [text, dry_run] = csv_body(ctx);
  auto rows = code_rows(text);
  while (!rows.empty() && rows.back().code.empty()) rows.pop_back();  // trailing blank lines
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    if (!batch_exists(c, id)) return std::nullopt;
    std::map<std::string, std::size_t> seen;
    std::int64_t added = 0;
    for (auto& r : rows) {
      r.error = code_format_error(r.code);
      if (r.error) continue;
      if (auto it = seen.find(r.code); it != seen.end()) {
        r.error = http::Message(msg::CODE_DUPLICATE_IN_FILE, {{"line", it->second}});
        continue;
      }
      seen[r.code] = r.line;
      if (!c.query("SELECT 1 FROM coupon_codes WHERE batch_id = $1 AND code = $2", id, r.code).empty()) {
        r.error = http::Message(msg::CODE_EXISTS);
        continue;
      }
      if (!dry_run)
        added += c.query(
                      "INSERT INTO coupon_codes (id, batch_id, code, created_at) VALUES ($1, $2, $3, $4) ON "
                      "CONFLICT (batch_id, code) DO NOTHING",
                      uuid_v7(), id, r.code, now_ms())
                     .affected;
      else
        ++added;
    }
    if (!dry_run && added > 0) {
      c.query("UPDATE coupon_batches SET codes_count = codes_count + $2, updated_at = $3 WHERE id = $1", id,
              added, now_ms());
      audit::record(c, actor, "coupon-codes.import", "coupon-batches", id, std::nullopt,
                    json::object{{"added", added}}, ip);
    }
    auto out = rows_json(rows, added, "added");
    out["dryRun"] = dry_run;
    return out;
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

// Codes a cashier can read aloud: no 0/O, 1/I/L.
constexpr std::string_view code_alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

std::string generated_code(const std::string& prefix, int length) {
  std::string out = prefix;
  for (int i = 0; i < length; ++i)
    out += code_alphabet[randombytes_uniform(static_cast<std::uint32_t>(code_alphabet.size()))];
  return out;
}

Awaitable generate_codes(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  std::int64_t count = 0, length = 10;
  std::string prefix;
  if (auto* n = body.if_contains("count"); !n || !n->is_int64() || n->as_int64() < 1 || n->as_int64() > 10000)
    errors["count"] = msg::CODES_COUNT;
  else
    count = n->as_int64();
  if (auto* n = body.if_contains("length"); n && !n->is_null()) {
    if (!n->is_int64() || n->as_int64() < 6 || n->as_int64() > 20)
      errors["length"] = msg::CODES_LENGTH;
    else
      length = n->as_int64();
  }
  if (auto* p = body.if_contains("prefix"); p && !p->is_null()) {
    bool ok = p->is_string() && p->as_string().size() <= 10;
    if (ok)
      for (char ch : p->as_string()) ok = ok && (std::isalnum(static_cast<unsigned char>(ch)) || ch == '-');
    if (!ok)
      errors["prefix"] = msg::CODES_PREFIX;
    else
      prefix = ascii_upper(std::string(p->as_string()));
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  auto body_out = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    if (!batch_exists(c, id)) return std::nullopt;
    std::int64_t added = 0, attempts = 0;
    auto now = now_ms();
    while (added < count && attempts++ < count * 3)
      added += c.query(
                    "INSERT INTO coupon_codes (id, batch_id, code, created_at) VALUES ($1, $2, $3, $4) ON "
                    "CONFLICT "
                    "(batch_id, code) DO NOTHING",
                    uuid_v7(), id, generated_code(prefix, static_cast<int>(length)), now)
                   .affected;
    c.query("UPDATE coupon_batches SET codes_count = codes_count + $2, updated_at = $3 WHERE id = $1", id,
            added, now);
    audit::record(c, actor, "coupon-codes.generate", "coupon-batches", id, std::nullopt,
                  json::object{{"added", added}}, ip);
    return json::object{{"added", added}};
  });
  if (!body_out) throw ApiError::not_found();
  co_return http::json_response(ctx, *body_out);
}

// The partner's list of codes used at the till: each known, claimed, not yet used code is marked used.
Awaitable mark_used(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  auto [text, dry_run] = csv_body(ctx);
  auto rows = code_rows(text);
  while (!rows.empty() && rows.back().code.empty()) rows.pop_back();
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    if (!batch_exists(c, id)) return std::nullopt;
    std::int64_t marked = 0;
    std::map<std::string, std::size_t> seen;
    auto now = now_ms();
    for (auto& r : rows) {
      if (r.code.empty()) {
        r.error = http::Message(msg::CODE_EMPTY);
        continue;
      }
      if (auto it = seen.find(r.code); it != seen.end()) {
        r.error = http::Message(msg::CODE_DUPLICATE_IN_FILE, {{"line", it->second}});
        continue;
      }
      seen[r.code] = r.line;
      auto code =
          c.query("SELECT id, claimed_by, used_at FROM coupon_codes WHERE batch_id = $1 AND code = $2", id,
                  r.code)
              .first();
      if (!code)
        r.error = http::Message(msg::CODE_UNKNOWN);
      else if (code->is_null(1))
        r.error = http::Message(msg::CODE_NOT_CLAIMED);
      else if (!code->is_null(2))
        r.error = http::Message(msg::CODE_ALREADY_USED);
      else if (dry_run)
        ++marked;
      else
        marked += c.query("UPDATE coupon_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL",
                          code->str(0), now)
                      .affected;
    }
    if (!dry_run && marked > 0) {
      c.query("UPDATE coupon_batches SET used_count = used_count + $2, updated_at = $3 WHERE id = $1", id,
              marked, now);
      audit::record(c, actor, "coupon-codes.used", "coupon-batches", id, std::nullopt,
                    json::object{{"marked", marked}}, ip);
    }
    auto out = rows_json(rows, marked, "marked");
    out["dryRun"] = dry_run;
    return out;
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

}  // namespace

json::object coupons_summary(db::Connection& c, const resources::StaffGate& gate) {
  auto claims = my_claims(c, gate.viewer().user_id);
  std::int64_t available = 0, mine = 0;
  for (const auto& [_, n] : claims) mine += n;
  for (const auto& r : gate.rows(c, batches_sql(gate, ""), {gate.now()}, batch_audience, 200))
    if (r.i64(6) > r.i64(7) && claims[r.str(0)] < r.i64(5)) ++available;
  return json::object{{"available", available}, {"mine", mine}};
}

void register_coupon_routes(http::Services& app) {
  app.router.get("/api/club/coupons", list_coupons, http::Access::signed_in);
  app.router.post("/api/club/coupons/:id/claim", claim_route, http::Access::signed_in);
  app.router.get("/api/admin/coupon-batches/:id/codes", list_codes, http::Access::admin);
  app.router.post("/api/admin/coupon-batches/:id/codes/import", import_codes, http::Access::admin);
  app.router.post("/api/admin/coupon-batches/:id/codes/generate", generate_codes, http::Access::admin);
  app.router.post("/api/admin/coupon-batches/:id/codes/used", mark_used, http::Access::admin);
}

}  // namespace shopfloor::club
