// The roster CSV import (POST /api/admin/users/import): a dry run reports what each row would do; the real
// run creates and updates the people in one transaction, or imports nothing when any row has an error.
#include <boost/json/serialize.hpp>

#include "auth/passwords.hpp"
#include "http/handler.hpp"
#include "resources/audit.hpp"
#include "resources/csv.hpp"
#include "resources/engine.hpp"
#include "resources/fields.hpp"
#include "search/sources.hpp"
#include "users/admin.hpp"
#include "users/users.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::users {

using http::Status;

namespace {

const std::vector<std::string> kColumns = {"employee_code", "name",     "email", "phone",
                                           "store_code",    "position", "role"};

struct ImportRow {
  std::size_t line = 0;
  std::map<std::string, std::string> cells;  // column → trimmed value
  std::string action = "skip";
  http::FieldErrors errors;  // API field name → message
  std::string user_id;       // for updates
  std::optional<std::string> store_id;
};

struct Report {
  std::vector<ImportRow> rows;
  int create = 0, update = 0, skip = 0, errors = 0;
};

// Parses the file; throws 422 for a file that is not a roster at all.
std::vector<ImportRow> read_roster(std::string_view body) {
  std::vector<resources::csv::Record> records;
  try {
    records = resources::csv::parse(body);
  } catch (const resources::csv::ParseError& e) {
    throw ApiError::validation(
        {{"file", http::Message(msg::ON_LINE, {{"line", e.line}, {"message", e.message}})}},
        msg::ROSTER_UNREADABLE);
  }
  if (records.empty()) throw ApiError::validation({{"file", msg::FILE_EMPTY}}, msg::FILE_EMPTY);
  std::vector<std::string> header;
  http::FieldErrors header_errors;
  for (auto& h : records[0].cells) {
    std::string name = ascii_lower(trimmed(h));
    if (std::find(kColumns.begin(), kColumns.end(), name) == kColumns.end())
      header_errors.emplace("file", http::Message(msg::UNKNOWN_COLUMN, {{"column", name}}));
    else if (std::find(header.begin(), header.end(), name) != header.end())
      header_errors.emplace("file", http::Message(msg::DUPLICATE_COLUMN, {{"column", name}}));
    header.push_back(name);
  }
  for (const char* needed : {"employee_code", "name"})
    if (std::find(header.begin(), header.end(), needed) == header.end())
      header_errors.emplace("file", http::Message(msg::MISSING_COLUMN, {{"column", needed}}));
  if (!header_errors.empty()) throw ApiError::validation(header_errors, msg::NOT_ROSTER_HEADER);
  std::vector<ImportRow> rows;
  for (std::size_t i = 1; i < records.size(); ++i) {
    ImportRow row;
    row.line = records[i].line;
    const auto& cells = records[i].cells;
    if (cells.size() > header.size()) row.errors["file"] = msg::MORE_CELLS;
    for (std::size_t k = 0; k < header.size(); ++k)
      row.cells[header[k]] = k < cells.size() ? trimmed(cells[k]) : "";
    rows.push_back(std::move(row));
  }
  return rows;
}

struct ExistingUser {
  std::string id, code, email, name, phone, store_id, position, role;
};

Report analyze(db::Connection& c, std::vector<ImportRow> rows, const std::string& actor_id) {
  std::map<std::string, std::string> stores;  // lower(code) → id
  for (const auto& r : c.query("SELECT id, code FROM stores").rows) stores[ascii_lower(r.str(1))] = r.str(0);
  std::map<std::string, ExistingUser> by_code;     // lower(code) → user
  std::map<std::string, std::string> email_owner;  // email → lower(code)
  for (const auto& r :
       c.query("SELECT id, employee_code, email, name, phone, store_id, position, role FROM users").rows) {
    ExistingUser u{r.str(0), r.str(1), r.str(2), r.str(3), r.str(4), r.str(5), r.str(6), r.str(7)};
    if (!u.email.empty()) email_owner[u.email] = ascii_lower(u.code);
    by_code[ascii_lower(u.code)] = std::move(u);
  }
  Report report;
  std::map<std::string, std::size_t> seen_code;   // lower(code) → line
  std::map<std::string, std::size_t> seen_email;  // email → line
  for (auto& row : rows) {
    auto& e = row.errors;
    std::string code = row.cells["employee_code"];
    std::string key = ascii_lower(code);
    if (code.empty())
      e["employeeCode"] = msg::REQUIRED;
    else if (utf8_length(code) > 40 || has_control_chars(code) || code.find(' ') != std::string::npos)
      e["employeeCode"] = msg::EMPLOYEE_CODE_FORMAT;
    else if (auto it = seen_code.find(key); it != seen_code.end())
      e["employeeCode"] = http::Message(msg::DUPLICATE_EMPLOYEE_CODE, {{"line", it->second}});
    else
      seen_code[key] = row.line;
    const ExistingUser* existing = nullptr;
    if (auto it = by_code.find(key); !code.empty() && it != by_code.end()) existing = &it->second;
    std::string name = row.cells["name"];
    if (name.empty() && !existing)
      e["name"] = msg::REQUIRED;
    else if (utf8_length(name) > 200 || has_control_chars(name))
      e["name"] = http::Message(msg::MAX_LENGTH, {{"count", 200}});
    std::string email = ascii_lower(row.cells["email"]);
    row.cells["email"] = email;
    if (!email.empty()) {
      if (!resources::looks_like_email(email))
        e["email"] = msg::MUST_BE_EMAIL;
      else if (auto it = email_owner.find(email); it != email_owner.end() && it->second != key)
        e["email"] = msg::EMAIL_USED;
      else if (auto it2 = seen_email.find(email); it2 != seen_email.end())
        e["email"] = http::Message(msg::DUPLICATE_EMAIL, {{"line", it2->second}});
      else
        seen_email[email] = row.line;
    }
    if (utf8_length(row.cells["phone"]) > 40) e["phone"] = http::Message(msg::MAX_LENGTH, {{"count", 40}});
    if (utf8_length(row.cells["position"]) > 100)
      e["position"] = http::Message(msg::MAX_LENGTH, {{"count", 100}});
    std::string store_code = row.cells["store_code"];
    if (!store_code.empty()) {
      auto it = stores.find(ascii_lower(store_code));
      if (it == stores.end())
        e["storeCode"] = msg::NO_STORE_CODE;
      else
        row.store_id = it->second;
    }
    std::string role = ascii_lower(row.cells["role"]);
    row.cells["role"] = role;
    if (!role.empty() && role != "staff" && role != "editor" && role != "admin")
      e["role"] = msg::MUST_BE_ROLE;
    else if (existing && existing->id == actor_id && !role.empty() && role != existing->role)
      e["role"] = msg::CANNOT_CHANGE_OWN_ROLE;
    if (!e.empty()) {
      row.action = existing ? "update" : "create";
      ++report.errors;
    } else if (!existing) {
      row.action = "create";
      ++report.create;
    } else {
      row.user_id = existing->id;
      auto differs = [&](const std::string& incoming, const std::string& current) {
        return !incoming.empty() && incoming != current;
      };
      bool changed = differs(name, existing->name) || differs(email, existing->email) ||
                     differs(row.cells["phone"], existing->phone) ||
                     (row.store_id && *row.store_id != existing->store_id) ||
                     differs(row.cells["position"], existing->position) || differs(role, existing->role);
      row.action = changed ? "update" : "skip";
      ++(changed ? report.update : report.skip);
    }
  }
  report.rows = std::move(rows);
  return report;
}

json::object report_json(const Report& r, bool dry_run) {
  json::array rows;
  for (const auto& row : r.rows) {
    json::object errors, codes;
    for (const auto& [k, v] : row.errors) {
      errors[k] = v.text();
      codes[k] = v.json();
    }
    rows.push_back(
        json::object{{"line", row.line},
                     {"employeeCode", row.cells.count("employee_code") ? row.cells.at("employee_code") : ""},
                     {"action", row.action},
                     {"errors", std::move(errors)},
                     {"errorCodes", std::move(codes)}});
  }
  return json::object{
      {"dryRun", dry_run},
      {"rows", std::move(rows)},
      {"summary",
       json::object{{"create", r.create}, {"update", r.update}, {"skip", r.skip}, {"errors", r.errors}}}};
}

std::optional<std::string> non_empty(const std::string& s) {
  return s.empty() ? std::nullopt : std::optional(s);
}

// `import_id` marks the roster rows whose accounts this import made, so activation codes can be issued
// for "all new rows of this import" (POST /api/admin/account-codes {importId}).
void apply(http::Services& app, db::Connection& c, const Report& report, const std::string& actor,
           const std::string& ip, const std::string& import_id) {
  const auto* users = resources::registry().find("users");
  auto now = now_ms();
  for (const auto& row : report.rows) {
    const auto& cells = row.cells;
    if (row.action == "create") {
      std::string id = uuid_v7();
      std::string role = cells.at("role").empty() ? "staff" : cells.at("role");
      c.query(
          "INSERT INTO users (id, employee_code, email, name, phone, role, status, store_id, position, "
          "joined_at, "
          "created_at, updated_at, version) VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $9, $9, 1)",
          id, cells.at("employee_code"), non_empty(cells.at("email")), cells.at("name"),
          non_empty(cells.at("phone")), role, row.store_id, non_empty(cells.at("position")), now);
      search::refresh(c, "users", id);
      audit::record(c, actor, "import.create", "users", id, std::nullopt, resources::load_item(c, *users, id),
                    ip);
    } else if (row.action == "update") {
      auto before = resources::load_item(c, *users, row.user_id);
      c.query(
          "UPDATE users SET name = COALESCE($1, name), email = COALESCE($2, email), phone = COALESCE($3, "
          "phone), "
          "store_id = COALESCE($4, store_id), position = COALESCE($5, position), role = COALESCE($6, role), "
          "updated_at = $7, version = version + 1 WHERE id = $8",
          non_empty(cells.at("name")), non_empty(cells.at("email")), non_empty(cells.at("phone")),
          row.store_id, non_empty(cells.at("position")), non_empty(cells.at("role")), now, row.user_id);
      search::refresh(c, "users", row.user_id);
      audit::record(c, actor, "import.update", "users", row.user_id, before,
                    resources::load_item(c, *users, row.user_id), ip);
      std::map<std::string, db::Value> written;
      if (!cells.at("role").empty()) written["role"] = cells.at("role");
      if (before) ended_or_changed(app, c, row.user_id, *before, written);
    }
    c.query(
        "INSERT INTO roster (employee_code, name, email, phone, store_code, position, role, imported_by, "
        "imported_at, new_in_import) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (employee_code) DO UPDATE SET name = "
        "excluded.name, "
        "email = excluded.email, phone = excluded.phone, store_code = excluded.store_code, "
        "position = excluded.position, role = excluded.role, imported_by = excluded.imported_by, "
        "imported_at = excluded.imported_at, new_in_import = COALESCE(excluded.new_in_import, "
        "roster.new_in_import)",
        cells.at("employee_code"), non_empty(cells.at("name")), non_empty(cells.at("email")),
        non_empty(cells.at("phone")), non_empty(cells.at("store_code")), non_empty(cells.at("position")),
        non_empty(cells.at("role")), actor, now,
        row.action == "create" ? std::optional(import_id) : std::nullopt);
  }
}

boost::asio::awaitable<http::Response> import_roster(Context& ctx) {
  std::string type = ascii_lower(ctx.header(http::beast_http::field::content_type));
  type = type.substr(0, type.find(';'));
  type = trimmed(type);
  if (type != "text/csv" && type != "text/plain" && type != "application/csv" &&
      type != "application/vnd.ms-excel")
    throw ApiError(Status::unsupported_media_type, err::UNSUPPORTED_MEDIA_TYPE, msg::SEND_CSV);
  std::string dry = ctx.query("dryRun").value_or("0");
  bool dry_run = dry == "1" || dry == "true";
  auto rows = read_roster(ctx.req.body());
  for (auto& row : rows)
    for (const auto& col : kColumns) row.cells.try_emplace(col, "");
  std::string actor = ctx.user->id, ip = ctx.client_ip;
  if (dry_run) {
    auto report = co_await ctx.app.db->read([&](db::Connection& c) { return analyze(c, rows, actor); });
    co_return http::json_response(ctx, report_json(report, true));
  }
  std::string import_id = uuid_v7();
  auto report = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto report = analyze(c, rows, actor);
    if (report.errors == 0) apply(ctx.app, c, report, actor, ip, import_id);
    return report;
  });
  if (report.errors > 0) {
    json::object extra = report_json(report, false);
    co_return http::error_response(
        ctx,
        ApiError::validation({{"file", http::Message(msg::ROWS_HAVE_ERRORS, {{"count", report.errors}})}},
                             msg::ROWS_HAVE_ERRORS_NOTHING_IMPORTED),
        std::move(extra));
  }
  auto answer = report_json(report, false);
  answer["importId"] = import_id;  // names this import's new people (activation codes for them)
  co_return http::json_response(ctx, answer);
}

}  // namespace

void register_roster_import(http::Services& app) {
  http::Route import{http::beast_http::verb::post, "/api/admin/users/import", import_roster,
                     http::Access::admin};
  import.max_body_bytes = 5 * 1024 * 1024;
  app.router.add(import);
}

}  // namespace shopfloor::users
