// Audiences matched against a viewer (learning/audience.hpp: the kit's rule as learning uses it).
#include <gtest/gtest.h>

#include "learning/audience.hpp"

using namespace shopfloor::learning;

TEST(Audience, KindsAndAndValuesOr) {
  Viewer v;
  v.user_id = "u";
  v.store_id = "s1";
  v.region_id = "r1";
  v.position = "cashier";
  v.groups = {"g1"};
  v.subgroups = {"sg1"};
  EXPECT_TRUE(matches("", v));
  EXPECT_TRUE(matches("{\"stores\":[]}", v));
  EXPECT_TRUE(matches("{\"stores\":[\"s2\",\"s1\"]}", v));
  EXPECT_FALSE(matches("{\"stores\":[\"s2\"]}", v));
  EXPECT_TRUE(matches("{\"regions\":[\"r1\"],\"positions\":[\"Cashier\"]}", v));
  EXPECT_FALSE(matches("{\"regions\":[\"r1\"],\"positions\":[\"sales\"]}", v));
  EXPECT_TRUE(matches("{\"groups\":[\"g1\"],\"subgroups\":[\"sg1\"]}", v));
  EXPECT_FALSE(matches("{\"subgroups\":[\"sg2\"]}", v));
  Viewer nobody;
  EXPECT_FALSE(matches("{\"stores\":[\"s1\"]}", nobody));
}
