// How Auth.js endpoints read their form posts and answer them, shared by every provider's routes: a POST
// is answered {url} (json=true) or with a redirect; failures also carry our error envelope.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "http/api_error.hpp"
#include "http/context.hpp"

namespace shopfloor::auth {

using FormFields = std::map<std::string, std::string>;

// origin + "/api/auth" + path_and_query
std::string auth_url(const http::Context& ctx, std::string_view path_and_query);
bool wants_json(const FormFields& fields);
std::string form_field(const FormFields& fields, const char* name);

http::Response answer(const http::Context& ctx, bool as_json, const std::string& url,
                      std::optional<http::ApiError> error = {});

// What every Auth.js POST that ends in a redirect checks first: the body's CSRF token, then that the
// callbackUrl stays on this site. Returns the refusal to answer with, or the absolute callback URL.
std::variant<http::Response, std::string> check_csrf_and_callback(const http::Context& ctx,
                                                                  const FormFields& fields, bool as_json,
                                                                  std::string_view csrf_failure_page);

}  // namespace shopfloor::auth
