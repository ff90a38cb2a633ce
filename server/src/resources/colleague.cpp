#include "resources/colleague.hpp"

#include "db/database.hpp"
#include "http/api_error.hpp"
#include "http/services.hpp"
#include "util/ids.hpp"

namespace shopfloor::resources {

boost::asio::awaitable<http::Response> colleague_read(
    http::Context& ctx, std::function<boost::json::object(db::Connection&, const std::string&)> fn) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw http::ApiError::not_found(msg::NO_SUCH_USER);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<boost::json::object> {
    if (c.query("SELECT 1 FROM users WHERE id = $1 AND status = 'active'", id).empty()) return std::nullopt;
    return fn(c, id);
  });
  if (!body) throw http::ApiError::not_found(msg::NO_SUCH_USER);
  co_return http::json_response(ctx, *body);
}

}  // namespace shopfloor::resources
