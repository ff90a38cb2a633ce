// A person's push subscriptions: one per browser that allowed notifications (PushSubscription.toJSON()).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "http/api_error.hpp"
#include "push/endpoints.hpp"

namespace shopfloor::push {

// A person keeps at most this many devices; subscribing one more drops the longest-unused.
constexpr std::int64_t max_subscriptions_per_person = 20;

struct Subscription {
  std::string endpoint;
  std::string p256dh;  // base64url as the browser sent it (65-byte point)
  std::string auth;    // base64url (16 bytes)
};

// The body of POST /api/push/subscriptions, checked: the endpoint on an allowed push service, the keys
// a P-256 point and a 16-byte secret. Throws ApiError 422 with the fields that are wrong.
Subscription parse_subscription(const boost::json::object& body, const PushServices& services);

// Stores it for the person (inside a transaction); true when the endpoint is new, false when it was
// known (its keys and owner are replaced: the same browser, subscribed again or by someone else).
bool save_subscription(db::Connection& c, const std::string& user_id, const Subscription& s,
                       std::int64_t now);

// Deletes the person's subscription of `endpoint`; false when they have none with it.
bool delete_subscription(db::Connection& c, const std::string& user_id, const std::string& endpoint);

}  // namespace shopfloor::push
