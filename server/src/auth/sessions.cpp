#include "auth/sessions.hpp"

#include "auth/cookies.hpp"
#include "auth/session_registry.hpp"
#include "http/services.hpp"
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

bool session_live(db::Connection& c, const std::string& token_hash, std::int64_t now) {
  return !c.query(
               "SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id "
               "WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'",
               token_hash, now)
              .empty();
}

void set_session_cookie(http::Context& ctx, const std::string& token, std::int64_t expires_ms) {
  set_cookie(ctx, session_cookie_name(ctx), token, expires_ms);
}

namespace {

// The session row and its user from the database, or nullopt when the token names no live session.
std::optional<SessionCache::Entry> load_session(db::Connection& c, const std::string& token_hash,
                                                std::int64_t now) {
  auto row =
      c.query(
           "SELECT u.id, u.employee_code, u.name, u.nickname, u.email, u.image, u.role, u.locale, "
           "s.expires_at, s.updated_at, u.store_id, st.region_id, u.position, u.groups_json "
           "FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN stores st ON st.id = u.store_id "
           "WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'",
           token_hash, now)
          .first();
  if (!row) return std::nullopt;
  SessionCache::Entry e;
  e.user.id = row->str(0);
  e.user.employee_code = row->str(1);
  e.user.name = row->str(2);
  e.user.nickname = row->opt_str(3);
  e.user.email = row->opt_str(4);
  e.user.image = row->opt_str(5);
  e.user.role = parse_role(row->str(6)).value_or(Role::staff);
  e.user.locale = row->str(7);
  e.user.session_expires_at = row->i64(8);
  e.user.session_token_hash = token_hash;
  e.updated_at = row->i64(9);
  e.user.audience = SessionUser::AudienceColumns{row->opt_str(10).value_or(""), row->opt_str(11).value_or(""),
                                                 row->opt_str(12).value_or(""), row->opt_str(13)};
  e.verified_at = now;
  return e;
}

}  // namespace

boost::asio::awaitable<std::optional<SessionUser>> current_user(http::Context& ctx) {
  if (ctx.user_loaded) co_return ctx.user;
  ctx.user_loaded = true;
  auto token = ctx.cookie(session_cookie_name(ctx));
  if (!token || token->empty() || token->size() > 200) co_return std::nullopt;

  const auto& cfg = ctx.app.config;
  auto& cache = ctx.app.get<auth::SessionRegistry>().cache();
  std::string token_hash = sha256_hex(*token);
  std::int64_t now = now_ms();
  // Read before any database work: a revocation committed meanwhile bumps it and keeps our answer out.
  std::uint64_t epoch = cache.epoch();
  std::optional<SessionCache::Entry> loaded;
  if (auto hit = cache.find(token_hash, now)) {
    if (now - hit->updated_at < cfg.session_update_age * 1000) {
      ctx.user = hit->user;  // the hot path: no database
      co_return ctx.user;
    }
    loaded = *hit;  // due for the sliding update below
  } else {
    loaded = co_await ctx.app.db->read([&](db::Connection& c) { return load_session(c, token_hash, now); });
    if (!loaded) {
      set_session_cookie(ctx, "", -1);
      co_return std::nullopt;
    }
  }
  if (now - loaded->updated_at >= cfg.session_update_age * 1000) {
    std::int64_t expires = now + cfg.session_max_age * 1000;
    bool slid = co_await ctx.app.db->transact([&](db::Connection& c) {
      return c.query("UPDATE sessions SET expires_at = $1, updated_at = $2 WHERE token_hash = $3", expires,
                     now, token_hash)
                 .affected > 0;
    });
    if (!slid) {  // ended since we cached it
      cache.drop_token(token_hash);
      set_session_cookie(ctx, "", -1);
      co_return std::nullopt;
    }
    loaded->user.session_expires_at = expires;
    loaded->updated_at = now;
    set_session_cookie(ctx, *token, expires);
  }
  ctx.user = loaded->user;
  cache.put(token_hash, std::move(*loaded), epoch);
  co_return ctx.user;
}

}  // namespace shopfloor::auth
