// Everything a handler needs about one request.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/beast/http.hpp>
#include <boost/json/value.hpp>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "http/session_user.hpp"

namespace shopfloor::http {
class Services;
}

namespace shopfloor::http {

namespace beast_http = boost::beast::http;

// Where a keyset page begins: the (first, second, id) sort key of the previous page's last item, written
// "<first>.<second>.<id>" (see Context::query_page_key).
struct PageKey {
  std::int64_t first = 0, second = 0;
  std::string id;
  std::string text() const { return std::to_string(first) + "." + std::to_string(second) + "." + id; }
};
using Request = beast_http::request<beast_http::string_body>;
using Response = beast_http::response<beast_http::string_body>;

struct Context {
  Context(Services& app, Request& req, std::string request_id, std::string client_ip);

  Services& app;  // the running server: settings, database, router, services (http/services.hpp)
  Request& req;
  std::string request_id;
  std::string client_ip;
  std::string local_authority;  // "address:port" the connection arrived on; empty outside a connection
  std::string path;             // decoded path without the query
  std::unordered_map<std::string, std::string> params;  // from the route pattern (":id")

  // Query string value (decoded), or nullopt.
  std::optional<std::string> query(std::string_view name) const;
  // A whole-number query parameter within [lo, hi], `def` when absent; 400 BAD_REQUEST naming it otherwise.
  std::int64_t query_int(const char* name, std::int64_t def, std::int64_t lo, std::int64_t hi) const;
  // A keyset page cursor ("<int>.<int>.<id>", both whole numbers ≥ 0), nullopt when absent or empty; 400
  // BAD_REQUEST naming it (PAGE_CURSOR) when it is not one this server wrote.
  std::optional<PageKey> query_page_key(const char* name) const;
  const std::map<std::string, std::string>& query_params() const { return query_; }
  std::optional<std::string> cookie(std::string_view name) const;
  std::string header(beast_http::field f) const;
  // Scheme + host of this site: PUBLIC_URL when configured. Otherwise the Host header only when it names
  // this server itself (the address the connection arrived on, or a loopback name), else that address:
  // a client-supplied Host never chooses where redirects and absolute URLs point.
  std::string origin() const;
  bool is_https() const;

  // JSON body as an object; throws ApiError 400 BAD_JSON / 415 / BAD_REQUEST when it is not one.
  boost::json::object json_object() const;
  // Form (application/x-www-form-urlencoded) or JSON object body as flat string fields.
  std::map<std::string, std::string> form_fields() const;

  // Filled once per request by auth::current_user() from the session cookie.
  std::optional<auth::SessionUser> user;
  bool user_loaded = false;

  // Headers added to whatever response this request gets (Set-Cookie from auth, for example).
  std::vector<std::pair<beast_http::field, std::string>> extra_headers;

 private:
  std::map<std::string, std::string> query_;
};

}  // namespace shopfloor::http
