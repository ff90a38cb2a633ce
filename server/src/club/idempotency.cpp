#include "club/idempotency.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "http/api_error.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

std::string idempotency_key(const http::Context& ctx) {
  auto it = ctx.req.find("Idempotency-Key");
  if (it == ctx.req.end()) return "";
  std::string key(it->value());
  bool printable = true;
  for (unsigned char ch : key) printable = printable && ch > 0x20 && ch < 0x7f;
  if (key.empty() || key.size() > 100 || !printable) throw http::ApiError::bad_request(msg::IDEMPOTENCY_KEY);
  return key;
}

namespace {

// Claims (user, scope, key): nullopt when this request is the first, or the first request's answer.
std::optional<StoredAnswer> replay(db::Connection& c, const std::string& user_id, const std::string& scope,
                                   const std::string& key) {
  if (key.empty()) return std::nullopt;
  auto claimed = c.query(
      "INSERT INTO idempotency_keys (user_id, scope, idem_key, status, created_at) VALUES ($1, $2, $3, 0, "
      "$4) "
      "ON CONFLICT (user_id, scope, idem_key) DO NOTHING",
      user_id, scope, key, now_ms());
  if (claimed.affected > 0) {
    // Keys are kept for a day (a retry comes within seconds): the person's older ones go as they make new
    // ones.
    c.query("DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < $2", user_id,
            now_ms() - 86400000);
    return std::nullopt;
  }
  auto row =
      c.query("SELECT status, body FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND idem_key = $3",
              user_id, scope, key)
          .first();
  if (!row || row->i64(0) == 0) return std::nullopt;  // cannot happen once the first committed
  return StoredAnswer{static_cast<int>(row->i64(0)), boost::json::parse(row->str(1))};
}

void remember(db::Connection& c, const std::string& user_id, const std::string& scope, const std::string& key,
              const StoredAnswer& answer) {
  if (key.empty()) return;
  c.query(
      "UPDATE idempotency_keys SET status = $4, body = $5 WHERE user_id = $1 AND scope = $2 AND idem_key = "
      "$3",
      user_id, scope, key, answer.status, boost::json::serialize(answer.body));
}

}  // namespace

StoredAnswer once_per_key(db::Connection& c, const std::string& user_id, const std::string& scope,
                          const std::string& key, const std::function<StoredAnswer()>& spend) {
  if (auto first = replay(c, user_id, scope, key)) return *first;
  auto answer = spend();
  remember(c, user_id, scope, key, answer);
  return answer;
}

}  // namespace shopfloor::club
