#include "http/response.hpp"

#include <boost/json/serialize.hpp>

#include "util/html_escape.hpp"

namespace shopfloor::http {

namespace json = boost::json;

static Response base(const Context& ctx, Status status, std::string_view type) {
  Response res{status, ctx.req.version()};
  res.set(beast_http::field::content_type, type);
  res.keep_alive(ctx.req.keep_alive());
  return res;
}

Response json_response(const Context& ctx, const json::value& body, Status status) {
  Response res = base(ctx, status, "application/json; charset=utf-8");
  res.set(beast_http::field::cache_control, "no-store");
  res.body() = json::serialize(body);
  res.prepare_payload();
  return res;
}

json::object error_body(const ApiError& error, const std::string& request_id) {
  json::object e{
      {"code", error.code}, {"message", error.message.text()}, {"messageCode", error.message.json()}};
  if (!error.fields.empty()) {
    json::object fields, codes;
    for (auto& [k, v] : error.fields) {
      fields[k] = v.text();
      codes[k] = v.json();
    }
    e["fields"] = std::move(fields);
    e["fieldCodes"] = std::move(codes);
  }
  e["requestId"] = request_id;
  return json::object{{"error", std::move(e)}};
}

Response error_response(const Context& ctx, const ApiError& error) {
  return error_response(ctx, error, {});
}

Response error_response(const Context& ctx, const ApiError& error, json::object extra) {
  json::object body = error_body(error, ctx.request_id);
  for (auto& [k, v] : extra) body[k] = v;
  Response res = json_response(ctx, body, error.status);
  if (error.retry_after_s > 0) res.set(beast_http::field::retry_after, std::to_string(error.retry_after_s));
  return res;
}

Response html_response(const Context& ctx, std::string html, Status status) {
  Response res = base(ctx, status, "text/html; charset=utf-8");
  res.set(beast_http::field::cache_control, "no-store");
  res.body() = std::move(html);
  res.prepare_payload();
  return res;
}

Response redirect_response(const Context& ctx, const std::string& location, Status status) {
  Response res = base(ctx, status, "text/plain; charset=utf-8");
  res.set(beast_http::field::location, location);
  res.set(beast_http::field::cache_control, "no-store");
  res.prepare_payload();
  return res;
}

Response empty_response(const Context& ctx, Status status) {
  Response res{status, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.prepare_payload();
  return res;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_html_escaped(out, text, HtmlQuotes::both);
  return out;
}

}  // namespace shopfloor::http
