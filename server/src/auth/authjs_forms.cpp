#include "auth/authjs_forms.hpp"

#include "auth/authjs_routes.hpp"
#include "auth/csrf.hpp"
#include "http/response.hpp"

namespace shopfloor::auth {

namespace json = boost::json;
using http::ApiError;
using http::Status;

std::string auth_url(const http::Context& ctx, std::string_view path_and_query) {
  return ctx.origin() + "/api/auth" + std::string(path_and_query);
}

bool wants_json(const FormFields& fields) {
  auto it = fields.find("json");
  return it != fields.end() && it->second == "true";
}

std::string form_field(const FormFields& fields, const char* name) {
  auto it = fields.find(name);
  return it == fields.end() ? std::string{} : it->second;
}

http::Response answer(const http::Context& ctx, bool as_json, const std::string& url,
                      std::optional<ApiError> error) {
  if (!as_json) return http::redirect_response(ctx, url);
  if (error) return http::error_response(ctx, *error, json::object{{"url", url}});
  return http::json_response(ctx, json::object{{"url", url}});
}

std::variant<http::Response, std::string> check_csrf_and_callback(const http::Context& ctx,
                                                                  const FormFields& fields, bool as_json,
                                                                  std::string_view csrf_failure_page) {
  if (!csrf_token_matches(ctx, form_field(fields, "csrfToken")))
    return answer(ctx, as_json, auth_url(ctx, csrf_failure_page), ApiError::csrf());
  auto callback = same_origin_url(ctx, form_field(fields, "callbackUrl"));
  if (!callback)
    return answer(ctx, as_json, auth_url(ctx, "/error?error=INVALID_CALLBACK_URL_ERROR"),
                  ApiError(Status::bad_request, err::INVALID_CALLBACK_URL_ERROR, msg::CALLBACK_URL));
  return std::move(*callback);
}

}  // namespace shopfloor::auth
