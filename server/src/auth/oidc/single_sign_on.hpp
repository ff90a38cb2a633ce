// Single sign-on with OpenID Connect providers (OIDC_PROVIDERS): the configured providers, the threads their
// HTTPS calls run on, and what happens to a person the provider vouches for who is not on the roster (the
// users area decides: auth does not create people). The App owns one and provides it to the handlers
// (ctx.app.get<auth::oidc::SingleSignOn>()); the routes are in routes.cpp.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "auth/oidc/provider.hpp"
#include "auth/oidc/settings.hpp"
#include "db/database.hpp"
#include "util/rate_budget.hpp"
#include "util/run_on_pool.hpp"

namespace shopfloor::auth::oidc {

// Someone the provider signed in whose claim names nobody on the roster.
struct UnknownPerson {
  std::string provider;  // provider id
  ProviderSettings::Match match;
  std::string value;                 // the claim's value (an employee code or an email)
  std::string name;                  // from the ID token's name claims, else the value
  std::optional<std::string> email;  // a verified email claim, when the token has one
  std::string ip;
};

class SingleSignOn {
 public:
  // Decides inside the sign-in's transaction: true when the person now waits as a pending account.
  using UnknownPersonHandler = std::function<bool(db::Connection&, const UnknownPerson&)>;

  explicit SingleSignOn(const std::vector<ProviderSettings>& providers);
  ~SingleSignOn();

  const std::vector<std::unique_ptr<Provider>>& providers() const { return providers_; }
  Provider* find(std::string_view id) const;

  // Runs blocking provider work (HTTPS calls, signature checks) on the sign-in threads.
  template <class F>
  auto call(F fn) -> boost::asio::awaitable<std::invoke_result_t<F&>> {
    return run_on_pool(*threads_, std::move(fn));
  }

  // Reads each provider's discovery document and keys in the background, logging what fails.
  void warm_up();
  // Lets calls under way finish and stops the threads.
  void stop();

  void on_unknown_person(UnknownPersonHandler handler) { unknown_person_ = std::move(handler); }
  bool handle_unknown_person(db::Connection& c, const UnknownPerson& person) const {
    return unknown_person_ && unknown_person_(c, person);
  }

  // Sign-in starts and callbacks per client IP (this node): enough for a store behind one address.
  RateBudget& budget() { return budget_; }

 private:
  std::vector<std::unique_ptr<Provider>> providers_;
  std::unique_ptr<boost::asio::thread_pool> threads_;
  UnknownPersonHandler unknown_person_;
  RateBudget budget_{{.burst = 60, .per_minute = 60}};
};

}  // namespace shopfloor::auth::oidc
