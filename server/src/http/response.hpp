// Building responses: JSON, the error envelope, HTML, redirects.
#pragma once

#include <boost/json/value.hpp>
#include <optional>

#include "http/api_error.hpp"
#include "http/context.hpp"

namespace shopfloor::http {

// Sent with every HTML page (the SPA and the server-rendered auth pages): everything is self-hosted.
// Styles allow 'unsafe-inline' because antd's CSS-in-JS inserts <style> tags and React sets style
// attributes (a nonce would not cover attributes); scripts may only come from our own files.
inline constexpr const char* content_security_policy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "media-src 'self' blob:; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'";

Response json_response(const Context& ctx, const boost::json::value& body, Status status = Status::ok);
// The body as JSON, or the 404 envelope when there is none (no such item, or not one the caller may see).
template <class Body>
Response json_or_not_found(const Context& ctx, const std::optional<Body>& body, Status status = Status::ok) {
  if (!body) throw ApiError::not_found();
  return json_response(ctx, *body, status);
}
Response error_response(const Context& ctx, const ApiError& error);
// An error envelope with extra top-level members (Auth.js answers carry "url" beside "error").
Response error_response(const Context& ctx, const ApiError& error, boost::json::object extra);
Response html_response(const Context& ctx, std::string html, Status status = Status::ok);
Response redirect_response(const Context& ctx, const std::string& location, Status status = Status::found);
Response empty_response(const Context& ctx, Status status);

boost::json::object error_body(const ApiError& error, const std::string& request_id);
std::string html_escape(std::string_view text);

}  // namespace shopfloor::http
