// Users, stores, regions and positions in the back office: their resource declarations and the user actions
// (approve, disable, enable, reset password). The roster CSV import is roster_import.cpp.
#include "users/admin.hpp"

#include <boost/json/serialize.hpp>

#include "auth/passwords.hpp"
#include "auth/session_registry.hpp"
#include "auth/sessions.hpp"
#include "http/handler.hpp"
#include "resources/audit.hpp"
#include "resources/builders.hpp"
#include "resources/engine.hpp"
#include "resources/fields.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"
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
  // Cached sessions carry their store's region (a person's audience): every node drops them.
  r.after_write = [](resources::WriteContext& w) {
    w.http.app.get<auth::SessionRegistry>().audience_changed(w.c);
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

}  // namespace

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

namespace {

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

}  // namespace

void register_admin_routes(http::Services& app) {
  resources::registry().add(regions_resource());
  resources::registry().add(stores_resource());
  resources::registry().add(positions_resource());
  resources::registry().add(users_resource());
  register_roster_import(app);
}

}  // namespace shopfloor::users
