// The running application: settings, database, routes and the web app, plus the request pipeline
// (route → access guard → CSRF → handler → error envelope → access log).
#pragma once

#include <boost/asio/awaitable.hpp>
#include <memory>

#include "app/config.hpp"
#include "db/database.hpp"
#include "http/context.hpp"
#include "http/router.hpp"
#include "http/static_files.hpp"

namespace shopfloor {

struct App {
  explicit App(Config config);
  ~App();

  Config config;
  std::unique_ptr<db::Database> db;
  http::Router router;
  std::unique_ptr<http::StaticFiles> web;

  boost::asio::awaitable<http::Response> handle(http::Request& req, const std::string& peer_ip);
  std::size_t body_limit(boost::beast::http::verb method, std::string_view target) const;

 private:
  boost::asio::awaitable<http::Response> route(http::Context& ctx);
};

// Every area's routes, registered once at start.
void register_routes(App& app);

}  // namespace shopfloor
