// Signing a person in once a one-time code or link proved who they are: every session they had ends (a
// code in the wrong hands must not leave the right person's sessions, nor theirs the wrong one's), and this
// browser gets a new one. The session is made in the caller's transaction; the cookie is set after it.
#pragma once

#include <string>

#include "auth/sessions.hpp"
#include "db/database.hpp"
#include "http/context.hpp"

namespace shopfloor::accounts {

auth::NewSession fresh_session(db::Connection& c, http::Context& ctx, const std::string& user_id);
// Sets the session cookie and a new CSRF token (as every sign-in does).
void send_session(http::Context& ctx, const auth::NewSession& session);

}  // namespace shopfloor::accounts
