// Password recovery (SPEC §3, issue 26; docs/API.md "Password recovery"):
//   POST /api/password/reset   a reset code (with the employee code or email it was issued for) or an emailed
//                              link's token, and the new password → the password is set, every session of
//                              the person ends, this browser is signed in
//   POST /api/password/forgot  employee code or email → where SMTP is configured and the account has an
//                              email, a one-time link goes out by mail
// Neither answer tells whether an account exists: an unknown person and a wrong code are the same 422, and
// "forgot" answers 202 whatever happens.
#include "accounts/accounts.hpp"
#include "accounts/attempts.hpp"
#include "accounts/codes.hpp"
#include "accounts/reset_mail.hpp"
#include "accounts/sign_in.hpp"
#include "accounts/strength.hpp"
#include "auth/passwords.hpp"
#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "mail/outbox.hpp"
#include "resources/audit.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::accounts {

namespace {

struct Budgets {
  CodeAttempts codes;  // reset codes: per IP and per identifier; links: per IP
  // "Forgot": per IP, and per identifier a mail at most every 5 minutes after the first three.
  RateBudget forgot_ip{{10, 2}};
  RateBudget forgot_identifier{{15, 1}};
  static constexpr std::int64_t kMailCost = 5;
};

std::string identifier_of(const json::object& body, http::FieldErrors& e) {
  std::string id = trimmed(http::optional_text(body, "identifier", e));
  if (e.count("identifier")) return id;
  if (id.empty())
    e["identifier"] = msg::REQUIRED;
  else if (utf8_length(id) > 254 || has_control_chars(id))
    e["identifier"] = http::Message(msg::MAX_LENGTH, {{"count", 254}});
  return id;
}

// The account an employee code or email names, when it is in use (active, with a password).
std::optional<db::Row> account_of(db::Connection& c, const std::string& identifier) {
  return c
      .query(
          "SELECT id, employee_code, name, email, locale FROM users WHERE (lower(employee_code) = lower($1) "
          "OR "
          "email = lower($1)) AND status = 'active' AND password_hash IS NOT NULL ORDER BY "
          "lower(employee_code) "
          "= lower($1) DESC LIMIT 1",
          identifier)
      .first();
}

struct Reset {
  std::string identifier, code, token, password;
};

Awaitable post_reset(Context& ctx, Budgets& budgets) {
  auto body = ctx.json_object();
  http::FieldErrors e;
  Reset in;
  in.token = trimmed(http::optional_text(body, "token", e));
  if (in.token.empty()) {
    in.identifier = identifier_of(body, e);
    std::string typed = http::optional_text(body, "code", e);
    in.code = normalize_code(typed);
    if (in.code.empty() && !e.count("code")) e["code"] = msg::RESET_CODE_INVALID;
  }
  in.password = http::optional_text(body, "password", e);
  if (!e.count("password") && in.password.empty()) e["password"] = msg::REQUIRED;
  if (!e.empty()) throw ApiError::validation(e);
  if (in.token.empty())
    budgets.codes.spend(ctx, "reset:" + in.identifier);
  else
    budgets.codes.spend_ip(ctx);
  // The new password is hashed before the transaction and whether or not the code is right.
  std::string hash = co_await ctx.app.db->offload([&] { return auth::hash_password(in.password); });
  const char* field = in.token.empty() ? "code" : "token";
  auto invalid = [&] {
    return ApiError::validation({{field, in.token.empty() ? http::Message(msg::RESET_CODE_INVALID)
                                                          : http::Message(msg::RESET_LINK_INVALID)}});
  };
  struct Done {
    std::string user_id, name;
    auth::NewSession session;
  };
  auto done = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto now = now_ms();
    std::string user_id, code_id;
    if (in.token.empty()) {
      auto account = account_of(c, in.identifier);
      if (!account) throw invalid();
      auto found = find_live(c, ctx.app.config.auth_secret, Purpose::reset, account->str(0), in.code, now);
      if (!found) throw invalid();
      user_id = account->str(0);
      code_id = *found;
    } else {
      auto link = find_live_link(c, ctx.app.config.auth_secret, in.token, now);
      if (!link) throw invalid();
      user_id = link->user_id;
      code_id = link->id;
    }
    auto person =
        c.query("SELECT employee_code, name FROM users WHERE id = $1 AND status = 'active'", user_id).first();
    if (!person) throw invalid();
    if (auto problem = new_password_problem(in.password, person->str(0), person->str(1)))
      throw ApiError::validation({{"password", *problem}});
    if (!use(c, code_id, user_id, ctx.client_ip, now)) throw invalid();
    c.query("UPDATE users SET password_hash = $1, updated_at = $2, version = version + 1 WHERE id = $3", hash,
            now, user_id);
    // The other ways back in that were still open are closed too.
    revoke_live(c, user_id, Purpose::reset, user_id, ctx.client_ip, now);
    revoke_live(c, user_id, Purpose::reset_link, user_id, ctx.client_ip, now);
    audit::record(c, user_id, "password.reset", "users", user_id, std::nullopt,
                  json::object{{"with", in.token.empty() ? "code" : "link"}, {"codeId", code_id}},
                  ctx.client_ip);
    return Done{user_id, person->str(1), fresh_session(c, ctx, user_id)};
  });
  send_session(ctx, done.session);
  co_return http::json_response(
      ctx,
      json::object{{"status", "active"}, {"user", json::object{{"id", done.user_id}, {"name", done.name}}}});
}

Awaitable post_forgot(Context& ctx, Budgets& budgets) {
  if (int wait = budgets.forgot_ip.take(ctx.client_ip); wait > 0) throw ApiError::rate_limited(wait);
  http::FieldErrors e;
  std::string identifier = identifier_of(ctx.json_object(), e);
  if (!e.empty()) throw ApiError::validation(e);
  if (int wait = budgets.forgot_identifier.take(ascii_lower(identifier), Budgets::kMailCost); wait > 0)
    throw ApiError::rate_limited(wait);
  auto& outbox = ctx.app.get<mail::Outbox>();
  int minutes = ctx.app.config.reset_link_minutes;
  std::string origin = ctx.origin();
  // Known or not, the same work: one write transaction that looks the account up.
  auto mail = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<mail::Message> {
    auto account = account_of(c, identifier);
    if (!account || account->is_null(3) || !outbox.enabled()) return std::nullopt;
    auto now = now_ms();
    auto link = issue(c, ctx.app.config.auth_secret, Purpose::reset_link, account->str(0), "", uuid_v7(),
                      now + static_cast<std::int64_t>(minutes) * 60'000, ctx.client_ip);
    return reset_mail({account->str(3), account->str(2), account->str(4),
                       origin + "/reset?token=" + link.code, ctx.app.config.product_name, minutes});
  });
  // Queued after the commit: the mail server is never waited for, and no transaction waits on it.
  if (mail) outbox.send(std::move(*mail));
  co_return http::json_response(ctx, json::object{{"status", "accepted"}}, http::Status::accepted);
}

}  // namespace

void register_recovery_routes(http::Services& app) {
  auto budgets = std::make_shared<Budgets>();
  app.router.post("/api/password/reset", [budgets](Context& ctx) { return post_reset(ctx, *budgets); });
  app.router.post("/api/password/forgot", [budgets](Context& ctx) { return post_forgot(ctx, *budgets); });
}

}  // namespace shopfloor::accounts
