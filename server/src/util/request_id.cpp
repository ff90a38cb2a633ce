#include "util/request_id.hpp"

#include <sodium.h>

#include <cstdint>

namespace shopfloor {

std::string request_id() {
  // splitmix64 over a random per-thread start: distinct values on every thread and node, uniformly spread.
  thread_local std::uint64_t state = [] {
    std::uint64_t seed = 0;
    randombytes_buf(&seed, sizeof seed);
    return seed;
  }();
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, z >>= 4) out[static_cast<std::size_t>(i)] = digits[z & 15];
  return out;
}

}  // namespace shopfloor
