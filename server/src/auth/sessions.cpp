#include "auth/sessions.hpp"

#include "app/app.hpp"
#include "auth/cookies.hpp"
#include "util/ids.hpp"

namespace shopfloor::auth {

NewSession create_session(db::Connection& c, const std::string& user_id, std::int64_t max_age_s,
                          const std::string& ip, const std::string& user_agent) {
  NewSession s;
  s.token = random_token(32);
  std::int64_t now = now_ms();
  s.expires_at = now + max_age_s * 1000;
  c.query(
      "INSERT INTO sessions (token_hash, user_id, expires_at, created_at, updated_at, ip, user_agent) "
      "VALUES ($1, $2, $3, $4, $4, $5, $6)",
      sha256_hex(s.token), user_id, s.expires_at, now, ip, user_agent.substr(0, 300));
  return s;
}

void revoke_session(db::Connection& c, const std::string& token_hash) {
  c.query("DELETE FROM sessions WHERE token_hash = $1", token_hash);
}

void revoke_all_sessions(db::Connection& c, const std::string& user_id) {
  c.query("DELETE FROM sessions WHERE user_id = $1", user_id);
}

void set_session_cookie(http::Context& ctx, const std::string& token, std::int64_t expires_ms) {
  set_cookie(ctx, session_cookie_name(ctx), token, expires_ms);
}

boost::asio::awaitable<std::optional<SessionUser>> current_user(http::Context& ctx) {
  if (ctx.user_loaded) co_return ctx.user;
  ctx.user_loaded = true;
  auto token = ctx.cookie(session_cookie_name(ctx));
  if (!token || token->empty() || token->size() > 200) co_return std::nullopt;

  const auto& cfg = ctx.app.config;
  std::string token_hash = sha256_hex(*token);
  std::int64_t now = now_ms();
  struct Loaded {
    SessionUser user;
    std::int64_t updated_at = 0;
  };
  auto loaded = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<Loaded> {
    auto row = c.query(
                    "SELECT u.id, u.employee_code, u.name, u.nickname, u.email, u.image, u.role, u.locale, "
                    "s.expires_at, s.updated_at "
                    "FROM sessions s JOIN users u ON u.id = s.user_id "
                    "WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'",
                    token_hash, now)
                   .first();
    if (!row) return std::nullopt;
    Loaded l;
    l.user.id = row->str(0);
    l.user.employee_code = row->str(1);
    l.user.name = row->str(2);
    l.user.nickname = row->opt_str(3);
    l.user.email = row->opt_str(4);
    l.user.image = row->opt_str(5);
    l.user.role = parse_role(row->str(6)).value_or(Role::staff);
    l.user.locale = row->str(7);
    l.user.session_expires_at = row->i64(8);
    l.updated_at = row->i64(9);
    l.user.session_token_hash = token_hash;
    return l;
  });
  if (!loaded) {
    set_session_cookie(ctx, "", -1);
    co_return std::nullopt;
  }
  if (now - loaded->updated_at >= cfg.session_update_age * 1000) {
    std::int64_t expires = now + cfg.session_max_age * 1000;
    co_await ctx.app.db->transact([&](db::Connection& c) {
      c.query("UPDATE sessions SET expires_at = $1, updated_at = $2 WHERE token_hash = $3", expires, now,
              token_hash);
    });
    loaded->user.session_expires_at = expires;
    set_session_cookie(ctx, *token, expires);
  }
  ctx.user = std::move(loaded->user);
  co_return ctx.user;
}

std::string_view role_name(Role r) {
  switch (r) {
    case Role::admin:
      return "admin";
    case Role::editor:
      return "editor";
    default:
      return "staff";
  }
}

std::optional<Role> parse_role(std::string_view s) {
  if (s == "staff") return Role::staff;
  if (s == "editor") return Role::editor;
  if (s == "admin") return Role::admin;
  return std::nullopt;
}

}  // namespace shopfloor::auth
