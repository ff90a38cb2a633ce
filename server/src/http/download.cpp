#include "http/download.hpp"

namespace shopfloor::http {

Response attachment(const Context& ctx, std::string body, std::string_view type, std::string_view filename) {
  Response res{beast_http::status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(beast_http::field::content_type, type);
  res.set(beast_http::field::content_disposition, "attachment; filename=\"" + std::string(filename) + "\"");
  res.set(beast_http::field::cache_control, "no-store");
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

}  // namespace shopfloor::http
