// Users, stores and regions in the back office: their resource declarations, the user actions (approve,
// disable, enable, reset password) and the roster CSV import.
#include <boost/json/serialize.hpp>

#include "auth/passwords.hpp"
#include "auth/session_registry.hpp"
#include "auth/sessions.hpp"
#include "http/handler.hpp"
#include "resources/audit.hpp"
#include "resources/builders.hpp"
#include "resources/csv.hpp"
#include "resources/engine.hpp"
#include "resources/fields.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"
#include "search/sources.hpp"
#include "users/users.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::users {

using http::Status;

namespace {

// A list of the company's own that admins keep, each entry known by its code (regions, positions, stores).
resources::Resource coded_list(const std::string& name, resources::Label label, std::string title_field) {
  auto r = resources::area(name, name, std::move(label));
  r.title_field = std::move(title_field);
  r.subtitle_field = "code";
  r.write_role = Role::admin;
  r.default_sort = "code";
  return r;
}

resources::Resource regions_resource() {
  using namespace resources;
  auto r = coded_list("regions", {"ภูมิภาค", "Regions"}, "name");
  r.fields = {
      text("code", {"รหัสภูมิภาค", "Region code"}).required().unique().searchable().sortable().max(20),
      text("name", {"ชื่อภูมิภาค", "Region name"}).required().searchable().sortable(),
  };
  return r;
}

// Positions' names per language (issue 28 item 11): the code is what users.position holds.
resources::Resource positions_resource() {
  using namespace resources;
  auto r = coded_list("positions", {"ตำแหน่งงาน", "Positions"}, "nameTh");
  r.fields = {
      text("code", {"รหัสตำแหน่ง (ตามที่บันทึกในผู้ใช้)", "Position code (as on users)"})
          .required()
          .unique()
          .searchable()
          .sortable()
          .max(100),
      text("nameTh", {"ชื่อภาษาไทย", "Thai name"}).required().searchable().sortable().max(100),
      text("nameEn", {"ชื่อภาษาอังกฤษ", "English name"}).required().searchable().max(100),
  };
  return r;
}

resources::Resource stores_resource() {
  using namespace resources;
  auto r = coded_list("stores", {"สาขา", "Stores"}, "name");
  searchable(r, {.title = {"name"}, .summary = {"code"}});
  r.fields = {
      text("code", {"รหัสสาขา", "Store code"}).required().unique().searchable().sortable().max(20),
      text("name", {"ชื่อสาขา", "Store name"}).required().searchable().sortable(),
      reference("region", {"ภูมิภาค", "Region"}, "regions").filterable(),
  };
  return r;
}

void set_status(db::Connection& c, const std::string& id, const std::string& status) {
  c.query("UPDATE users SET status = $1, updated_at = $2, version = version + 1 WHERE id = $3", status,
          now_ms(), id);
}

std::string json_str(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string{};
}

// After an admin edit of a user (form or roster import): leaving `active` or a new role ends their
// sessions and closes their sockets (they sign in again, with the new role); any other edit only drops
// cached copies of them, so a new name, picture or store shows at once.
void ended_or_changed(http::Services& app, db::Connection& c, const std::string& id,
                      const json::object& before, const std::map<std::string, db::Value>& values) {
  auto changed_to = [&](const char* column) -> std::optional<std::string> {
    auto it = values.find(column);
    if (it == values.end() || !std::holds_alternative<std::string>(it->second)) return std::nullopt;
    const auto& now = std::get<std::string>(it->second);
    return now != json_str(before, column) ? std::optional(now) : std::nullopt;
  };
  auto status = changed_to("status");
  if (changed_to("role") || (status && *status != "active"))
    app.get<auth::SessionRegistry>().end_user_sessions(c, id);
  else
    app.get<auth::SessionRegistry>().user_changed(c, id);
}

resources::Resource users_resource() {
  using namespace resources;
  auto r = admin_area("users", "users", {"ผู้ใช้งาน", "Users"});
  r.title_field = "name";
  r.subtitle_field = "employeeCode";
  r.default_sort = "-createdAt";
  // The top bar finds people by name, nickname, employee code or email (admins only: read_role).
  searchable(r, {.title = {"name"}, .summary = {"nickname", "employeeCode", "email"}});
  r.fields = {
      text("employeeCode", {"รหัสพนักงาน", "Employee code"})
          .required()
          .unique()
          .searchable()
          .sortable()
          .max(40),
      text("email", {"อีเมล", "Email"}).unique().searchable().sortable().lowercase().format("email").max(254),
      text("name", {"ชื่อ-นามสกุล", "Name"}).required().searchable().sortable(),
      text("nickname", {"ชื่อเล่น", "Nickname"}).searchable().max(60),
      text("phone", {"เบอร์โทรศัพท์", "Phone"}).searchable().max(40),
      // An image of the media library, uploaded in the form (users.image follows it: after_write).
      image("photo", {"รูปโปรไฟล์", "Photo"}),
      choice("role", {"บทบาท", "Role"},
             {{"staff", {"พนักงาน", "Staff"}},
              {"editor", {"บรรณาธิการ", "Editor"}},
              {"admin", {"ผู้ดูแลระบบ", "Admin"}}})
          .required()
          .filterable()
          .sortable()
          .fallback("staff"),
      choice("status", {"สถานะ", "Status"},
             {{"pending", {"รออนุมัติ", "Pending"}},
              {"active", {"ใช้งาน", "Active"}},
              {"disabled", {"ระงับ", "Disabled"}}})
          .required()
          .filterable()
          .sortable()
          .fallback("active"),
      reference("store", {"สาขา", "Store"}, "stores").filterable(),
      text("position", {"ตำแหน่ง", "Position"}).filterable().sortable().max(100),
      FieldBuilder("groups", FieldType::string_list, {"กลุ่ม", "Groups"}, "groups_json").filterable(),
      choice("locale", {"ภาษา", "Language"}, {{"th", {"ไทย", "Thai"}}, {"en", {"อังกฤษ", "English"}}})
          .required()
          .fallback("th"),
      datetime("joined", {"วันที่เข้าร่วม", "Joined"}).column("joined_at").sortable(),
      datetime("lastLogin", {"เข้าสู่ระบบล่าสุด", "Last sign-in"}).column("last_login_at").read_only().sortable(),
      // Virtual: hashed into password_hash on create (before_create).
      text("password", {"รหัสผ่านเริ่มต้น", "Initial password"})
          .column("")
          .required()
          .write_only()
          .create_only()
          .min(8),
  };

  // The hash before the transaction (Resource::prepare): Argon2 must not hold SQLite's one writer.
  r.prepare = [](const json::object& input, std::map<std::string, db::Value>& values) {
    std::string pw = json_str(input, "password");
    if (!pw.empty()) values["password_hash"] = auth::hash_password(pw);
  };
  r.before_create = [](resources::WriteContext& w) {
    if (!w.values.count("joined_at") || std::holds_alternative<std::monostate>(w.values["joined_at"]))
      w.values["joined_at"] = now_ms();
  };
  r.before_update = [](resources::WriteContext& w) {
    if (w.id != w.actor.id) return;
    auto changes = [&](const char* col, const char* field) {
      auto it = w.values.find(col);
      return it != w.values.end() && std::holds_alternative<std::string>(it->second) &&
             std::get<std::string>(it->second) != json_str(*w.before, field);
    };
    if (changes("role", "role")) w.errors["role"] = msg::CANNOT_CHANGE_OWN_ROLE;
    if (changes("status", "status")) w.errors["status"] = msg::CANNOT_CHANGE_OWN_STATUS;
  };
  r.after_write = [](resources::WriteContext& w) {
    if (w.values.count("photo_media_id")) photo_changed(w.c, w.id);
    if (w.before) ended_or_changed(w.http.app, w.c, w.id, *w.before, w.values);
  };
  r.before_delete = [](resources::WriteContext& w) {
    if (w.id == w.actor.id) throw ApiError::conflict(msg::CANNOT_DELETE_SELF);
    w.http.app.get<auth::SessionRegistry>().end_user_sessions(w.c, w.id);
  };

  r.actions["approve"] = {resources::Role::admin, [](resources::ActionContext& a) {
                            if (json_str(a.before, "status") != "pending")
                              throw ApiError::conflict(msg::ONLY_PENDING_APPROVED);
                            set_status(a.c, a.id, "active");
                            return json::object{};
                          }};
  r.actions["disable"] = {resources::Role::admin, [](resources::ActionContext& a) {
                            if (a.id == a.actor.id) throw ApiError::conflict(msg::CANNOT_DISABLE_SELF);
                            set_status(a.c, a.id, "disabled");
                            a.http.app.get<auth::SessionRegistry>().end_user_sessions(a.c, a.id);
                            return json::object{};
                          }};
  r.actions["enable"] = {resources::Role::admin, [](resources::ActionContext& a) {
                           set_status(a.c, a.id, "active");
                           return json::object{};
                         }};
  r.actions["reset-password"] = {
      resources::Role::admin,
      [](resources::ActionContext& a) {
        a.c.query(
            "UPDATE users SET password_hash = $1, updated_at = $2, version = version + 1 "
            "WHERE id = $3",
            json_str(a.prepared, "hash"), now_ms(), a.id);
        a.http.app.get<auth::SessionRegistry>().end_user_sessions(a.c, a.id);
        json::object out;
        if (auto* shown = a.prepared.if_contains("password")) out["password"] = *shown;
        return out;
      },
      // The password checked and hashed before the transaction: {hash, password (a generated one only)}.
      [](const json::object& body) {
        json::object out;
        std::string pw;
        if (auto* v = body.if_contains("password"); v && !v->is_null()) {
          if (!v->is_string()) throw ApiError::validation({{"password", msg::MUST_BE_TEXT}});
          pw = std::string(v->as_string());
          if (utf8_length(pw) < 8 || utf8_length(pw) > 200)
            throw ApiError::validation({{"password", msg::LENGTH_8_TO_200}});
        } else {
          pw = random_token(9);  // 12 URL-safe characters, shown once
          out["password"] = pw;
        }
        out["hash"] = auth::hash_password(pw);
        return out;
      }};
  return r;
}

// ---------------------------------------------------------------------------------------------------------
// Roster import

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

void register_admin_routes(http::Services& app) {
  resources::registry().add(regions_resource());
  resources::registry().add(stores_resource());
  resources::registry().add(positions_resource());
  resources::registry().add(users_resource());
  http::Route import{http::beast_http::verb::post, "/api/admin/users/import", import_roster,
                     http::Access::admin};
  import.max_body_bytes = 5 * 1024 * 1024;
  app.router.add(import);
}

}  // namespace shopfloor::users
