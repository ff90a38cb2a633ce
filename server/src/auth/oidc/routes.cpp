#include "auth/oidc/routes.hpp"

#include <spdlog/spdlog.h>

#include "auth/cookies.hpp"
#include "auth/oidc/flow.hpp"
#include "auth/oidc/id_token.hpp"
#include "auth/oidc/single_sign_on.hpp"
#include "auth/sign_in.hpp"
#include "http/handler.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::auth::oidc {

using boost::asio::awaitable;
using http::Response;
using http::Status;

namespace {

std::string callback_path(const std::string& id) {
  return "/api/auth/callback/" + id;
}

// One flow cookie per provider, sent only to that provider's callback.
std::string flow_cookie_name(const Context& ctx) {
  return ctx.is_https() ? "__Secure-next-auth.sso-flow" : "next-auth.sso-flow";
}

// Where a refused sign-in lands: the app's sign-in screen with Auth.js's error code, keeping the page the
// person was going to so that trying again goes there.
std::string login_error_url(const Context& ctx, const char* code, const std::string& callback = {}) {
  std::string url = ctx.origin() + "/login?error=" + code;
  if (!callback.empty()) url += "&callbackUrl=" + form_encode(callback);
  return url;
}

struct Outcome {
  enum Kind { signed_in, pending, disabled, refused } kind = refused;
  NewSession session;
};

// Who the verified claim names (codes compare case-insensitively; the roster keeps emails in lower case), and
// what that person may do: sign in (active), wait (pending, also when the users area created them just now),
// or nothing (disabled, unknown).
Outcome settle(db::Connection& c, const Context& ctx, SingleSignOn& sso, const ProviderSettings& cfg,
               const std::string& value, const json::object& claims) {
  bool by_code = cfg.match == ProviderSettings::Match::code;
  auto row = c.query(by_code ? "SELECT id, status FROM users WHERE lower(employee_code) = $1"
                             : "SELECT id, status FROM users WHERE email = $1",
                     ascii_lower(value))
                 .first();
  SignInAttempt attempt{row ? std::optional(row->str(0)) : std::nullopt, value, cfg.id};
  if (row) {
    std::string status = row->str(1);
    if (status == "active") return {Outcome::signed_in, start_session(c, ctx, attempt)};
    record_failed_sign_in(c, ctx, attempt, status == "pending" ? "pending" : "disabled");
    return {status == "pending" ? Outcome::pending : Outcome::disabled, {}};
  }
  UnknownPerson person{cfg.id, cfg.match, value, value, std::nullopt, ctx.client_ip};
  if (auto name = claim_text(claims, "name")) {
    person.name = *name;
  } else if (auto given = claim_text(claims, "given_name")) {
    person.name = *given;
    if (auto family = claim_text(claims, "family_name")) person.name += " " + *family;
  }
  const auto* verified = claims.if_contains("email_verified");
  if (auto email = claim_text(claims, "email");
      email && !(verified && verified->is_bool() && !verified->as_bool()))
    person.email = ascii_lower(*email);
  bool waiting = sso.handle_unknown_person(c, person);
  record_failed_sign_in(c, ctx, attempt, waiting ? "pending_created" : "unknown_account");
  return {waiting ? Outcome::pending : Outcome::refused, {}};
}

}  // namespace

void add_provider_entries(const Context& ctx, json::object& out) {
  for (const auto& p : ctx.app.get<SingleSignOn>().providers()) {
    const auto& cfg = p->config();
    out[cfg.id] = json::object{{"id", cfg.id},
                               {"name", cfg.name},
                               {"type", "oidc"},
                               {"signinUrl", auth_url(ctx, "/signin/" + cfg.id)},
                               {"callbackUrl", auth_url(ctx, "/callback/" + cfg.id)}};
  }
}

std::vector<ProviderButton> provider_buttons(const Context& ctx) {
  std::vector<ProviderButton> out;
  for (const auto& p : ctx.app.get<SingleSignOn>().providers()) {
    const auto& issuer = p->config().issuer;
    auto authority = issuer.find('/', issuer.find("://") + 3);  // scheme://host[:port] of the issuer
    out.push_back({p->config().id, p->config().name, issuer.substr(0, authority)});
  }
  return out;
}

Provider* find_provider(const Context& ctx, std::string_view id) {
  return ctx.app.get<SingleSignOn>().find(id);
}

awaitable<Response> begin_sign_in(Context& ctx, const FormFields& fields, Provider& provider) {
  bool as_json = wants_json(fields);
  auto checked = check_csrf_and_callback(ctx, fields, as_json, "/signin?csrf=true");
  if (auto* refusal = std::get_if<Response>(&checked)) co_return std::move(*refusal);
  std::string callback = std::move(std::get<std::string>(checked));

  auto& sso = ctx.app.get<SingleSignOn>();
  const auto& cfg = provider.config();
  if (int wait = sso.budget().take(ctx.client_ip); wait > 0)
    co_return answer(ctx, as_json, login_error_url(ctx, "TooManyAttempts", callback),
                     ApiError::rate_limited(wait));

  std::optional<Discovery> discovery;
  try {
    discovery = co_await sso.call([&] { return provider.discovery(); });
  } catch (const SignInFailure& e) {
    spdlog::warn("sso {}: cannot start a sign-in: {}", cfg.id, e.what());
  }
  if (!discovery)
    co_return answer(ctx, as_json, login_error_url(ctx, "OAuthSignin", callback),
                     ApiError(Status::bad_gateway, err::OAuthSignin,
                              http::Message(msg::INTERNAL, {{"id", ctx.request_id}})));

  Flow flow = start_flow(cfg.id, callback, now_ms());
  set_cookie(ctx, flow_cookie_name(ctx), seal_flow(flow, ctx.app.config.auth_secret), flow.expires_at,
             callback_path(cfg.id));
  co_return answer(ctx, as_json,
                   provider.authorization_url(*discovery, auth_url(ctx, "/callback/" + cfg.id), flow.state,
                                              flow.nonce, flow.verifier));
}

awaitable<Response> finish_sign_in(Context& ctx) {
  auto& sso = ctx.app.get<SingleSignOn>();
  std::string id = ctx.params["provider"];
  Provider* provider = sso.find(id);
  if (!provider) co_return http::redirect_response(ctx, ctx.origin() + "/login");
  const auto& cfg = provider->config();

  // The flow cookie is spent whatever happens next.
  auto sealed = ctx.cookie(flow_cookie_name(ctx));
  set_cookie(ctx, flow_cookie_name(ctx), "", -1, callback_path(id));
  std::int64_t now = now_ms();
  std::optional<Flow> flow;
  if (sealed) flow = open_flow(*sealed, ctx.app.config.auth_secret, now);
  if (flow && flow->provider != id) flow.reset();
  std::string callback = flow ? flow->callback : std::string{};

  auto refuse = [&](const char* code, std::string_view why) {
    spdlog::info("sso {}: sign-in refused ({}): {} (request {})", id, code, log_escape(why), ctx.request_id);
    return http::redirect_response(ctx, login_error_url(ctx, code, callback));
  };

  if (int wait = sso.budget().take(ctx.client_ip); wait > 0)
    co_return refuse("TooManyAttempts", "rate limited");
  if (auto error = ctx.query("error")) {
    // The provider said no, or the person cancelled there.
    std::string why = *error + ": " + ctx.query("error_description").value_or("");
    co_return refuse(*error == "access_denied" ? "AccessDenied" : "OAuthCallbackError", why.substr(0, 300));
  }
  if (!flow) co_return refuse("OAuthCallbackError", "no valid flow cookie for this provider");
  auto state = ctx.query("state");
  if (!state || !equal_constant_time(*state, flow->state))
    co_return refuse("OAuthCallbackError", "state is not this browser's");
  // RFC 9207: a provider that names itself must be the one this sign-in went to.
  if (auto iss = ctx.query("iss"); iss && *iss != cfg.issuer)
    co_return refuse("OAuthCallbackError", "iss is another issuer");
  std::string code = ctx.query("code").value_or("");
  if (code.empty() || code.size() > 2048) co_return refuse("OAuthCallbackError", "no code");

  // Spend the state: a second callback with it (a replay, or a double click) goes no further.
  std::string state_hash = sha256_hex(flow->state);
  bool first_use = co_await ctx.app.db->transact([&](db::Connection& c) {
    c.query("DELETE FROM sso_used_states WHERE expires_at < $1", now);
    return c.query(
                "INSERT INTO sso_used_states (state_hash, expires_at) VALUES ($1, $2) "
                "ON CONFLICT (state_hash) DO NOTHING",
                state_hash, flow->expires_at)
               .affected == 1;
  });
  if (!first_use) co_return refuse("OAuthCallbackError", "state already used");

  json::object claims;
  try {
    std::string redirect_uri = auth_url(ctx, "/callback/" + id);
    claims = co_await sso.call(
        [&] { return provider->redeem(code, redirect_uri, flow->verifier, flow->nonce, now); });
  } catch (const SignInFailure& e) {
    co_return refuse("OAuthCallbackError", e.what());
  }

  auto value = claim_text(claims, cfg.claim);
  if (!value) co_return refuse("AccessDenied", "the ID token has no usable '" + cfg.claim + "' claim");
  bool by_email = cfg.match == ProviderSettings::Match::email;
  if (by_email && cfg.claim == "email") {
    const auto* verified = claims.if_contains("email_verified");
    if (verified && verified->is_bool() && !verified->as_bool())
      co_return refuse("AccessDenied", "the provider has not verified this email");
  }

  Outcome outcome = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return settle(c, ctx, sso, cfg, *value, claims); });
  switch (outcome.kind) {
    case Outcome::signed_in:
      hand_over_session(ctx, outcome.session, flow->callback);
      co_return http::redirect_response(ctx, flow->callback);
    case Outcome::pending:
      co_return refuse("AccountPending", "the account waits for approval");
    case Outcome::disabled:
      co_return refuse("AccountDisabled", "the account is disabled");
    case Outcome::refused:
      break;
  }
  co_return refuse("AccessDenied",
                   "nobody on the roster has this " + std::string(by_email ? "email" : "code"));
}

}  // namespace shopfloor::auth::oidc
