#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "http/area.hpp"
#include "http/context.hpp"

namespace shopfloor::auth {

void register_authjs_routes(http::Services& app);

// The absolute URL for a callbackUrl when it stays on this site (relative path or same origin);
// nullopt for anything else (other hosts, "//host", "javascript:", backslashes). Empty → origin + "/".
std::optional<std::string> same_origin_url(const http::Context& ctx, std::string_view candidate);

}  // namespace shopfloor::auth
