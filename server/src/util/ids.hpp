// Identifiers, tokens, hashes and time: the small primitives every area uses.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace shopfloor {

// Milliseconds since the Unix epoch (how the database stores time): the system clock, unless this thread
// pinned it (PinnedClock below).
std::int64_t now_ms();

// While alive, now_ms() on this thread answers the pinned instant (moved with set()); the reading before it
// comes back when it ends. `seed --demo` writes the demo company's past days through the areas' own code
// this way, so every row, counter and event of an action carries the moment it happened. Serving never pins.
class PinnedClock {
 public:
  explicit PinnedClock(std::int64_t at_ms);
  ~PinnedClock();
  PinnedClock(const PinnedClock&) = delete;
  PinnedClock& operator=(const PinnedClock&) = delete;
  void set(std::int64_t at_ms);

 private:
  std::int64_t previous_;
};
// "2026-11-22T11:03:20.123Z" (how the API shows time).
std::string iso8601(std::int64_t epoch_ms);

// UUIDv7: time-ordered, random, safe to generate on any node. Within this process each id sorts after the
// one before it, even in the same millisecond (a counter after the time).
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
