// Whether a signed-in person's telemetry may be stored (PDPA, issue 34). The privacy area owns the tables
// (privacy/consent.*): an admin setting says whether tracking waits for consent, and each person's answer to
// the privacy notice. Telemetry only reads them, so it needs nothing from that area.
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::telemetry {

// True when the company does not require consent, or the person accepted (any notice version: a newer
// notice asks again, but an earlier yes stands until they answer it).
bool may_record(db::Connection& c, const std::string& user_id);

}  // namespace shopfloor::telemetry
