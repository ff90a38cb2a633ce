// Consent to analytics tracking (PDPA, issue 34): the privacy notice's version, a person's answer, the
// admin's "tracking requires consent" setting, and the demo's people as having accepted. The telemetry
// ingestion reads the same tables to drop what it may not keep (telemetry/consent_gate.hpp).
#pragma once

#include "db/database.hpp"
#include "http/area.hpp"

namespace shopfloor::privacy {

// The privacy notice the web shows (web/src/i18n: privacyNotice). Raise it when the notice changes in
// substance: everyone who answered an older one is asked again.
inline constexpr int notice_version = 1;

void register_consent_routes(http::Services& app);

// Everyone the demo seed made so far accepted the current notice (the demo keeps its figures).
void seed_demo_consents(db::Connection& c);

}  // namespace shopfloor::privacy
