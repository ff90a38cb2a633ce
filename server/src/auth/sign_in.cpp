#include "auth/sign_in.hpp"

#include "auth/cookies.hpp"
#include "auth/csrf.hpp"
#include "http/services.hpp"
#include "util/ids.hpp"

namespace shopfloor::auth {

namespace {

void record(db::Connection& c, const SignInAttempt& a, bool ok, const char* reason, const std::string& ip,
            const std::string& user_agent) {
  c.query(
      "INSERT INTO sign_ins (id, user_id, identifier, ok, reason, ip, user_agent, at, provider) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      uuid_v7(), a.user_id, a.identifier.substr(0, 200), ok, reason, ip, user_agent.substr(0, 300), now_ms(),
      a.provider);
}

}  // namespace

void record_failed_sign_in(db::Connection& c, const http::Context& ctx, const SignInAttempt& attempt,
                           const char* reason) {
  record(c, attempt, false, reason, ctx.client_ip, ctx.header(boost::beast::http::field::user_agent));
}

NewSession start_session(db::Connection& c, const SignInAttempt& attempt, std::int64_t max_age_s,
                         const std::string& ip, const std::string& user_agent) {
  c.query("UPDATE users SET last_login_at = $1 WHERE id = $2", now_ms(), *attempt.user_id);
  record(c, attempt, true, nullptr, ip, user_agent);
  return create_session(c, *attempt.user_id, max_age_s, ip, user_agent);
}

NewSession start_session(db::Connection& c, const http::Context& ctx, const SignInAttempt& attempt) {
  return start_session(c, attempt, ctx.app.config.session_max_age, ctx.client_ip,
                       ctx.header(boost::beast::http::field::user_agent));
}

void hand_over_session(http::Context& ctx, const NewSession& session, const std::string& callback) {
  set_session_cookie(ctx, session.token, session.expires_at);
  renew_csrf_token(ctx);
  set_cookie(ctx, callback_cookie_name(ctx), callback, 0);
}

}  // namespace shopfloor::auth
