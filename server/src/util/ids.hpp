// Identifiers, tokens, hashes and time: the small primitives every area uses.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace shopfloor {

// Milliseconds since the Unix epoch (how the database stores time).
std::int64_t now_ms();
// "2026-11-22T11:03:20.123Z" (how the API shows time).
std::string iso8601(std::int64_t epoch_ms);

// UUIDv7: time-ordered, random, safe to generate on any node.
std::string uuid_v7();

// Could be an id this server made (a UUID or hex): anything else is answered 404 without a query.
bool plausible_id(std::string_view id);
// `bytes` random bytes from libsodium, hex encoded.
std::string random_hex(std::size_t bytes);
// URL-safe base64 of `bytes` random bytes (session tokens).
std::string random_token(std::size_t bytes = 32);

std::string sha256_hex(std::string_view data);
// Constant-time comparison for secrets.
bool equal_constant_time(std::string_view a, std::string_view b);

// Must run once before any other call here (initialises libsodium).
void init_crypto();

}  // namespace shopfloor

namespace shopfloor {
// RFC 7231 date for headers and cookie Expires: "Sun, 22 Nov 2026 11:03:20 GMT".
std::string http_date(std::int64_t epoch_ms);
// The instant in UTC through strftime's FORMAT (e.g. "%Y%m%dT%H%M%SZ" for iCalendar).
std::string utc_format(std::int64_t epoch_ms, const char* format);
}  // namespace shopfloor
