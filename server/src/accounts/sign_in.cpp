#include "accounts/sign_in.hpp"

#include "auth/csrf.hpp"
#include "auth/session_registry.hpp"
#include "http/services.hpp"
#include "util/ids.hpp"

namespace shopfloor::accounts {

auth::NewSession fresh_session(db::Connection& c, http::Context& ctx, const std::string& user_id) {
  ctx.app.get<auth::SessionRegistry>().end_user_sessions(c, user_id);
  c.query("UPDATE users SET last_login_at = $1 WHERE id = $2", now_ms(), user_id);
  std::string user_agent = ctx.header(boost::beast::http::field::user_agent).substr(0, 300);
  return auth::create_session(c, user_id, ctx.app.config.session_max_age, ctx.client_ip, user_agent);
}

void send_session(http::Context& ctx, const auth::NewSession& session) {
  auth::set_session_cookie(ctx, session.token, session.expires_at);
  auth::renew_csrf_token(ctx);
}

}  // namespace shopfloor::accounts
