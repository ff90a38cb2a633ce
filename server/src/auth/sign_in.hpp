// What every way of signing in shares once it knows who it is (credentials, single sign-on): the line in
// the sign-in history (the Logs screen), and for a success the session, the last sign-in time and the
// cookies of the answer.
#pragma once

#include <optional>
#include <string>

#include "auth/sessions.hpp"
#include "db/database.hpp"
#include "http/context.hpp"

namespace shopfloor::auth {

struct SignInAttempt {
  std::optional<std::string> user_id;  // when the attempt named a known account
  std::string identifier;              // what was typed, or the provider's claim
  std::string provider;                // "credentials" or a single sign-on provider id
};

// A failed attempt and why ("wrong_password", "pending", "unknown_account", ...), in the caller's
// transaction.
void record_failed_sign_in(db::Connection& c, const http::Context& ctx, const SignInAttempt& attempt,
                           const char* reason);

// A successful one: the history line, the last sign-in time and a new session, in the caller's transaction.
NewSession start_session(db::Connection& c, const http::Context& ctx, const SignInAttempt& attempt);
// The same without a request (the demo's history signs its people in at past moments, PinnedClock).
NewSession start_session(db::Connection& c, const SignInAttempt& attempt, std::int64_t max_age_s,
                         const std::string& ip, const std::string& user_agent);

// The answer's cookies for a new session: the session, a new CSRF token (one known before is worthless
// now, as in Auth.js) and the callback URL.
void hand_over_session(http::Context& ctx, const NewSession& session, const std::string& callback);

}  // namespace shopfloor::auth
