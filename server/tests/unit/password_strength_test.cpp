// The registration password scorer (accounts/strength.hpp); web/src/user/register/strength.test.ts checks the
// web's copy with the same cases.
#include <gtest/gtest.h>

#include "accounts/strength.hpp"

using shopfloor::accounts::kMinScore;
using shopfloor::accounts::password_score;

TEST(RegisterStrength, CommonRunsAndRepeatsAreWeak) {
  for (const char* p : {"password123", "Passw0rd!", "12345678", "abcdefgh", "aaaaaaaaaaaa", "qwerty2026"})
    EXPECT_LT(password_score(p), kMinScore) << p;
}

TEST(RegisterStrength, MixedLongerPasswordsPass) {
  EXPECT_EQ(password_score("Demo#2026"), 3);
  EXPECT_EQ(password_score("Tiger#Lamp42"), 4);
  EXPECT_GE(password_score("สวัสดีครับ2569"), kMinScore);
}

TEST(RegisterStrength, OwnCodeOrNameIsWeak) {
  EXPECT_EQ(password_score("k77123-Secret!", {"K77123", "Somchai", "Jaidee"}), 0);
  EXPECT_EQ(password_score("Somchai#2026x", {"K1", "Somchai", "Jaidee"}), 0);
  EXPECT_EQ(password_score("Tiger#Lamp42", {"K1", "Somchai", "Jaidee"}), 4);
}
