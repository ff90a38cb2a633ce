#include "telemetry/consent_gate.hpp"

namespace shopfloor::telemetry {

bool may_record(db::Connection& c, const std::string& user_id) {
  // One round trip: the setting (a missing row means required, the safe side) and the person's answer.
  auto row = c.query(
                  "SELECT (SELECT consent_required FROM privacy_settings WHERE id = 'default'), "
                  "(SELECT choice FROM privacy_consents WHERE user_id = $1)",
                  user_id)
                 .first();
  if (!row) return false;
  bool required = row->is_null(0) || row->i64(0) != 0;
  return !required || (!row->is_null(1) && row->str(1) == "accepted");
}

}  // namespace shopfloor::telemetry
