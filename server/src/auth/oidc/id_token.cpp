#include "auth/oidc/id_token.hpp"

#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::auth::oidc {

namespace json = boost::json;

namespace {

std::optional<std::int64_t> seconds(const json::object& claims, const char* name) {
  const auto* v = claims.if_contains(name);
  if (!v) return std::nullopt;
  if (v->is_int64()) return v->as_int64();
  if (v->is_uint64() && v->as_uint64() < (1ULL << 62)) return static_cast<std::int64_t>(v->as_uint64());
  if (v->is_double()) return static_cast<std::int64_t>(v->as_double());
  return std::nullopt;
}

std::string text(const json::object& claims, const char* name) {
  const auto* v = claims.if_contains(name);
  return v && v->is_string() ? std::string(v->as_string()) : std::string{};
}

}  // namespace

std::optional<std::string> check_id_token_claims(const json::object& claims, const IdTokenExpectations& e) {
  if (text(claims, "iss") != e.issuer) return "iss is not the provider's issuer";
  if (text(claims, "sub").empty()) return "sub is missing";

  const auto* aud = claims.if_contains("aud");
  std::size_t audiences = 0;
  bool ours = false;
  if (aud && aud->is_string()) {
    audiences = 1;
    ours = aud->as_string() == e.client_id;
  } else if (aud && aud->is_array()) {
    for (const auto& a : aud->as_array()) {
      ++audiences;
      if (a.is_string() && a.as_string() == e.client_id) ours = true;
    }
  }
  if (!ours) return "aud does not name this client";
  // Several audiences: the party the token was issued to must be us (§3.1.3.7 items 4 and 5).
  std::string azp = text(claims, "azp");
  if (audiences > 1 && azp.empty()) return "azp is missing with several audiences";
  if (!azp.empty() && azp != e.client_id) return "azp is another client";

  auto exp = seconds(claims, "exp");
  auto iat = seconds(claims, "iat");
  if (!exp || !iat) return "exp or iat is missing";
  if (e.now_s >= *exp + e.leeway_s) return "the token has expired";
  if (*iat > e.now_s + e.leeway_s) return "the token was issued in the future";

  std::string nonce = text(claims, "nonce");
  if (nonce.empty() || !equal_constant_time(nonce, e.nonce)) return "nonce is not this sign-in's";
  return std::nullopt;
}

std::optional<std::string> claim_text(const json::object& claims, const std::string& name) {
  const auto* v = claims.if_contains(name);
  if (!v) return std::nullopt;
  std::string out;
  if (v->is_string())
    out = trimmed(std::string_view(v->as_string()));
  else if (v->is_int64())
    out = std::to_string(v->as_int64());
  else if (v->is_uint64())
    out = std::to_string(v->as_uint64());
  if (out.empty() || out.size() > 254 || has_control_chars(out)) return std::nullopt;
  return out;
}

}  // namespace shopfloor::auth::oidc
