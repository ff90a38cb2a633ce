// What a file of route handlers starts with: the request context, the typed client error, the answers
// (http/response.hpp), the running server's services, and the names every handler uses unqualified:
//
//   #include "http/handler.hpp"
//
//   namespace shopfloor::polls {
//   Awaitable get_poll(Context& ctx) {
//     ...
//     if (!body) throw ApiError::not_found();
//     co_return http::json_response(ctx, json::object{{"poll", *body}});
//   }
//   }
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json.hpp>

#include "http/api_error.hpp"
#include "http/context.hpp"
#include "http/response.hpp"
#include "http/services.hpp"

namespace shopfloor {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

}  // namespace shopfloor
