#include "auth/oidc/provider.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/parse.hpp>

#include "auth/oidc/flow.hpp"
#include "auth/oidc/id_token.hpp"
#include "util/ids.hpp"

namespace shopfloor::auth::oidc {

namespace json = boost::json;

namespace {

std::string text(const json::object& o, const char* name) {
  const auto* v = o.if_contains(name);
  return v && v->is_string() ? std::string(v->as_string()) : std::string{};
}

// The token endpoint's error answer, for the log ("invalid_grant: code has already been used").
std::string token_error(const OutboundReply& reply) {
  boost::system::error_code ec;
  json::value v = json::parse(reply.body, ec);
  std::string what = "HTTP " + std::to_string(reply.status);
  if (!ec && v.is_object()) {
    std::string error = text(v.as_object(), "error"), description = text(v.as_object(), "error_description");
    if (!error.empty()) what += " " + error;
    if (!description.empty()) what += ": " + description;
  }
  return what.substr(0, 300);
}

// After a failed re-read of the discovery document or the keys: the time is noted (the back-off), and the
// last good copy, when there is one, goes on serving (a warning in the log); without one the failure is
// thrown, named by `what`.
template <class Copy>
Copy keep_last_good(std::mutex& m, const Copy& last, std::int64_t& failed_at, const SignInFailure& e,
                    const std::string& provider, const char* what, const char* keeping) {
  std::lock_guard lock(m);
  failed_at = now_ms();
  if (!last) throw SignInFailure(std::string(what) + ": " + e.what());
  spdlog::warn("sso {}: {}: {}", provider, keeping, e.what());
  return last;
}

}  // namespace

Provider::Provider(ProviderSettings config, Caller caller)
    : config_(std::move(config)), caller_(std::move(caller)) {}

json::value Provider::get_json(const std::string& url) {
  OutboundReply reply = caller_({url, {}, {}, {}});
  if (reply.status != 200) throw SignInFailure("HTTP " + std::to_string(reply.status) + " from " + url);
  boost::system::error_code ec;
  json::value v = json::parse(reply.body, ec);
  if (ec || !v.is_object()) throw SignInFailure("no JSON object from " + url);
  return v;
}

Discovery Provider::discovery() {
  auto cached = [&](std::int64_t now) -> std::optional<Discovery> {
    std::lock_guard lock(m_);
    if (discovery_ &&
        (now - discovery_at_ < discovery_ttl_ms || now - discovery_failed_at_ < failure_backoff_ms))
      return discovery_;
    if (!discovery_ && now - discovery_failed_at_ < failure_backoff_ms)
      throw SignInFailure("discovery failed moments ago");
    return std::nullopt;
  };
  if (auto d = cached(now_ms())) return *d;
  std::lock_guard fetching(discovery_fetch_m_);
  if (auto d = cached(now_ms())) return *d;  // fetched while we waited

  std::string url = config_.issuer + "/.well-known/openid-configuration";
  try {
    json::value v = get_json(url);
    const auto& o = v.as_object();
    Discovery d{text(o, "issuer"), text(o, "authorization_endpoint"), text(o, "token_endpoint"),
                text(o, "jwks_uri"), config_.token_auth};
    // The document must be the configured issuer's own (OpenID Connect Discovery §4.3).
    if (d.issuer != config_.issuer) throw SignInFailure("discovery names issuer '" + d.issuer + "'");
    // Over https, as the issuer is; plain http only where the issuer itself is (a loopback development
    // setup).
    bool plain_issuer = config_.issuer.starts_with("http://");
    for (const auto* endpoint : {&d.authorization_endpoint, &d.token_endpoint, &d.jwks_uri})
      if (!https_or_loopback_url(*endpoint) || (!plain_issuer && !endpoint->starts_with("https://")))
        throw SignInFailure("discovery names an endpoint that is not https");
    if (d.token_auth.empty()) {
      // Absent means client_secret_basic (Discovery §3); we take basic first, then post.
      std::vector<std::string> offered{"client_secret_basic"};
      if (const auto* m = o.if_contains("token_endpoint_auth_methods_supported"); m && m->is_array()) {
        offered.clear();
        for (const auto& x : m->as_array())
          if (x.is_string()) offered.emplace_back(x.as_string());
      }
      for (const char* method : {"client_secret_basic", "client_secret_post"})
        if (d.token_auth.empty() && std::find(offered.begin(), offered.end(), method) != offered.end())
          d.token_auth = method;
      if (d.token_auth.empty())
        throw SignInFailure("the token endpoint takes neither client_secret_basic nor _post");
    }
    std::lock_guard lock(m_);
    discovery_ = d;
    discovery_at_ = now_ms();
    return d;
  } catch (const SignInFailure& e) {
    return *keep_last_good(m_, discovery_, discovery_failed_at_, e, config_.id, "discovery",
                           "discovery failed, keeping the last document");
  }
}

std::shared_ptr<const Provider::Keys> Provider::keys(std::int64_t now, bool unknown_kid) {
  std::shared_ptr<const Keys> seen;
  bool fetch = false;
  {
    std::lock_guard lock(m_);
    seen = keys_;
    bool fresh = keys_ && now - keys_->fetched_at < keys_ttl_ms;
    bool backing_off = now - keys_failed_at_ < failure_backoff_ms;
    if (unknown_kid) {
      // Keys rotate rarely: a kid we do not know earns one early re-read a minute, not one per request.
      fetch = now - early_refresh_at_ >= unknown_kid_refresh_ms && !backing_off;
      if (fetch) early_refresh_at_ = now;
    } else {
      fetch = !fresh && !backing_off;
    }
    if (!fetch && !unknown_kid) {
      if (keys_) return keys_;
      throw SignInFailure("the keys could not be read moments ago");
    }
  }
  std::lock_guard fetching(keys_fetch_m_);  // a re-read under way finishes first; its keys serve us too
  {
    std::lock_guard lock(m_);
    if (!fetch || keys_ != seen) {
      if (keys_) return keys_;
      throw SignInFailure("no keys");
    }
  }
  Discovery d = discovery();
  try {
    auto fresh = std::make_shared<Keys>();
    fresh->keys = parse_jwks(get_json(d.jwks_uri));
    fresh->fetched_at = now_ms();
    if (fresh->keys.empty()) throw SignInFailure("the provider's JWKS has no RS256 or ES256 signing key");
    spdlog::info("sso {}: read {} signing key(s){}", config_.id, fresh->keys.size(),
                 unknown_kid ? " for a key id not seen before" : "");
    std::lock_guard lock(m_);
    keys_ = fresh;
    return fresh;
  } catch (const SignInFailure& e) {
    return keep_last_good(m_, keys_, keys_failed_at_, e, config_.id, "keys",
                          "keys could not be read, keeping the last ones");
  }
}

void Provider::warm_up() {
  try {
    Discovery d = discovery();
    if (!config_.secret_signed) keys(now_ms(), false);
    spdlog::info("sso {}: ready (issuer {}, token auth {})", config_.id, d.issuer, d.token_auth);
  } catch (const std::exception& e) {
    spdlog::warn("sso {}: not reachable yet, will retry when someone signs in: {}", config_.id, e.what());
  }
}

std::string Provider::authorization_url(const Discovery& d, const std::string& redirect_uri,
                                        const std::string& state, const std::string& nonce,
                                        const std::string& verifier) const {
  std::string url = d.authorization_endpoint;
  url += url.find('?') == std::string::npos ? '?' : '&';
  url += "response_type=code&client_id=" + form_encode(config_.client_id) +
         "&redirect_uri=" + form_encode(redirect_uri) + "&scope=" + form_encode(config_.scopes) +
         "&state=" + form_encode(state) + "&nonce=" + form_encode(nonce) +
         "&code_challenge=" + form_encode(code_challenge(verifier)) + "&code_challenge_method=S256";
  return url;
}

std::vector<const PublicKey*> Provider::candidates(const Jws& jws, const Keys& keys) const {
  std::vector<const PublicKey*> out;
  for (const auto& k : keys.keys)
    if (k.alg == jws.alg && (jws.kid.empty() || k.kid == jws.kid)) out.push_back(&k);
  return out;
}

json::object Provider::redeem(const std::string& code, const std::string& redirect_uri,
                              const std::string& verifier, const std::string& nonce, std::int64_t now) {
  Discovery d = discovery();
  OutboundRequest request{d.token_endpoint,
                          "grant_type=authorization_code&code=" + form_encode(code) + "&redirect_uri=" +
                              form_encode(redirect_uri) + "&code_verifier=" + form_encode(verifier),
                          {},
                          {}};
  if (d.token_auth == "client_secret_post") {
    request.form += "&client_id=" + form_encode(config_.client_id) +
                    "&client_secret=" + form_encode(config_.client_secret);
  } else {
    request.basic_user = config_.client_id;
    request.basic_password = config_.client_secret;
  }
  OutboundReply reply = caller_(request);
  if (reply.status != 200) throw SignInFailure("token endpoint: " + token_error(reply));
  boost::system::error_code ec;
  json::value tokens = json::parse(reply.body, ec);
  if (ec || !tokens.is_object()) throw SignInFailure("token endpoint: not a JSON object");
  std::string id_token = text(tokens.as_object(), "id_token");
  if (id_token.empty()) throw SignInFailure("token endpoint: no id_token");

  auto jws = parse_jws(id_token);
  if (!jws) throw SignInFailure("id_token is not a signed JWT");
  if (jws->header.contains("crit")) throw SignInFailure("id_token has critical header parameters");
  if (config_.secret_signed) {
    if (jws->alg != "HS256")
      throw SignInFailure("id_token alg '" + jws->alg.substr(0, 20) + "' is not HS256");
    if (!verify_hs256(config_.client_secret, *jws)) throw SignInFailure("id_token signature does not verify");
  } else {
    if (jws->alg != "RS256" && jws->alg != "ES256")
      throw SignInFailure("id_token alg '" + jws->alg.substr(0, 20) + "' is not RS256 or ES256");
    auto found = candidates(*jws, *keys(now, false));
    if (found.empty()) found = candidates(*jws, *keys(now, true));  // rotated keys: read them again, once
    if (found.empty()) throw SignInFailure("no signing key with kid '" + jws->kid.substr(0, 80) + "'");
    bool valid = std::any_of(found.begin(), found.end(),
                             [&](const PublicKey* k) { return verify_signature(*k, *jws); });
    if (!valid) throw SignInFailure("id_token signature does not verify");
  }

  IdTokenExpectations expected{config_.issuer, config_.client_id, nonce, now / 1000};
  if (auto why = check_id_token_claims(jws->claims, expected)) throw SignInFailure("id_token: " + *why);
  return std::move(jws->claims);
}

}  // namespace shopfloor::auth::oidc
