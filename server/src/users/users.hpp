// People and where they work: users, stores, regions. Rules for creating and finding accounts.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "http/area.hpp"

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

// Creates a user; throws std::invalid_argument with a readable message for bad input (unknown store,
// bad role) and db::Error(unique_violation) when the code or email is taken. Returns the new id.
std::string create_user(db::Connection& c, const NewUser& u);

// The signed-in user's own view (GET /api/me).
std::optional<boost::json::object> me_json(db::Connection& c, const std::string& user_id);

std::string ensure_region(db::Connection& c, const std::string& code, const std::string& name);
std::string ensure_store(db::Connection& c, const std::string& code, const std::string& name,
                         const std::string& region_id);

// Demo data for `shopfloor seed --demo`: idempotent (existing codes are left alone).
struct DemoLogin {
  std::string identifier, role, name;
};
std::vector<DemoLogin> seed_demo(db::Connection& c);
inline constexpr const char* demo_password = "Demo#2026";

void register_routes(http::Services& app);
// Back office: the users, stores and regions resources, user actions and the roster import.
void register_admin_routes(http::Services& app);
// Single sign-on's setting (sso-settings) and who a provider may create as pending (sso.cpp).
void register_sso(http::Services& app);
// GET /api/admin/people: the people picker editors may use (people_routes.cpp).
void register_people_routes(http::Services& app);

// True when an admin imported this employee code with the roster (a registration with it is active at once).
bool on_roster(db::Connection& c, const std::string& employee_code);

}  // namespace shopfloor::users
