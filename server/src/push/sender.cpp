#include "push/sender.hpp"

#include <openssl/sha.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json/object.hpp>

#include "outbound/client.hpp"
#include "push/encryption.hpp"
#include "realtime/fanout.hpp"
#include "util/base64.hpp"
#include "util/ids.hpp"

namespace shopfloor::push {

namespace {

constexpr const char* wake_topic = "push";
constexpr int batch_size = 8;
constexpr std::int64_t lease_ms = 5 * 60 * 1000;
constexpr std::int64_t max_attempts = 8;
constexpr long max_backoff_s = 3600;

// RFC 8030 §5.4: a Topic is at most 32 base64url characters; a tag can be any text, so it is hashed.
std::string topic_of(const std::string& tag) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(tag.data()), tag.size(), digest);
  return base64url(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest)).substr(0, 32);
}

}  // namespace

struct Sender::Outgoing {
  std::string id, payload, topic, urgency;
  std::int64_t ttl_s = 0, attempts = 0, created_at = 0;
  std::string subscription_id, endpoint, p256dh, auth;
};

Sender::Sender(http::Services& app, const Vapid& vapid, const PushServices& services, int threads)
    : app_(app), vapid_(vapid), services_(services), threads_(threads) {
  app.get<realtime::Fanout>().on(wake_topic, [this](const boost::json::object&) { wake(); });
}

Sender::~Sender() {
  stop();
}

void Sender::start() {
  if (!workers_.empty() || signal_.stopping()) return;
  for (int i = 0; i < threads_; ++i) workers_.emplace_back([this] { run(); });
}

void Sender::stop() {
  signal_.stop();
  for (auto& w : workers_)
    if (w.joinable()) w.join();
  workers_.clear();
}

void Sender::wake() {
  signal_.wake();
}

void Sender::wake_after_commit(db::Connection& c) {
  realtime::Fanout::publish(c, wake_topic, boost::json::object{});
}

void Sender::run() {
  while (auto seen = signal_.look()) {
    std::vector<Outgoing> batch;
    try {
      batch = claim(now_ms());
    } catch (const std::exception& e) {
      spdlog::warn("push: claiming failed: {}", e.what());
    }
    if (batch.empty()) {
      signal_.wait(*seen, std::chrono::seconds(1));
      continue;
    }
    std::vector<std::pair<Outcome, long>> outcomes;
    for (const auto& o : batch) {
      if (signal_.stopping()) break;  // the rest are released by settle(), for the next start or another node
      long retry_after_s = 0;
      Outcome outcome = deliver(o, retry_after_s);
      outcomes.emplace_back(outcome, retry_after_s);
    }
    try {
      settle(batch, outcomes);
    } catch (const std::exception& e) {
      spdlog::warn("push: recording {} sends failed (they go again after the lease): {}", batch.size(),
                   e.what());
    }
  }
}

std::vector<Sender::Outgoing> Sender::claim(std::int64_t now) {
  // Most polls find nothing: a read first, so an idle node's senders take no write lock every second.
  bool due = app_.db->transact_sync(
      [&](db::Connection& c) {
        return !c.query(
                     "SELECT 1 FROM push_outbox WHERE next_at <= $1 AND (claimed_until IS NULL OR "
                     "claimed_until < $1) LIMIT 1",
                     now)
                    .empty();
      },
      db::TxMode::read);
  if (!due) return {};
  std::string token = random_hex(12);
  return app_.db->transact_sync([&](db::Connection& c) {
    std::vector<Outgoing> out;
    auto claimed = c.query(
        std::string(
            "UPDATE push_outbox SET claim = $1, claimed_until = $2, attempts = attempts + 1 WHERE id IN "
            "(SELECT id FROM push_outbox WHERE next_at <= $3 AND (claimed_until IS NULL OR "
            "claimed_until < $3) ORDER BY next_at LIMIT ") +
            std::to_string(batch_size) + (c.is_sqlite() ? "" : " FOR UPDATE SKIP LOCKED") +
            ") AND (claimed_until IS NULL OR claimed_until < $3)",
        token, now + lease_ms, now);
    if (claimed.affected == 0) return out;
    auto rows = c.query(
        "SELECT o.id, o.payload, o.topic, o.urgency, o.ttl_s, o.attempts, o.created_at, s.id, s.endpoint, "
        "s.p256dh, s.auth FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id "
        "WHERE o.claim = $1",
        token);
    for (const auto& r : rows.rows)
      out.push_back(Outgoing{r.str(0), r.str(1), r.opt_str(2).value_or(""), r.str(3), r.i64(4), r.i64(5),
                             r.i64(6), r.str(7), r.str(8), r.str(9), r.str(10)});
    return out;
  });
}

Sender::Outcome Sender::deliver(const Outgoing& o, long& retry_after_s) {
  std::int64_t now = now_ms();
  if (now > o.created_at + o.ttl_s * 1000) return Outcome::dropped;  // too late to matter
  // The list of push services may have changed since the browser subscribed.
  auto origin = services_.origin_if_allowed(o.endpoint);
  if (!origin) return Outcome::gone;
  auto p256dh = from_base64url(o.p256dh);
  auto secret = from_base64url(o.auth);
  auto body = p256dh && secret ? encrypt(o.payload, Recipient{*p256dh, *secret}) : std::nullopt;
  if (!body) return Outcome::gone;  // keys no browser could hold
  // What remains of the TTL: a retried push must not outlive the first one's promise.
  std::int64_t ttl_left = std::max<std::int64_t>(0, (o.created_at + o.ttl_s * 1000 - now) / 1000);
  outbound::Request request{o.endpoint,
                            {"Content-Type: application/octet-stream", "Content-Encoding: aes128gcm",
                             "TTL: " + std::to_string(ttl_left), "Urgency: " + o.urgency,
                             "Authorization: " + vapid_.authorization(*origin, now / 1000)},
                            std::move(*body),
                            true};
  if (!o.topic.empty()) request.headers.push_back("Topic: " + topic_of(o.topic));
  request.max_reply_bytes = 64 * 1024;
  try {
    auto reply = outbound::call(request);
    if (reply.status >= 200 && reply.status < 300) return Outcome::delivered;
    if (reply.status == 404 || reply.status == 410) return Outcome::gone;
    if (reply.status == 429 || reply.status >= 500) {
      retry_after_s = reply.retry_after_s;
      return Outcome::retry;
    }
    spdlog::warn("push: {} answered {} ({}); push dropped", *origin, reply.status, reply.body.substr(0, 200));
    return Outcome::dropped;
  } catch (const outbound::Failure& e) {
    spdlog::info("push: {}: {}; will retry", *origin, e.what());
    return Outcome::retry;
  }
}

void Sender::settle(const std::vector<Outgoing>& batch,
                    const std::vector<std::pair<Outcome, long>>& outcomes) {
  std::int64_t now = now_ms(), delivered = 0;
  app_.db->transact_sync([&](db::Connection& c) {
    delivered = 0;
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const auto& o = batch[i];
      if (i >= outcomes.size()) {  // not tried: stopping
        c.query(
            "UPDATE push_outbox SET claimed_until = NULL, claim = NULL, attempts = attempts - 1 WHERE id = "
            "$1",
            o.id);
        continue;
      }
      auto [outcome, retry_after_s] = outcomes[i];
      if (outcome == Outcome::retry && o.attempts >= max_attempts) outcome = Outcome::dropped;
      switch (outcome) {
        case Outcome::delivered:
          ++delivered;
          [[fallthrough]];
        case Outcome::dropped:
          c.query("DELETE FROM push_outbox WHERE id = $1", o.id);
          break;
        case Outcome::gone:  // its other queued pushes go with it
          c.query("DELETE FROM push_subscriptions WHERE id = $1", o.subscription_id);
          break;
        case Outcome::retry: {
          long backoff =
              retry_after_s > 0 ? retry_after_s : 10L << std::min<std::int64_t>(o.attempts - 1, 12);
          c.query("UPDATE push_outbox SET next_at = $2, claimed_until = NULL, claim = NULL WHERE id = $1",
                  o.id, now + std::min(backoff, max_backoff_s) * 1000);
          break;
        }
      }
    }
  });
  delivered_ += delivered;
}

}  // namespace shopfloor::push
