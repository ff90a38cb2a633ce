// Routes: method + path pattern ("/api/admin/:resource/:id", trailing "*" for the rest) + handler +
// who may call it. Each area declares its routes in one table inside its own folder.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <functional>
#include <string>
#include <vector>

#include "http/context.hpp"

namespace shopfloor::http {

using Handler = std::function<boost::asio::awaitable<Response>(Context&)>;

// Who may call a route; checked before the handler runs.
enum class Access { anyone, signed_in, editor, admin };

struct Route {
  beast_http::verb method;
  std::string pattern;
  Handler handler;
  Access access = Access::anyone;
  // Cookie-authenticated writes need the X-CSRF-Token header. Auth.js endpoints check their own
  // body token instead, and say so with csrf_header = false.
  bool csrf_header = true;
  // Largest request body for this route; 0 = the server default (MAX_BODY_BYTES).
  std::size_t max_body_bytes = 0;
};

class Router {
 public:
  void add(Route route);
  void get(std::string pattern, Handler h, Access a = Access::anyone) {
    add({beast_http::verb::get, std::move(pattern), std::move(h), a});
  }
  void post(std::string pattern, Handler h, Access a = Access::anyone) {
    add({beast_http::verb::post, std::move(pattern), std::move(h), a});
  }
  void patch(std::string pattern, Handler h, Access a = Access::anyone) {
    add({beast_http::verb::patch, std::move(pattern), std::move(h), a});
  }
  void put(std::string pattern, Handler h, Access a = Access::anyone) {
    add({beast_http::verb::put, std::move(pattern), std::move(h), a});
  }
  void del(std::string pattern, Handler h, Access a = Access::anyone) {
    add({beast_http::verb::delete_, std::move(pattern), std::move(h), a});
  }

  struct Match {
    const Route* route = nullptr;
    bool path_known = false;  // some route has this path with another method (405, not 404)
  };
  // HEAD matches GET routes. Fills ctx.params on a match.
  Match match(beast_http::verb method, std::string_view path, Context& ctx) const;
  // The same without capturing parameters (used to pick a body limit before the body is read).
  const Route* find(beast_http::verb method, std::string_view path) const;

  const std::vector<Route>& routes() const { return routes_; }

 private:
  struct Compiled {
    Route route;
    std::vector<std::string> segments;  // ":name" captures one segment, "*" captures the rest
  };
  Match match_impl(beast_http::verb method, std::string_view path,
                   std::unordered_map<std::string, std::string>* params) const;
  std::vector<Compiled> compiled_;
  std::vector<Route> routes_;
};

}  // namespace shopfloor::http
