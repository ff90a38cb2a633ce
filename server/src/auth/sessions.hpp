// Database sessions: created at sign-in, looked up from the cookie on each request (through the
// in-process cache of session_cache.hpp), slid forward at most once per SESSION_UPDATE_AGE. They end
// early only through SessionRegistry (session_registry.hpp): sign-out, disable, role change, password reset.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "http/context.hpp"
#include "http/session_user.hpp"

namespace shopfloor::auth {

struct NewSession {
  std::string token;  // goes into the cookie; only its hash is stored
  std::int64_t expires_at = 0;
};

NewSession create_session(db::Connection& c, const std::string& user_id, std::int64_t max_age_s,
                          const std::string& ip, const std::string& user_agent);
// Whether the session row still exists, is unexpired and its user active (no cache).
bool session_live(db::Connection& c, const std::string& token_hash, std::int64_t now);

// The signed-in user of this request (cached on ctx). Slides the expiry and re-sends the cookie when
// due; clears the cookie when it names no live session.
boost::asio::awaitable<std::optional<SessionUser>> current_user(http::Context& ctx);

// Sets the session cookie (expires_ms > 0) or deletes it (expires_ms < 0).
void set_session_cookie(http::Context& ctx, const std::string& token, std::int64_t expires_ms);

}  // namespace shopfloor::auth
