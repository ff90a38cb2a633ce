// What request handlers and a domain's route registration may use of the running server: its settings,
// the database, the router, and the services domains offer each other (the session registry, the presence
// hub, the telemetry buffer), looked up by type. http/ and the domains see this, never app/ (the App is the
// one implementation, app/app.hpp), so a domain depends on what it uses, not on everything.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>

#include "db/database.hpp"
#include "http/router.hpp"
#include "util/config.hpp"

namespace shopfloor::http {

class Services {
 public:
  explicit Services(Config config) : config(std::move(config)) {}
  virtual ~Services() = default;
  Services(const Services&) = delete;
  Services& operator=(const Services&) = delete;

  Config config;
  std::unique_ptr<db::Database> db;
  Router router;

  // Per app path, the library photo (/media/<hash>.<ext>) that is the screen's largest paint for the
  // signed-in person, if any (the Stories tab: their feed's first photo). The server preloads it with the
  // app's HTML, so it downloads while the JS loads instead of after it has run (issue 29; static_files.cpp).
  using LargestPaint = std::function<std::optional<std::string>(db::Connection&, const std::string& user_id)>;
  std::map<std::string, LargestPaint, std::less<>> largest_paints;

  // The service of type T, which the App provided at start; a missing one is a wiring bug.
  template <class T>
  T& get() const {
    auto it = provided_.find(std::type_index(typeid(T)));
    if (it == provided_.end()) throw std::logic_error(std::string("no service ") + typeid(T).name());
    return *static_cast<T*>(it->second);
  }

  // Makes `service` (owned by the caller, who outlives every request) available to get<T>().
  template <class T>
  void provide(T& service) {
    provided_[std::type_index(typeid(T))] = &service;
  }

 private:
  std::unordered_map<std::type_index, void*> provided_;
};

}  // namespace shopfloor::http
