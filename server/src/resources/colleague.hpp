// A staff page about another person (their badges, their sticker book): answered only for an active user.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <string>

#include "http/context.hpp"
#include "http/response.hpp"

namespace shopfloor::db {
class Connection;
}

namespace shopfloor::resources {

// The :id of the path; 404 NO_SUCH_USER unless it is an active user. fn(c, id) builds the answer in the same
// read transaction.
boost::asio::awaitable<http::Response> colleague_read(
    http::Context& ctx, std::function<boost::json::object(db::Connection&, const std::string&)> fn);

}  // namespace shopfloor::resources
