// A badge award's public verification page, /share/badge/<awardId> (issue 28 item 11): what a person shares
// instead of a credential file. It shows the badge, who earned it and when, and that this server issued it
// and has not revoked it; a revoked or unknown award is the share pages' one 404. The award id is a UUIDv7
// (74 random bits): only a link its holder passed on finds it.
#pragma once

namespace shopfloor::badges {

// Registers the "badge" share kind; called while the badges' routes are registered.
void register_verify_page();

}  // namespace shopfloor::badges
