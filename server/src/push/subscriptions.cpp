#include "push/subscriptions.hpp"

#include "push/p256.hpp"
#include "util/base64.hpp"
#include "util/ids.hpp"

namespace shopfloor::push {

namespace {

using http::ApiError;
using http::FieldErrors;

std::string text_member(const boost::json::object& o, const char* key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

}  // namespace

Subscription parse_subscription(const boost::json::object& body, const PushServices& services) {
  FieldErrors errors;
  Subscription s;
  s.endpoint = text_member(body, "endpoint");
  if (s.endpoint.empty())
    errors["endpoint"] = msg::REQUIRED;
  else if (!services.origin_if_allowed(s.endpoint))
    errors["endpoint"] = msg::PUSH_ENDPOINT_NOT_ALLOWED;
  const auto* keys_value = body.if_contains("keys");
  if (!keys_value || !keys_value->is_object()) {
    errors["keys"] = keys_value ? msg::MUST_BE_OBJECT : msg::REQUIRED;
    throw ApiError::validation(std::move(errors));
  }
  const auto& keys = keys_value->as_object();
  s.p256dh = text_member(keys, "p256dh");
  s.auth = text_member(keys, "auth");
  // Browsers send both unpadded; a padded copy is the same key, so the stored form drops the '='.
  while (s.p256dh.ends_with('=')) s.p256dh.pop_back();
  while (s.auth.ends_with('=')) s.auth.pop_back();
  auto point = from_base64url(s.p256dh);
  if (!point || !p256_public(*point)) errors["keys.p256dh"] = msg::PUSH_P256DH_INVALID;
  auto secret = from_base64url(s.auth);
  if (!secret || secret->size() != 16) errors["keys.auth"] = msg::PUSH_AUTH_INVALID;
  if (!errors.empty()) throw ApiError::validation(std::move(errors));
  return s;
}

bool save_subscription(db::Connection& c, const std::string& user_id, const Subscription& s,
                       std::int64_t now) {
  // Insert first, so two requests racing with one endpoint cannot both insert: the second updates.
  bool created =
      c.query(
           "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at) "
           "VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (endpoint) DO NOTHING",
           uuid_v7(), user_id, s.endpoint, s.p256dh, s.auth, now)
          .affected > 0;
  if (!created)
    c.query(
        "UPDATE push_subscriptions SET user_id = $2, p256dh = $3, auth = $4, updated_at = $5 WHERE endpoint "
        "= $1",
        s.endpoint, user_id, s.p256dh, s.auth, now);
  // The cap: the longest-unused beyond it go (their queued pushes with them).
  auto devices = c.query(
      "SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, id DESC", user_id);
  for (std::size_t i = max_subscriptions_per_person; i < devices.rows.size(); ++i)
    c.query("DELETE FROM push_subscriptions WHERE id = $1", devices.rows[i].str(0));
  return created;
}

bool delete_subscription(db::Connection& c, const std::string& user_id, const std::string& endpoint) {
  return c.query("DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2", user_id, endpoint)
             .affected > 0;
}

}  // namespace shopfloor::push
