// The back office of partner coupons: codes loaded into a batch (imported with a dry run, or generated),
// who claimed what, and codes marked used from the partner's list.
#include <sodium.h>

#include <functional>

#include "club/routes.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/audit.hpp"
#include "resources/csv.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::club {

namespace {

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
  co_return http::json_or_not_found(ctx, body);
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

// A pasted list of codes run against the batch line by line (import, mark used): `check` refuses a line by
// itself, a code repeated in the file is refused, then `apply` counts the line (writing unless it is a dry
// run). With a count, `counter_sql` adds it to the batch and the audit records `action`; the answer lists
// every line with its error.
struct CodeList {
  const char* counted;  // the count's name in the answer and the audit
  const char* counter_sql;
  const char* action;
  std::function<std::optional<http::Message>(const std::string& code)> check;
  std::function<std::int64_t(db::Connection& c, const std::string& batch, CodeRow& r, bool dry_run,
                             std::int64_t now)>
      apply;
};

Awaitable run_code_list(Context& ctx, const CodeList& list) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  auto [text, dry_run] = csv_body(ctx);
  auto rows = code_rows(text);
  while (!rows.empty() && rows.back().code.empty()) rows.pop_back();  // trailing blank lines
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    if (!batch_exists(c, id)) return std::nullopt;
    std::map<std::string, std::size_t> seen;
    std::int64_t counted = 0;
    auto now = now_ms();
    for (auto& r : rows) {
      r.error = list.check(r.code);
      if (r.error) continue;
      if (auto it = seen.find(r.code); it != seen.end()) {
        r.error = http::Message(msg::CODE_DUPLICATE_IN_FILE, {{"line", it->second}});
        continue;
      }
      seen[r.code] = r.line;
      counted += list.apply(c, id, r, dry_run, now);
    }
    if (!dry_run && counted > 0) {
      c.query(list.counter_sql, id, counted, now);
      audit::record(c, actor, list.action, "coupon-batches", id, std::nullopt,
                    json::object{{list.counted, counted}}, ip);
    }
    auto out = rows_json(rows, counted, list.counted);
    out["dryRun"] = dry_run;
    return out;
  });
  co_return http::json_or_not_found(ctx, body);
}

Awaitable import_codes(Context& ctx) {
  static const CodeList list{
      "added", "UPDATE coupon_batches SET codes_count = codes_count + $2, updated_at = $3 WHERE id = $1",
      "coupon-codes.import", code_format_error,
      [](db::Connection& c, const std::string& batch, CodeRow& r, bool dry_run,
         std::int64_t now) -> std::int64_t {
        if (!c.query("SELECT 1 FROM coupon_codes WHERE batch_id = $1 AND code = $2", batch, r.code).empty()) {
          r.error = http::Message(msg::CODE_EXISTS);
          return 0;
        }
        if (dry_run) return 1;
        return c
            .query(
                "INSERT INTO coupon_codes (id, batch_id, code, created_at) VALUES ($1, $2, $3, $4) ON "
                "CONFLICT (batch_id, code) DO NOTHING",
                uuid_v7(), batch, r.code, now)
            .affected;
      }};
  co_return co_await run_code_list(ctx, list);
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
  co_return http::json_or_not_found(ctx, body_out);
}

// The partner's list of codes used at the till: each known, claimed, not yet used code is marked used.
Awaitable mark_used(Context& ctx) {
  static const CodeList list{
      "marked", "UPDATE coupon_batches SET used_count = used_count + $2, updated_at = $3 WHERE id = $1",
      "coupon-codes.used",
      [](const std::string& code) -> std::optional<http::Message> {
        if (code.empty()) return http::Message(msg::CODE_EMPTY);
        return std::nullopt;
      },
      [](db::Connection& c, const std::string& batch, CodeRow& r, bool dry_run,
         std::int64_t now) -> std::int64_t {
        auto code =
            c.query("SELECT id, claimed_by, used_at FROM coupon_codes WHERE batch_id = $1 AND code = $2",
                    batch, r.code)
                .first();
        if (!code)
          r.error = http::Message(msg::CODE_UNKNOWN);
        else if (code->is_null(1))
          r.error = http::Message(msg::CODE_NOT_CLAIMED);
        else if (!code->is_null(2))
          r.error = http::Message(msg::CODE_ALREADY_USED);
        else if (dry_run)
          return 1;
        else
          return c
              .query("UPDATE coupon_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL", code->str(0),
                     now)
              .affected;
        return 0;
      }};
  co_return co_await run_code_list(ctx, list);
}
}  // namespace

void register_coupon_admin_routes(http::Services& app) {
  app.router.get("/api/admin/coupon-batches/:id/codes", list_codes, http::Access::admin);
  app.router.post("/api/admin/coupon-batches/:id/codes/import", import_codes, http::Access::admin);
  app.router.post("/api/admin/coupon-batches/:id/codes/generate", generate_codes, http::Access::admin);
  app.router.post("/api/admin/coupon-batches/:id/codes/used", mark_used, http::Access::admin);
}

}  // namespace shopfloor::club
