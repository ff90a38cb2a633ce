#pragma once
// The back office's user administration, shared by its two files: admin.cpp (declarations and actions) and
// roster_import.cpp (the roster CSV import).
#include <boost/json/object.hpp>
#include <map>
#include <string>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor::users {

// After an admin edit of a user (form or roster import): leaving `active` or a new role ends their sessions
// and closes their sockets; any other edit only drops cached copies of them.
void ended_or_changed(http::Services& app, db::Connection& c, const std::string& id,
                      const boost::json::object& before, const std::map<std::string, db::Value>& values);

// POST /api/admin/users/import.
void register_roster_import(http::Services& app);

}  // namespace shopfloor::users
