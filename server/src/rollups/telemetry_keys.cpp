#include "rollups/telemetry_keys.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

#include "util/one_line.hpp"

namespace shopfloor::rollups {

namespace {

constexpr std::size_t max_segments = 8, max_segment_bytes = 64;

bool is_hex(char ch) {
  return std::isxdigit(static_cast<unsigned char>(ch)) != 0;
}

bool is_uuid(std::string_view s) {
  if (s.size() != 36) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? s[i] != '-' : !is_hex(s[i])) return false;
  }
  return true;
}

bool is_id(std::string_view s) {
  if (is_uuid(s)) return true;
  bool digits_only = std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  if (digits_only) return true;
  bool has_digit = std::any_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  return s.size() >= 16 && has_digit;
}

// `s` cut to at most `max` bytes without splitting a UTF-8 character.
std::string_view cut_utf8(std::string_view s, std::size_t max) {
  if (s.size() <= max) return s;
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

// The R10 series in hundredths, so that the edges from 10 units up are exact whole numbers.
constexpr std::int64_t r10[] = {100, 125, 160, 200, 250, 315, 400, 500, 630, 800};

double edge(int j) {
  std::int64_t scale = 1;
  for (int k = 0; k < j / 10; ++k) scale *= 10;
  return static_cast<double>(r10[j % 10] * scale) / 100.0;
}

}  // namespace

std::string page_key(std::string_view url) {
  if (auto scheme = url.find("://"); scheme != std::string_view::npos && scheme < url.find_first_of("/?#")) {
    auto path = url.find('/', scheme + 3);
    url = path == std::string_view::npos ? std::string_view{} : url.substr(path);
  }
  url = url.substr(0, url.find_first_of("?#"));
  std::string out;
  std::size_t segments = 0, start = 0;
  while (start <= url.size() && segments < max_segments) {
    auto end = url.find('/', start);
    if (end == std::string_view::npos) end = url.size();
    auto seg = url.substr(start, end - start);
    start = end + 1;
    if (seg.empty()) continue;
    out += '/';
    out += is_id(seg) ? std::string_view(":id") : cut_utf8(seg, max_segment_bytes);
    ++segments;
  }
  return out.empty() ? "/" : out;
}

std::string element_key(std::string_view markup) {
  return std::string(cut_utf8(one_line(markup), element_key_bytes));
}

double vital_units(std::string_view name, double value) {
  return name == "CLS" ? value * 1000.0 : value;
}

int vital_bucket(double units) {
  if (!(units >= 1)) return 0;  // also NaN
  // Largest j with E(j) <= units; the log is a first guess, the comparisons make it exact at the edges.
  int j = std::clamp(static_cast<int>(std::floor(std::log10(units) * 10)), 0, vital_buckets - 2);
  while (j + 1 <= vital_buckets - 2 && edge(j + 1) <= units) ++j;
  while (j > 0 && edge(j) > units) --j;
  return j + 1;
}

double bucket_upper(int bucket) {
  if (bucket <= 0) return 1;
  return edge(std::min(bucket, vital_buckets - 2));
}

double p75_units(const std::map<int, std::int64_t>& histogram) {
  std::int64_t n = 0;
  for (const auto& [bucket, count] : histogram) n += count;
  if (n <= 0) return 0;
  std::int64_t rank = (3 * n + 3) / 4, seen = 0;  // ceil(0.75 n)
  for (const auto& [bucket, count] : histogram) {
    seen += count;
    if (seen >= rank) return bucket_upper(bucket);
  }
  return bucket_upper(histogram.rbegin()->first);
}

}  // namespace shopfloor::rollups
