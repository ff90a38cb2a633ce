// The push area's running parts, one per node (the App owns it; routes reach it with get<WebPush>()):
// the VAPID key, the allowed push services, the background sender and the "send me a test" budget.
#pragma once

#include <memory>

#include "http/services.hpp"
#include "push/endpoints.hpp"
#include "push/sender.hpp"
#include "push/settings.hpp"
#include "push/vapid.hpp"
#include "util/rate_budget.hpp"

namespace shopfloor::push {

class WebPush {
 public:
  // Loads or creates the VAPID key (throws on a bad VAPID_PRIVATE_KEY, VAPID_SUBJECT or PUSH_SERVICES).
  WebPush(http::Services& app, const Settings& settings);

  void start() { sender_->start(); }
  void stop() { sender_->stop(); }

  const Vapid& vapid() const { return vapid_; }
  const PushServices& services() const { return services_; }
  Sender& sender() { return *sender_; }
  // POST /api/push/test per person: three at once, then one a minute.
  RateBudget& test_budget() { return test_budget_; }

 private:
  Vapid vapid_;
  PushServices services_;
  std::unique_ptr<Sender> sender_;
  RateBudget test_budget_{RateBudget::Limits{3, 1}};
};

// GET /api/push/key, POST and DELETE /api/push/subscriptions, POST /api/push/test.
void register_routes(http::Services& app);

}  // namespace shopfloor::push
