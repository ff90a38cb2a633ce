// Building responses: JSON, the error envelope, HTML, redirects.
#pragma once

#include <boost/json/value.hpp>

#include "http/api_error.hpp"
#include "http/context.hpp"

namespace shopfloor::http {

Response json_response(const Context& ctx, const boost::json::value& body, Status status = Status::ok);
Response error_response(const Context& ctx, const ApiError& error);
// An error envelope with extra top-level members (Auth.js answers carry "url" beside "error").
Response error_response(const Context& ctx, const ApiError& error, boost::json::object extra);
Response html_response(const Context& ctx, std::string html, Status status = Status::ok);
Response redirect_response(const Context& ctx, const std::string& location, Status status = Status::found);
Response empty_response(const Context& ctx, Status status);

boost::json::object error_body(const ApiError& error, const std::string& request_id);
std::string html_escape(std::string_view text);

}  // namespace shopfloor::http
