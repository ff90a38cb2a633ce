// Keys of the telemetry rollups (docs/API.md "Reports", `engagement`): pages reduced to their route so that
// 100,000 people's addresses make a bounded set of keys, clicked elements cut to a bounded length, and Web
// Vitals kept as fixed log-spaced histograms per page so that a report can read the 75th percentile from a
// few counters instead of the raw samples.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace shopfloor::rollups {

// The route of an address: no origin, query or fragment; segments that are obviously ids (a UUID, digits
// only, or 16+ characters holding a digit) become ":id"; at most 8 segments of 64 bytes; "/" when empty.
std::string page_key(std::string_view url);

// A clicked element's markup as its key: whitespace runs made one space, cut to 160 bytes (whole UTF-8
// characters). Shown as text, never as markup.
inline constexpr std::size_t element_key_bytes = 160;
std::string element_key(std::string_view markup);

// Web Vitals histograms. A value is first scaled to a whole "unit": milliseconds for LCP, INP, FCP and
// TTFB, thousandths for CLS. Bucket 0 holds [0, 1) units; bucket i >= 1 holds [E(i-1), E(i)) with the R10
// preferred numbers E(j) = {1, 1.25, 1.6, 2, 2.5, 3.15, 4, 5, 6.3, 8}[j % 10] * 10^(j / 10) (so 2500 ms, 4000
// ms, 200 ms, 500 ms, CLS 0.1 and 0.25, the "good" / "poor" limits, are edges); the last bucket, 71, holds
// everything from 10^7 units.
inline constexpr int vital_buckets = 72;
double vital_units(std::string_view name, double value);  // CLS x 1000, others as they are
int vital_bucket(double units);
// The upper edge of bucket i in units (E(i); 1 for bucket 0; E(70) for the open last bucket).
double bucket_upper(int bucket);
// The 75th percentile of a histogram (bucket -> count) by the nearest rank: the upper edge of the bucket
// holding the ceil(0.75 * N)-th smallest value, in units (so at most 25% above the true value). 0 when empty.
double p75_units(const std::map<int, std::int64_t>& histogram);

}  // namespace shopfloor::rollups
