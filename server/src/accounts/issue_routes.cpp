// Back office: issuing, listing and revoking one-time codes (docs/API.md "Account codes").
//   POST /api/admin/account-codes?format=json|pdf|csv   issue for people, a store or a roster import; the
//        answer carries the plain codes, once: as JSON, as the printable cards or as CSV
//   GET  /api/admin/account-codes                       the codes (never the plain code), filtered
//   POST /api/admin/account-codes/revoke                revoke by id or by person
#include <boost/json/serialize.hpp>

#include "accounts/accounts.hpp"
#include "accounts/cards.hpp"
#include "accounts/codes.hpp"
#include "db/params.hpp"
#include "http/body_fields.hpp"
#include "http/download.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/csv.hpp"
#include "util/ids.hpp"
#include "util/percent_encode.hpp"
#include "util/text.hpp"

namespace shopfloor::accounts {

namespace {

// One issue answers every code at once (a whole store's cards, an import's new people).
constexpr std::size_t kMaxPerIssue = 5000;

enum class Format { json, pdf, csv };

Format format_of(const Context& ctx) {
  auto f = ctx.query("format").value_or("json");
  if (f == "json") return Format::json;
  if (f == "pdf") return Format::pdf;
  if (f == "csv") return Format::csv;
  throw ApiError::validation({{"format", msg::ACCOUNT_CODE_FORMAT}}, msg::ACCOUNT_CODE_FORMAT);
}

std::vector<std::string> id_list(const json::object& body, const char* key, http::FieldErrors& e) {
  std::vector<std::string> ids;
  auto* v = body.if_contains(key);
  if (!v || v->is_null()) return ids;
  if (!v->is_array()) {
    e[key] = msg::LIST_OF_TEXTS;
    return ids;
  }
  if (v->as_array().size() > kMaxPerIssue) {
    e[key] = http::Message(msg::TOO_MANY_AT_ONCE, {{"count", kMaxPerIssue}});
    return ids;
  }
  for (const auto& item : v->as_array()) {
    if (!item.is_string() || !plausible_id(item.as_string())) {
      e[key] = msg::MUST_BE_ID;
      return {};
    }
    std::string id(item.as_string());
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  return ids;
}

// Who gets a code: exactly one of userIds, storeId, importId.
struct Target {
  Purpose purpose = Purpose::activation;
  std::vector<std::string> user_ids;
  std::string store_id, import_id;
  int days = 14;
};

Target read_target(const json::object& body, int default_days) {
  http::FieldErrors e;
  Target t;
  auto purpose = parse_purpose(http::optional_text(body, "purpose", e));
  if (!purpose || *purpose == Purpose::reset_link)
    e["purpose"] = msg::ACCOUNT_CODE_PURPOSE;
  else
    t.purpose = *purpose;
  t.user_ids = id_list(body, "userIds", e);
  t.store_id = http::optional_text(body, "storeId", e);
  t.import_id = http::optional_text(body, "importId", e);
  int targets = (body.contains("userIds") && !body.at("userIds").is_null()) + !t.store_id.empty() +
                !t.import_id.empty();
  if (targets != 1 && !e.count("userIds")) e["target"] = msg::ACCOUNT_CODE_TARGET;
  if (body.contains("userIds") && t.user_ids.empty() && !e.count("userIds")) e["userIds"] = msg::REQUIRED;
  t.days = default_days;
  if (auto* d = body.if_contains("days"); d && !d->is_null()) {
    if (!d->is_int64() || d->as_int64() < 1 || d->as_int64() > 365)
      e["days"] = http::Message(msg::BETWEEN, {{"min", 1}, {"max", 365}});
    else
      t.days = static_cast<int>(d->as_int64());
  }
  if (!e.empty()) throw ApiError::validation(e);
  return t;
}

struct Person {
  std::string user_id, employee_code, name, store_code, store_name;
};

std::vector<Person> eligible(db::Connection& c, const Target& t) {
  // Activation codes are for roster accounts nobody has completed yet; reset codes for accounts in use.
  std::string sql =
      "SELECT u.id, u.employee_code, u.name, s.code, s.name FROM users u LEFT JOIN stores s ON s.id = "
      "u.store_id "
      "WHERE u.status = 'active' AND u.password_hash IS ";
  sql += t.purpose == Purpose::activation ? "NULL" : "NOT NULL";
  std::vector<db::Value> params;
  if (!t.user_ids.empty()) {
    sql += " AND u.id IN (";
    for (std::size_t i = 0; i < t.user_ids.size(); ++i) {
      sql += (i ? ", $" : "$") + std::to_string(i + 1);
      params.emplace_back(t.user_ids[i]);
    }
    sql += ")";
  } else if (!t.store_id.empty()) {
    sql += " AND u.store_id = $1";
    params.emplace_back(t.store_id);
  } else {
    sql +=
        " AND lower(u.employee_code) IN (SELECT lower(employee_code) FROM roster WHERE new_in_import = $1)";
    params.emplace_back(t.import_id);
  }
  sql += " ORDER BY s.code IS NULL, s.code, u.name, u.employee_code";
  std::vector<Person> out;
  for (const auto& r : c.exec(sql, params).rows)
    out.push_back({r.str(0), r.str(1), r.str(2), r.str(3), r.str(4)});
  return out;
}

struct IssuedCard {
  Person person;
  Issued issued;
  std::string link;
};

json::object item_json(const IssuedCard& c) {
  json::value store = nullptr;
  if (!c.person.store_code.empty())
    store = json::object{{"code", c.person.store_code}, {"name", c.person.store_name}};
  return json::object{{"id", c.issued.id},
                      {"userId", c.person.user_id},
                      {"employeeCode", c.person.employee_code},
                      {"name", c.person.name},
                      {"store", store},
                      {"code", c.issued.code},
                      {"expiresAt", iso8601(c.issued.expires_at)},
                      {"link", c.link}};
}

std::string csv_of(const std::vector<IssuedCard>& cards) {
  namespace csv = resources::csv;
  std::string out(csv::bom);
  out += csv::line({"name", "employee_code", "store_code", "store_name", "code", "expires_at", "link"});
  for (const auto& c : cards)
    out += csv::line({c.person.name, c.person.employee_code, c.person.store_code, c.person.store_name,
                      c.issued.code, iso8601(c.issued.expires_at), c.link});
  return out;
}

http::Response file_response(const Context& ctx, std::string body, const char* type,
                             const std::string& filename, std::size_t issued) {
  auto res = http::attachment(ctx, std::move(body), type, filename);
  res.set("X-Codes-Issued", std::to_string(issued));
  return res;
}

Awaitable issue_codes(Context& ctx) {
  Format format = format_of(ctx);
  Target target = read_target(ctx.json_object(), ctx.app.config.account_code_days);
  std::string actor = ctx.user->id, ip = ctx.client_ip, origin = ctx.origin();
  const std::string& secret = ctx.app.config.auth_secret;
  std::string batch = uuid_v7();
  auto expires_at = now_ms() + static_cast<std::int64_t>(target.days) * 24 * 3600 * 1000;
  auto cards = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto people = eligible(c, target);
    if (people.empty()) throw ApiError::validation({{"target", msg::NO_ONE_TO_ISSUE}}, msg::NO_ONE_TO_ISSUE);
    if (people.size() > kMaxPerIssue)
      throw ApiError::validation(
          {{"target", http::Message(msg::TOO_MANY_AT_ONCE, {{"count", kMaxPerIssue}})}});
    std::vector<IssuedCard> out;
    out.reserve(people.size());
    for (auto& p : people) {
      auto issued = issue(c, secret, target.purpose, p.user_id, actor, batch, expires_at, ip);
      std::string link = origin + (target.purpose == Purpose::activation ? "/register" : "/reset") +
                         "?code=" + issued.code + "&employee=" + percent_encode(p.employee_code);
      out.push_back({std::move(p), std::move(issued), std::move(link)});
    }
    return out;
  });
  std::string kind = target.purpose == Purpose::activation ? "activation" : "reset";
  std::string day = iso8601(now_ms()).substr(0, 10);
  if (format == Format::pdf) {
    std::vector<Card> printable;
    for (const auto& c : cards)
      printable.push_back({c.person.name, c.person.employee_code, c.person.store_code, c.person.store_name,
                           c.issued.code, c.link, c.issued.expires_at});
    auto card_kind = target.purpose == Purpose::activation ? CardKind::activation : CardKind::reset;
    std::string product = ctx.app.config.product_name;
    auto pdf = co_await ctx.app.db->offload([&] { return cards_pdf(printable, card_kind, product); });
    co_return file_response(ctx, std::move(pdf), "application/pdf", kind + "-cards-" + day + ".pdf",
                            cards.size());
  }
  if (format == Format::csv)
    co_return file_response(ctx, csv_of(cards), "text/csv; charset=utf-8", kind + "-codes-" + day + ".csv",
                            cards.size());
  json::array items;
  for (const auto& c : cards) items.push_back(item_json(c));
  std::size_t skipped = target.user_ids.empty() ? 0 : target.user_ids.size() - cards.size();
  auto res = http::json_response(ctx, json::object{{"batchId", batch},
                                                   {"purpose", kind},
                                                   {"issued", cards.size()},
                                                   {"skipped", skipped},
                                                   {"expiresAt", iso8601(expires_at)},
                                                   {"items", std::move(items)}});
  res.set(http::beast_http::field::cache_control, "no-store");
  co_return res;
}

// ---------------------------------------------------------------------------------------------------------
// The list and revocation

Awaitable list_codes(Context& ctx) {
  http::FieldErrors e;
  std::string state = ctx.query("state").value_or("");
  if (!state.empty() && state != "live" && state != "used" && state != "revoked" && state != "expired")
    e["state"] = msg::INVALID_FILTER;
  std::string purpose = ctx.query("purpose").value_or("");
  if (!purpose.empty() && !parse_purpose(purpose)) e["purpose"] = msg::INVALID_FILTER;
  std::string user_id = ctx.query("userId").value_or(""), store_id = ctx.query("storeId").value_or("");
  if (!e.empty()) throw ApiError::validation(e, msg::INVALID_QUERY);
  auto limit = ctx.query_int("limit", 50, 1, 500);
  auto offset = ctx.query_int("offset", 0, 0, 1'000'000);
  auto now = now_ms();
  std::string where = " WHERE 1 = 1";
  std::vector<db::Value> params;
  auto bind = [&](db::Value v) { return db::bind(params, std::move(v)); };
  const char* unused = " AND a.used_at IS NULL AND a.revoked_at IS NULL";
  if (state == "live") where += unused + (" AND a.expires_at > " + bind(now));
  if (state == "expired") where += unused + (" AND a.expires_at <= " + bind(now));
  if (state == "used") where += " AND a.used_at IS NOT NULL";
  if (state == "revoked") where += " AND a.revoked_at IS NOT NULL";
  if (!purpose.empty()) where += " AND a.purpose = " + bind(purpose);
  if (!user_id.empty()) where += " AND a.user_id = " + bind(user_id);
  if (!store_id.empty()) where += " AND u.store_id = " + bind(store_id);
  std::string from =
      " FROM account_codes a JOIN users u ON u.id = a.user_id LEFT JOIN stores s ON s.id = u.store_id "
      "LEFT JOIN users ib ON ib.id = a.issued_by";
  auto [rows, total] = co_await ctx.app.db->read([&](db::Connection& c) {
    auto count = c.exec("SELECT COUNT(*)" + from + where, params).first()->i64(0);
    auto page = params;
    page.emplace_back(std::int64_t{limit});
    page.emplace_back(std::int64_t{offset});
    auto rows =
        c.exec(
             "SELECT a.id, a.purpose, a.user_id, u.employee_code, u.name, s.code, s.name, a.created_at, "
             "a.expires_at, a.used_at, a.revoked_at, a.issued_by, ib.name, a.batch_id" +
                 from + where + " ORDER BY a.created_at DESC, a.id DESC LIMIT $" +
                 std::to_string(page.size() - 1) + " OFFSET $" + std::to_string(page.size()),
             page)
            .rows;
    return std::pair{std::move(rows), count};
  });
  json::array items;
  for (const auto& r : rows) {
    std::string st = !r.is_null(9)     ? "used"
                     : !r.is_null(10)  ? "revoked"
                     : r.i64(8) <= now ? "expired"
                                       : "live";
    json::value store = nullptr;
    if (!r.is_null(5)) store = json::object{{"code", r.str(5)}, {"name", r.str(6)}};
    json::value by = nullptr;
    if (!r.is_null(11)) by = json::object{{"id", r.str(11)}, {"name", r.str(12)}};
    items.push_back(json::object{
        {"id", r.str(0)},
        {"purpose", r.str(1)},
        {"state", st},
        {"user",
         json::object{{"id", r.str(2)}, {"employeeCode", r.str(3)}, {"name", r.str(4)}, {"store", store}}},
        {"createdAt", iso8601(r.i64(7))},
        {"expiresAt", iso8601(r.i64(8))},
        {"usedAt", http::iso_or_null(r.opt_i64(9))},
        {"revokedAt", http::iso_or_null(r.opt_i64(10))},
        {"issuedBy", by},
        {"batchId", r.str(13)}});
  }
  co_return http::json_response(ctx, json::object{{"items", std::move(items)}, {"total", total}});
}

Awaitable revoke_codes(Context& ctx) {
  auto body = ctx.json_object();
  http::FieldErrors e;
  auto ids = id_list(body, "ids", e);
  auto user_ids = id_list(body, "userIds", e);
  std::optional<Purpose> purpose;
  if (auto name = http::optional_text(body, "purpose", e); !name.empty()) {
    purpose = parse_purpose(name);
    if (!purpose) e["purpose"] = msg::ACCOUNT_CODE_PURPOSE;
  }
  if (ids.empty() == user_ids.empty() && e.empty()) e["target"] = msg::ACCOUNT_CODE_TARGET;
  if (!e.empty()) throw ApiError::validation(e);
  std::string actor = ctx.user->id, ip = ctx.client_ip;
  int revoked = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto now = now_ms();
    int n = 0;
    for (const auto& id : ids) n += revoke(c, id, actor, ip, now) ? 1 : 0;
    for (const auto& user : user_ids)
      for (auto p : {Purpose::activation, Purpose::reset, Purpose::reset_link})
        if (!purpose || *purpose == p) n += revoke_live(c, user, p, actor, ip, now);
    return n;
  });
  co_return http::json_response(ctx, json::object{{"revoked", revoked}});
}

}  // namespace

void register_issue_routes(http::Services& app) {
  app.router.post("/api/admin/account-codes", issue_codes, http::Access::admin);
  app.router.get("/api/admin/account-codes", list_codes, http::Access::admin);
  app.router.post("/api/admin/account-codes/revoke", revoke_codes, http::Access::admin);
}

}  // namespace shopfloor::accounts
