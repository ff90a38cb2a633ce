// The id of one request (X-Request-Id, the access log): 16 hex digits. Not a secret, only unique, so it comes
// from a per-thread stream seeded once from libsodium rather than a getrandom(2) call per request.
#pragma once

#include <string>

namespace shopfloor {

std::string request_id();

}  // namespace shopfloor
