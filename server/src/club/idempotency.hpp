// Idempotency-Key for the club's spending POSTs (redeem, claim): a retried request with the same key gets
// the first answer again and spends nothing twice. The key's row is inserted first in the request's
// transaction, so on PostgreSQL a racing retry waits on it (unique index) and then reads the stored answer;
// SQLite's write transaction serialises the two anyway. A request that failed stored nothing: its retry
// runs again. Keys live for a day.
#pragma once

#include <boost/json/value.hpp>
#include <functional>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "http/context.hpp"

namespace shopfloor::club {

struct StoredAnswer {
  int status = 200;
  boost::json::value body;
};

// The header's value ("" when absent); 400 IDEMPOTENCY_KEY when it is empty or longer than 100.
std::string idempotency_key(const http::Context& ctx);

// Inside the request's transaction: the first request with (user, scope, key) runs `spend` and its answer is
// stored; a retry gets that answer again without spending. An empty key (the demo seed) always spends.
StoredAnswer once_per_key(db::Connection& c, const std::string& user_id, const std::string& scope,
                          const std::string& key, const std::function<StoredAnswer()>& spend);

}  // namespace shopfloor::club
