#include "resources/audit.hpp"

#include <boost/json/serialize.hpp>

#include "util/ids.hpp"

namespace shopfloor::audit {

void record(db::Connection& c, const std::string& actor_id, const std::string& action,
            const std::string& resource, const std::string& resource_id,
            const std::optional<boost::json::object>& before, const std::optional<boost::json::object>& after,
            const std::string& ip) {
  std::optional<std::string> b, a;
  if (before) b = boost::json::serialize(*before);
  if (after) a = boost::json::serialize(*after);
  c.query(
      "INSERT INTO audit_log (id, actor_id, action, resource, resource_id, before_json, after_json, ip, at) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      uuid_v7(), actor_id, action, resource, resource_id, b, a, ip, now_ms());
}

}  // namespace shopfloor::audit
