// The one question engine (surveys/engine.hpp): per-kind checks of an answer and the figures of results.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "surveys/engine.hpp"

using namespace shopfloor;
using namespace shopfloor::surveys;
namespace json = boost::json;

namespace {

std::vector<Question> questions() {
  return {
      {"s", Kind::single, "single", true, {"a", "b", "c"}, 0},
      {"m", Kind::multiple, "multiple", false, {"a", "b", "c", "d"}, 2},
      {"t", Kind::short_text, "short", false, {}, 0},
      {"r", Kind::rating, "rating", true, {}, 0},
      {"n", Kind::nps, "nps", false, {}, 0},
  };
}

std::map<std::string, std::string> codes(const json::object& answers, bool complete = true) {
  http::FieldErrors errors;
  auto qs = questions();
  check_answers(qs, answers, complete, errors);
  std::map<std::string, std::string> out;
  for (const auto& [k, m] : errors) out[k] = m.code();
  return out;
}

}  // namespace

TEST(SurveysEngine, RequiredOnlyOnSubmission) {
  EXPECT_EQ(codes({}),
            (std::map<std::string, std::string>{{"s", "ANSWER_REQUIRED"}, {"r", "ANSWER_REQUIRED"}}));
  EXPECT_TRUE(codes({}, false).empty());
  EXPECT_EQ(codes({{"s", nullptr}, {"r", 3}}),
            (std::map<std::string, std::string>{{"s", "ANSWER_REQUIRED"}}));
}

TEST(SurveysEngine, ChecksEachKind) {
  auto c = codes({{"s", 3}, {"m", json::array{0, 1, 2}}, {"t", 5}, {"r", 6}, {"n", -1}, {"x", 1}});
  EXPECT_EQ(c["s"], "ANSWER_RANGE");
  EXPECT_EQ(c["m"], "ANSWER_TOO_MANY");
  EXPECT_EQ(c["t"], "ANSWER_TYPE");
  EXPECT_EQ(c["r"], "ANSWER_RANGE");
  EXPECT_EQ(c["n"], "ANSWER_RANGE");
  EXPECT_EQ(c["x"], "ANSWER_UNKNOWN");
  c = codes({{"s", 1.5}, {"m", json::array{1, 1}}, {"t", std::string(201, 'x')}, {"r", "4"}});
  EXPECT_EQ(c["s"], "ANSWER_TYPE");
  EXPECT_EQ(c["m"], "ANSWER_DUPLICATE");
  EXPECT_EQ(c["t"], "MAX_LENGTH");
  EXPECT_EQ(c["r"], "ANSWER_TYPE");
}

TEST(SurveysEngine, KeepsWhatCountsAsAnswered) {
  http::FieldErrors errors;
  auto qs = questions();
  auto a = check_answers(
      qs, {{"s", 2.0}, {"m", json::array{3, 0}}, {"t", "  hi  "}, {"r", 5}, {"n", json::array{}}}, true,
      errors);
  ASSERT_TRUE(errors.empty());
  ASSERT_EQ(a.size(), 4u);
  EXPECT_EQ(a[0].values, std::vector<std::int64_t>{2});
  EXPECT_EQ(a[1].values, (std::vector<std::int64_t>{0, 3}));
  EXPECT_EQ(*a[2].text, "hi");
  EXPECT_EQ(json::serialize(answer_json(qs[1], a[1])), "[0,3]");
}

TEST(SurveysEngine, NpsAndCsatByHand) {
  auto qs = questions();
  Tally nps(qs[4]);
  for (int v : {10, 9, 6, 8, 10, 0, 7}) nps.add(v);  // 3 promoters, 2 passives, 2 detractors of 7
  auto o = nps.to_json(false);
  EXPECT_EQ(o.at("nps").as_double(), 14.3);
  EXPECT_EQ(o.at("promoters").as_int64(), 3);
  EXPECT_EQ(o.at("detractors").as_int64(), 2);
  EXPECT_EQ(o.at("average").as_double(), 7.14);
  Tally rating(qs[3]);
  for (int v : {5, 4, 3, 5, 1, 2, 4}) rating.add(v);  // 4 of 7 are 4 or 5
  EXPECT_EQ(rating.to_json(false).at("csat").as_double(), 57.1);
  EXPECT_EQ(nps_of(0, 3, 3), -100.0);
  EXPECT_EQ(csat_of(0, 0), 0.0);
}
