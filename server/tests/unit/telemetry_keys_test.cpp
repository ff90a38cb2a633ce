// The telemetry rollups' keys (rollups/telemetry_keys.hpp): pages reduced to routes, element keys bounded,
// Web Vitals buckets and the 75th percentile read from them.
#include "rollups/telemetry_keys.hpp"

#include <gtest/gtest.h>

using namespace shopfloor::rollups;

TEST(TelemetryKeys, PageKeyIsTheRoute) {
  EXPECT_EQ(page_key("/learn/courses/0192f3a4-5b6c-7d8e-9f01-23456789abcd?tab=2#top"), "/learn/courses/:id");
  EXPECT_EQ(page_key("https://shop.example/club/events/42"), "/club/events/:id");
  EXPECT_EQ(page_key("http://shop.example"), "/");
  EXPECT_EQ(page_key(""), "/");
  EXPECT_EQ(page_key("?x=1"), "/");
  EXPECT_EQ(page_key("//main//"), "/main");
  EXPECT_EQ(page_key("/stores/AbCdEfGh12345678xyz"), "/stores/:id");    // 16+ characters with a digit
  EXPECT_EQ(page_key("/games/matching-game"), "/games/matching-game");  // words stay
  EXPECT_EQ(page_key("/p/me"), "/p/me");
  EXPECT_EQ(page_key("/Club/Events"), "/Club/Events");  // paths are case-sensitive
  // At most 8 segments of 64 bytes.
  EXPECT_EQ(page_key("/a/b/c/d/e/f/g/h/i/j"), "/a/b/c/d/e/f/g/h");
  EXPECT_EQ(page_key("/" + std::string(100, 'x')), "/" + std::string(64, 'x'));
  // Not a UUID (wrong dash) and no digit: kept.
  EXPECT_EQ(page_key("/x/abcdefab_cdef-abcd-abcd-abcdefabcdef"), "/x/abcdefab_cdef-abcd-abcd-abcdefabcdef");
}

TEST(TelemetryKeys, ElementKeyIsBounded) {
  EXPECT_EQ(element_key("  <button\n   class=\"a\">\tOK </button> "), "<button class=\"a\"> OK </button>");
  std::string thai;
  for (int i = 0; i < 100; ++i) thai += "ก";  // 3 bytes each
  auto key = element_key(thai);
  EXPECT_EQ(key.size(), 159u);  // 53 whole characters, never half of one
  EXPECT_EQ(element_key(std::string(500, 'a')).size(), element_key_bytes);
}

TEST(TelemetryKeys, VitalBuckets) {
  EXPECT_DOUBLE_EQ(vital_units("CLS", 0.1), 100);
  EXPECT_DOUBLE_EQ(vital_units("LCP", 1234.5), 1234.5);
  EXPECT_EQ(vital_bucket(0), 0);
  EXPECT_EQ(vital_bucket(0.99), 0);
  EXPECT_EQ(vital_bucket(1), 1);      // [1, 1.25)
  EXPECT_EQ(vital_bucket(1.25), 2);   // [1.25, 1.6)
  EXPECT_EQ(vital_bucket(10), 11);    // [10, 12.5)
  EXPECT_EQ(vital_bucket(2499), 34);  // [2000, 2500)
  EXPECT_EQ(vital_bucket(2500), 35);  // [2500, 3150): an edge starts its bucket
  EXPECT_EQ(vital_bucket(3149.9), 35);
  EXPECT_EQ(vital_bucket(3150), 36);
  EXPECT_EQ(vital_bucket(315), 26);  // [315, 400)
  EXPECT_EQ(vital_bucket(1e7), 71);  // the open last bucket
  EXPECT_EQ(vital_bucket(5e9), 71);
  EXPECT_DOUBLE_EQ(bucket_upper(0), 1);
  EXPECT_DOUBLE_EQ(bucket_upper(34), 2500);
  EXPECT_DOUBLE_EQ(bucket_upper(35), 3150);
  EXPECT_DOUBLE_EQ(bucket_upper(71), 1e7);
  // Every value lies in its bucket: lower edge <= value < upper edge.
  for (double v = 1; v < 1e7; v *= 1.07) {
    int b = vital_bucket(v);
    EXPECT_LT(v, bucket_upper(b)) << v;
    EXPECT_GE(v, bucket_upper(b - 1)) << v;
  }
}

TEST(TelemetryKeys, P75FromBuckets) {
  EXPECT_DOUBLE_EQ(p75_units({}), 0);
  // One sample: its bucket's upper edge.
  EXPECT_DOUBLE_EQ(p75_units({{vital_bucket(1800), 1}}), 2000);
  // Four samples 1000, 1200, 1900, 3000: the 3rd smallest (ceil(0.75 * 4) = 3) is 1900 in [1600, 2000).
  std::map<int, std::int64_t> h;
  for (double v : {1000.0, 1200.0, 1900.0, 3000.0}) h[vital_bucket(v)] += 1;
  EXPECT_DOUBLE_EQ(p75_units(h), 2000);
  // Five samples: ceil(3.75) = 4th smallest.
  h[vital_bucket(100)] += 1;  // 100, 1000, 1200, 1900, 3000 -> 1900
  EXPECT_DOUBLE_EQ(p75_units(h), 2000);
  h[vital_bucket(4000)] += 3;  // 8 samples: 6th smallest = 4000 in [4000, 5000)
  EXPECT_DOUBLE_EQ(p75_units(h), 5000);
  // Zeros (a CLS of 0) sit in bucket 0, whose upper edge is 1 unit.
  EXPECT_DOUBLE_EQ(p75_units({{0, 10}, {vital_bucket(250), 1}}), 1);
}
