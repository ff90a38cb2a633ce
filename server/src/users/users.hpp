// People and where they work: users, stores, regions. Rules for creating and finding accounts.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "http/area.hpp"
#include "http/message.hpp"
#include "util/demo.hpp"

namespace shopfloor::users {

struct NewUser {
  std::string employee_code;
  std::string name;
  std::string password;
  std::optional<std::string> email;
  std::string role = "staff";
  std::string status = "active";
  std::optional<std::string> store_code;
  std::optional<std::string> position;
};

// Creates a user with `password_hash` = auth::hash_password(u.password), computed before the caller's
// transaction (Argon2 must not hold the database's writer); throws std::invalid_argument with a readable
// message for bad input (unknown store, bad role) and db::Error(unique_violation) when the code or email is
// taken. Returns the new id.
std::string create_user(db::Connection& c, const NewUser& u, const std::string& password_hash);

// Profile photos (profile.cpp): the web crops to a square of 512 px; smaller than this is refused.
inline constexpr std::int64_t min_photo_px = 128;
// Sets a person's photo (nullopt: none): photo_media_id and users.image, its /media/ URL, together.
void set_photo(db::Connection& c, const std::string& user_id, const std::optional<std::string>& media_id);
// After photo_media_id was written (the admin users area): users.image follows it, the version untouched.
void photo_changed(db::Connection& c, const std::string& user_id);
// nullopt when `media_id` may be the person's own photo: an image they uploaded (POST /api/media/photos, so
// checked by content), square, at least min_photo_px wide; else why not.
std::optional<http::Message> check_own_photo(db::Connection& c, const std::string& user_id,
                                             const std::string& media_id);

// The signed-in user's own view (GET /api/me).
std::optional<boost::json::object> me_json(db::Connection& c, const std::string& user_id);

// A position's names (the positions table, by users.position's code) as the API sends them:
// {th, en}, or null when the position has none. `th_index` is the column of name_th, name_en follows it.
boost::json::value position_name(const db::Row& r, std::size_t th_index);
// The SQL join that gives position_name its two columns, as "ps.name_th, ps.name_en" on "u".
inline constexpr const char* position_join = " LEFT JOIN positions ps ON ps.code = u.position ";
// A person's `columns` by id, read from users "u" with their store "s", its region "g" and their position's
// names "ps" joined; `also` narrows the WHERE further (" AND u.status = 'active'").
std::optional<db::Row> person_row(db::Connection& c, const std::string& columns, const std::string& id,
                                  const char* also = "");
// Adds a position's names unless its code has them already (the demo's positions).
void ensure_position(db::Connection& c, const std::string& code, const std::string& name_th,
                     const std::string& name_en);

std::string ensure_region(db::Connection& c, const std::string& code, const std::string& name);
std::string ensure_store(db::Connection& c, const std::string& code, const std::string& name,
                         const std::string& region_id);

// Demo data for `shopfloor seed --demo`: idempotent (existing codes are left alone). The demo people share
// the published demo password; its hash is computed once, before the seed's transaction.
struct DemoLogin {
  std::string identifier, role, name;
};
std::vector<DemoLogin> seed_demo(db::Connection& c, const std::string& demo_password_hash);
inline constexpr const char* demo_password = "Demo#2026";
// The demo company (demo_company.cpp): three regions, twelve stores and about 150 staff with the demo
// password around the demo logins. False when it exists already (the history that comes with it is written).
bool seed_company(db::Connection& c, const std::string& demo_password_hash);
// Every signed-up active staff member with a store and an S-code (the demo logins and the company), by code,
// with their habits for the history.
std::vector<demo::Person> demo_people(db::Connection& c);

void register_routes(http::Services& app);
// Back office: the users, stores and regions resources, user actions and the roster import.
void register_admin_routes(http::Services& app);
// Single sign-on's setting (sso-settings) and who a provider may create as pending (sso.cpp).
void register_sso(http::Services& app);
// GET /api/admin/people: the people picker editors may use (people_routes.cpp).
void register_people_routes(http::Services& app);
// GET /api/users/:id/profile: what a colleague sees (profile.cpp).
void register_profile_routes(http::Services& app);

}  // namespace shopfloor::users
