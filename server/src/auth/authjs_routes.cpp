// Auth.js (next-auth v4) compatible endpoints under /api/auth, so the official next-auth/react client
// works unchanged: session, csrf, providers, callback/signin for credentials, signout, _log, and the
// server-rendered sign-in, sign-out and error pages. See docs/API.md.
#include "auth/authjs_routes.hpp"

#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>
#include <variant>

#include "auth/authjs_forms.hpp"
#include "auth/cookies.hpp"
#include "auth/credentials.hpp"
#include "auth/csrf.hpp"
#include "auth/oidc/routes.hpp"
#include "auth/pages.hpp"
#include "auth/passwords.hpp"
#include "auth/session_registry.hpp"
#include "auth/sessions.hpp"
#include "auth/sign_in.hpp"
#include "auth/sign_in_throttle.hpp"
#include "http/handler.hpp"
#include "search/sources.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::auth {

using boost::asio::awaitable;
using http::Response;
using http::Status;

namespace {

// The port a URL names, or its scheme's default; 0 when neither is known.
std::uint16_t effective_port(const boost::urls::url_view& u) {
  if (u.has_port() && !u.port().empty()) return u.port_number();
  std::string scheme = ascii_lower(std::string(u.scheme()));
  return scheme == "https" ? 443 : scheme == "http" ? 80 : 0;
}

}  // namespace

std::optional<std::string> same_origin_url(const Context& ctx, std::string_view candidate) {
  std::string origin = ctx.origin();
  if (candidate.empty()) return origin + "/";
  if (candidate.size() > 2048 || has_control_chars(candidate) ||
      candidate.find('\\') != std::string_view::npos)
    return std::nullopt;
  if (candidate.front() == '/') {
    // "//host" is protocol-relative: another origin.
    if (candidate.size() > 1 && candidate[1] == '/') return std::nullopt;
    if (!boost::urls::parse_relative_ref(candidate)) return std::nullopt;
    return origin + std::string(candidate);
  }
  // Absolute: scheme, host and port must equal ours exactly, as parsed (no prefix compare, no userinfo).
  auto url = boost::urls::parse_uri(candidate);
  auto own = boost::urls::parse_uri(origin);
  if (!url || !own || url->has_userinfo()) return std::nullopt;
  // Boost.URL 1.81 lets a path without its leading '/' follow the authority ("http://h:80.evil/x" parses
  // as host h, port 80, path ".evil/x"); RFC 3986 does not, and neither do browsers: refuse it.
  if (!url->encoded_path().empty() && !url->encoded_path().starts_with('/')) return std::nullopt;
  if (ascii_lower(std::string(url->scheme())) != ascii_lower(std::string(own->scheme())) ||
      ascii_lower(std::string(url->encoded_host())) != ascii_lower(std::string(own->encoded_host())) ||
      effective_port(*url) != effective_port(*own))
    return std::nullopt;
  return std::string(candidate);
}

namespace {

// {"user":{"id","name","email","image","role"},"expires"}: the call every page makes first, so it is written
// straight into the body (each text escaped by Boost.JSON) instead of through a JSON tree.
Response session_response(const Context& ctx, const SessionUser& u) {
  Response res = http::json_response(ctx, json::object{});
  std::string& body = res.body();
  auto text = [&body](std::string_view s) { body += json::serialize(s); };
  auto optional_text = [&](const std::optional<std::string>& s) {
    if (s)
      text(*s);
    else
      body += "null";
  };
  body = R"({"user":{"id":)";
  text(u.id);
  body += R"(,"name":)";
  text(u.display_name());
  body += R"(,"email":)";
  optional_text(u.email);
  body += R"(,"image":)";
  optional_text(u.image);
  body += R"(,"role":)";
  text(role_name(u.role));
  body += R"(},"expires":)";
  text(iso8601(u.session_expires_at));
  body += '}';
  res.prepare_payload();
  return res;
}

ApiError auth_error(Status status, const http::ErrorCode& code, const http::Message& message) {
  return ApiError(status, code, message);
}

awaitable<Response> get_session(Context& ctx) {
  auto user = co_await current_user(ctx);
  if (!user) co_return http::json_response(ctx, json::object{});
  co_return session_response(ctx, *user);
}

awaitable<Response> get_csrf(Context& ctx) {
  co_return http::json_response(ctx, json::object{{"csrfToken", issue_csrf_token(ctx)}});
}

awaitable<Response> get_providers(Context& ctx) {
  json::object credentials{{"id", "credentials"},
                           {"name", "Credentials"},
                           {"type", "credentials"},
                           {"signinUrl", auth_url(ctx, "/signin/credentials")},
                           {"callbackUrl", auth_url(ctx, "/callback/credentials")}};
  json::object providers{{"credentials", std::move(credentials)}};
  oidc::add_provider_entries(ctx, providers);
  co_return http::json_response(ctx, providers);
}

awaitable<Response> credentials_sign_in(Context& ctx, const FormFields& fields, bool as_json) {
  auto checked = check_csrf_and_callback(ctx, fields, as_json, "/signin?csrf=true");
  if (auto* refusal = std::get_if<Response>(&checked)) co_return std::move(*refusal);
  const auto* callback = &std::get<std::string>(checked);

  std::string identifier = form_field(fields, "identifier");
  std::string password = form_field(fields, "password");
  const std::string failed_url = auth_url(ctx, "/error?error=CredentialsSignin&provider=credentials");
  const ApiError failed = auth_error(Status::unauthorized, err::CredentialsSignin, msg::BAD_CREDENTIALS);
  if (identifier.empty() || password.empty() || identifier.size() > 200 || password.size() > 1024)
    co_return answer(ctx, as_json, failed_url, failed);

  auto& db = *ctx.app.db;
  // Look the account up and reserve the attempt before the password is checked, in one write
  // transaction, so parallel guesses cannot all pass the limit (see sign_in_throttle.hpp).
  std::optional<SignInThrottle> throttle;
  auto [blocked, candidate] = co_await db.transact([&](db::Connection& c) {
    auto found = find_for_sign_in(c, identifier);
    // Known accounts are counted by id, so the employee code and the email share one count.
    std::string account = found ? std::string("user:").append(found->id) : ascii_lower(identifier);
    throttle.emplace(std::move(account), ctx.client_ip);
    return std::pair{throttle->reserve(c, now_ms()), std::move(found)};
  });
  if (blocked)
    co_return answer(ctx, as_json, auth_url(ctx, "/error?error=TooManyAttempts"),
                     ApiError::rate_limited(*blocked));

  // Hash verification takes tens of milliseconds: run it on a worker, never holding a connection. A right
  // password whose hash is of an older profile is hashed again there too (once per account).
  std::string rehashed;
  bool ok = co_await db.offload([&] {
    if (!candidate) {
      verify_dummy_password(password);
      return false;
    }
    if (!verify_password(candidate->password_hash, password)) return false;
    if (needs_rehash(candidate->password_hash)) rehashed = hash_password(password);
    return true;
  });

  SignInAttempt attempt{candidate ? std::optional(candidate->id) : std::nullopt, identifier, "credentials"};
  if (!ok) {
    // The reservation stays: it is the recorded failure.
    co_await db.transact([&](db::Connection& c) {
      record_failed_sign_in(c, ctx, attempt, candidate ? "wrong_password" : "unknown_account");
    });
    co_return answer(ctx, as_json, failed_url, failed);
  }
  if (candidate->status != "active") {
    bool pending = candidate->status == "pending";
    co_await db.transact([&](db::Connection& c) {
      throttle->release(c);
      record_failed_sign_in(c, ctx, attempt, pending ? "pending" : "disabled");
    });
    const auto& code = pending ? err::AccountPending : err::AccountDisabled;
    co_return answer(
        ctx, as_json, auth_url(ctx, "/error?error=" + std::string(code.name)),
        auth_error(Status::forbidden, code, pending ? msg::ACCOUNT_PENDING : msg::ACCOUNT_DISABLED));
  }

  auto session = co_await db.transact([&](db::Connection& c) {
    throttle->release(c);
    if (!rehashed.empty()) store_rehashed_password(c, candidate->id, candidate->password_hash, rehashed);
    return start_session(c, ctx, attempt);
  });
  hand_over_session(ctx, session, *callback);
  co_return answer(ctx, as_json, *callback);
}

// POST /api/auth/callback/:provider: the credentials provider's form.
awaitable<Response> credentials_callback(Context& ctx) {
  auto fields = ctx.form_fields();
  bool as_json = wants_json(fields);
  if (ctx.params["provider"] != "credentials") co_return answer(ctx, as_json, auth_url(ctx, "/signin"));
  co_return co_await credentials_sign_in(ctx, fields, as_json);
}

// POST /api/auth/signin/:provider: credentials, or the start of a single sign-on; an unknown provider goes
// to the sign-in page.
awaitable<Response> provider_sign_in(Context& ctx) {
  auto fields = ctx.form_fields();
  bool as_json = wants_json(fields);
  std::string id = ctx.params["provider"];
  if (id == "credentials") co_return co_await credentials_sign_in(ctx, fields, as_json);
  if (auto* provider = oidc::find_provider(ctx, id))
    co_return co_await oidc::begin_sign_in(ctx, fields, *provider);
  co_return answer(ctx, as_json, auth_url(ctx, "/signin"));
}

awaitable<Response> sign_out(Context& ctx) {
  auto fields = ctx.form_fields();
  bool as_json = wants_json(fields);
  auto checked = check_csrf_and_callback(ctx, fields, as_json, "/signout?csrf=true");
  if (auto* refusal = std::get_if<Response>(&checked)) co_return std::move(*refusal);
  const auto* callback = &std::get<std::string>(checked);
  if (auto token = ctx.cookie(session_cookie_name(ctx)); token && !token->empty()) {
    std::string hash = sha256_hex(*token);
    co_await ctx.app.db->transact(
        [&](db::Connection& c) { ctx.app.get<auth::SessionRegistry>().end_session(c, hash); });
  }
  set_session_cookie(ctx, "", -1);
  co_return answer(ctx, as_json, *callback);
}

// next-auth's update(): POST {csrfToken, data}. We let the user change their display name here; the picture
// is set on the profile (PATCH /api/me photoId), which checks that it is the person's own upload.
awaitable<Response> update_session(Context& ctx) {
  json::object body = ctx.json_object();
  std::string token = body.contains("csrfToken") && body.at("csrfToken").is_string()
                          ? std::string(body.at("csrfToken").as_string())
                          : std::string{};
  if (!csrf_token_matches(ctx, token)) throw ApiError::csrf();
  auto user = co_await current_user(ctx);
  if (!user) co_return http::json_response(ctx, json::object{});

  std::optional<std::string> name;
  if (auto* data = body.if_contains("data"); data && !data->is_null()) {
    if (!data->is_object()) throw ApiError::bad_request(msg::DATA_NOT_OBJECT);
    http::FieldErrors errors;
    for (auto& [key, value] : data->as_object()) {
      if (key == "name") {
        if (!value.is_string() || value.as_string().empty() || utf8_length(value.as_string()) > 60 ||
            has_control_chars(value.as_string()))
          errors["name"] = msg::LENGTH_1_TO_60;
        else
          name = std::string(value.as_string());
      } else if (key == "image") {
        errors["image"] = msg::PHOTO_ON_PROFILE;
      } else {
        errors[std::string(key)] = msg::CANNOT_CHANGE_HERE;
      }
    }
    if (!errors.empty()) throw ApiError::validation(errors);
  }
  if (name) {
    std::string id = user->id;
    co_await ctx.app.db->transact([&](db::Connection& c) {
      c.query("UPDATE users SET nickname = $1, updated_at = $2 WHERE id = $3", *name, now_ms(), id);
      search::refresh(c, "users", id);
      ctx.app.get<auth::SessionRegistry>().user_changed(
          c, id);  // this user's other cached sessions show the new name too
    });
    user->nickname = name;
    ctx.user = user;
  }
  co_return session_response(ctx, *user);
}

awaitable<Response> client_log(Context& ctx) {
  auto fields = ctx.form_fields();
  auto clip = [](const std::string& s) { return log_escape(std::string_view(s).substr(0, 500)); };
  spdlog::info("client log [{}] {} {} (request {})", clip(form_field(fields, "level")),
               clip(form_field(fields, "code")), clip(form_field(fields, "message")), ctx.request_id);
  co_return http::json_response(ctx, json::object{});
}

awaitable<Response> sign_in_page(Context& ctx) {
  std::string token = issue_csrf_token(ctx);
  auto callback = same_origin_url(ctx, ctx.query("callbackUrl").value_or(""));
  auto buttons = oidc::provider_buttons(ctx);
  Response res = http::html_response(
      ctx, render_sign_in_page(ctx.app.config.product_name, token, callback.value_or(ctx.origin() + "/main"),
                               ctx.query("error").value_or(ctx.query("csrf") ? "MissingCSRF" : ""), buttons));
  if (!buttons.empty()) {
    // Each button's post is answered with a redirect to its provider: form-action must allow those origins.
    std::string policy = http::content_security_policy, targets;
    for (const auto& b : buttons)
      if (targets.find(" " + b.origin) == std::string::npos) targets += " " + b.origin;
    std::string_view self = "form-action 'self'";
    policy.insert(policy.find(self) + self.size(), targets);
    res.set("Content-Security-Policy", policy);
  }
  co_return res;
}

awaitable<Response> sign_out_page(Context& ctx) {
  std::string token = issue_csrf_token(ctx);
  co_return http::html_response(
      ctx, render_sign_out_page(ctx.app.config.product_name, token, ctx.origin() + "/login"));
}

awaitable<Response> error_page(Context& ctx) {
  std::string code = ctx.query("error").value_or("Default");
  Status status = code == "AccessDenied"    ? Status::forbidden
                  : code == "Configuration" ? Status::internal_server_error
                                            : Status::ok;
  co_return http::html_response(ctx, render_error_page(ctx.app.config.product_name, code), status);
}

awaitable<Response> provider_sign_in_get(Context& ctx) {
  // Credentials sign-in starts from the sign-in page; an unknown provider goes there too.
  co_return http::redirect_response(ctx, auth_url(ctx, "/signin"));
}

}  // namespace

void register_authjs_routes(http::Services& app) {
  auto& r = app.router;
  using http::Access;
  using V = boost::beast::http::verb;
  auto add = [&](V method, const char* pattern, http::Handler h, std::size_t max_body = 64 * 1024) {
    r.add({method, pattern, std::move(h), Access::anyone, /*csrf_header=*/false, max_body});
  };
  add(V::get, "/api/auth/session", get_session);
  add(V::post, "/api/auth/session", update_session);
  add(V::get, "/api/auth/csrf", get_csrf);
  add(V::get, "/api/auth/providers", get_providers);
  add(V::post, "/api/auth/callback/:provider", credentials_callback);
  add(V::get, "/api/auth/callback/:provider", oidc::finish_sign_in);
  add(V::post, "/api/auth/signin/:provider", provider_sign_in);
  add(V::get, "/api/auth/signin", sign_in_page);
  add(V::get, "/api/auth/signin/:provider", provider_sign_in_get);
  add(V::post, "/api/auth/signout", sign_out);
  add(V::get, "/api/auth/signout", sign_out_page);
  add(V::get, "/api/auth/error", error_page);
  add(V::post, "/api/auth/_log", client_log, 8 * 1024);
}

}  // namespace shopfloor::auth
