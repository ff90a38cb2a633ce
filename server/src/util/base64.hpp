// Base64 (RFC 4648) through libsodium, for every area that writes or reads it: the standard alphabet with
// padding (mail bodies and headers, HTTP Basic, sealed ballots) and the URL-safe one without padding (JWTs,
// the sign-in cookie, PKCE).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace shopfloor {

std::string base64(std::string_view bytes);
std::string base64url(std::string_view bytes);
// Strict: the URL-safe alphabet without padding, the whole text; nullopt for anything else.
std::optional<std::string> from_base64url(std::string_view text);

}  // namespace shopfloor
