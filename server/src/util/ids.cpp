#include "util/ids.hpp"

#include <fmt/format.h>
#include <sodium.h>

#include <chrono>
#include <ctime>
#include <mutex>
#include <stdexcept>

namespace shopfloor {

void init_crypto() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

namespace {
thread_local std::int64_t pinned_ms = 0;  // 0: not pinned
}

std::int64_t now_ms() {
  if (pinned_ms) return pinned_ms;
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

PinnedClock::PinnedClock(std::int64_t at_ms) : previous_(pinned_ms) {
  pinned_ms = at_ms;
}

PinnedClock::~PinnedClock() {
  pinned_ms = previous_;
}

void PinnedClock::set(std::int64_t at_ms) {
  pinned_ms = at_ms;
}

std::string iso8601(std::int64_t epoch_ms) {
  std::time_t seconds = static_cast<std::time_t>(epoch_ms / 1000);
  int millis = static_cast<int>(epoch_ms % 1000);
  if (millis < 0) {
    millis += 1000;
    seconds -= 1;
  }
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900, tm.tm_mon + 1,
                     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
}

static std::string to_hex(const unsigned char* data, std::size_t n) {
  std::string out(n * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, n);
  out.pop_back();
  return out;
}

namespace {
// The last id's time and the 12-bit counter in its rand_a (RFC 9562 6.2, method 1): ids made in one
// millisecond still sort in the order they were made, so a keyset page by id follows the writes.
struct UuidClock {
  std::mutex mutex;
  std::uint64_t ms = 0;
  unsigned counter = 0;
};
UuidClock uuid_clock;
constexpr unsigned counter_max = 0xFFF;

// A new millisecond starts the counter at a random value with its top bit clear: at least 2,048 ids fit
// before it overflows, and the next id is still not guessable from this one.
unsigned fresh_counter() {
  return randombytes_uniform(0x800);
}
}  // namespace

std::string uuid_v7() {
  unsigned char b[16];
  randombytes_buf(b, sizeof b);
  auto ms = static_cast<std::uint64_t>(now_ms());
  unsigned counter;
  {
    std::lock_guard lock(uuid_clock.mutex);
    auto& clock = uuid_clock;
    if (ms > clock.ms || clock.ms - ms > 1000) {
      // A later millisecond, or a clock pinned far from the last (the demo seed writing its past): that time.
      clock.ms = ms;
      clock.counter = fresh_counter();
    } else if (++clock.counter > counter_max) {
      // The same millisecond (or the clock stepped back a little): count on; past the counter's end, borrow
      // the next millisecond rather than go backwards.
      ++clock.ms;
      clock.counter = fresh_counter();
    }
    ms = clock.ms;
    counter = clock.counter;
  }
  for (int i = 0; i < 6; ++i) b[i] = static_cast<unsigned char>(ms >> (8 * (5 - i)));
  b[6] = static_cast<unsigned char>(0x70 | (counter >> 8));  // version 7, then the counter's top 4 bits
  b[7] = static_cast<unsigned char>(counter & 0xFF);
  b[8] = static_cast<unsigned char>(0x80 | (b[8] & 0x3F));  // RFC 4122 variant
  std::string hex = to_hex(b, sizeof b);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20);
}

std::string random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), bytes);
  return to_hex(reinterpret_cast<const unsigned char*>(raw.data()), bytes);
}

std::string random_token(std::size_t bytes) {
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), bytes);
  std::string out(sodium_base64_ENCODED_LEN(bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(raw.data()), bytes,
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  return to_hex(digest, sizeof digest);
}

bool equal_constant_time(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace shopfloor

namespace shopfloor {
std::string utc_format(std::int64_t epoch_ms, const char* format) {
  std::time_t seconds = static_cast<std::time_t>(epoch_ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

std::string http_date(std::int64_t epoch_ms) {
  return utc_format(epoch_ms, "%a, %d %b %Y %H:%M:%S GMT");
}
bool plausible_id(std::string_view id) {
  return !id.empty() && id.size() <= 64 &&
         id.find_first_not_of("0123456789abcdefABCDEF-") == std::string_view::npos;
}

}  // namespace shopfloor
