// The question engine's form kinds (number with bounds, date, checkboxes, file) and the form file check by
// content (forms/files.hpp).
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "forms/files.hpp"
#include "http/api_error.hpp"
#include "surveys/engine.hpp"

using namespace shopfloor;
using namespace shopfloor::surveys;
namespace json = boost::json;

namespace {

std::vector<Question> form_questions() {
  Question between{"n", Kind::number, "between", true, {}, 0, 1.0, 5.0};
  Question at_least{"lo", Kind::number, "at least", false, {}, 0, 0.0, std::nullopt};
  Question at_most{"hi", Kind::number, "at most", false, {}, 0, std::nullopt, 100.0};
  Question free{"x", Kind::number, "any", false, {}, 0, std::nullopt, std::nullopt};
  return {between,
          at_least,
          at_most,
          free,
          {"d", Kind::date, "date", false, {}, 0},
          {"c", *kind_of("checkboxes"), "checkboxes", false, {"a", "b", "c"}, 2},
          {"f", Kind::file, "file", true, {}, 0}};
}

std::map<std::string, std::string> codes(const json::object& answers) {
  http::FieldErrors errors;
  auto qs = form_questions();
  check_answers(qs, answers, true, errors);
  std::map<std::string, std::string> out;
  for (const auto& [k, m] : errors) out[k] = m.code();
  return out;
}

const std::string file_id = "01890a5d-ac96-774b-bcce-b302099a8057";

}  // namespace

TEST(FormsEngine, KindNames) {
  EXPECT_EQ(kind_of("checkboxes"), Kind::multiple);
  EXPECT_EQ(name_of(Kind::multiple), "multiple");  // the alias is only read
  for (auto k : {Kind::number, Kind::date, Kind::file}) EXPECT_EQ(kind_of(name_of(k)), k);
  EXPECT_FALSE(has_options(Kind::number));
}

TEST(FormsEngine, NumbersWithBounds) {
  EXPECT_EQ(codes({{"n", 0}, {"lo", -1}, {"hi", 100.5}, {"x", "3"}, {"f", file_id}}),
            (std::map<std::string, std::string>{
                {"n", "ANSWER_RANGE"}, {"lo", "ANSWER_MIN"}, {"hi", "ANSWER_MAX"}, {"x", "ANSWER_TYPE"}}));
  EXPECT_TRUE(codes({{"n", 2.5}, {"lo", 0}, {"hi", 100}, {"x", -1e9}, {"f", file_id}}).empty());
  http::FieldErrors errors;
  auto qs = form_questions();
  auto a = check_answers(qs, {{"n", 2.5}, {"x", 7}, {"f", file_id}}, true, errors);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(*a[0].number, 2.5);
  EXPECT_EQ(answer_json(qs[0], a[0]).as_double(), 2.5);
  EXPECT_EQ(json::serialize(answer_json(qs[3], a[1])), "7");  // whole numbers stay whole
}

TEST(FormsEngine, Dates) {
  for (const char* bad : {"2026-02-29", "2026-13-01", "2026-04-31", "26-01-01", "2026-1-01", "2026-01-01T00",
                          "1899-12-31", "2026-00-10", "abcd-ef-gh"})
    EXPECT_EQ(codes({{"n", 1}, {"d", bad}, {"f", file_id}})["d"], "ANSWER_DATE") << bad;
  EXPECT_TRUE(valid_date("2024-02-29"));
  EXPECT_TRUE(valid_date("2000-02-29"));
  EXPECT_FALSE(valid_date("1900-02-29"));
  EXPECT_TRUE(codes({{"n", 1}, {"d", "2026-12-31"}, {"f", file_id}}).empty());
  EXPECT_EQ(codes({{"n", 1}, {"d", 20261231}, {"f", file_id}})["d"], "ANSWER_TYPE");
}

TEST(FormsEngine, CheckboxesAndFiles) {
  auto c = codes({{"n", 1}, {"c", json::array{0, 1, 2}}, {"f", "not-an-id"}});
  EXPECT_EQ(c["c"], "ANSWER_TOO_MANY");
  EXPECT_EQ(c["f"], "ANSWER_TYPE");
  EXPECT_EQ(codes({{"n", 1}, {"c", json::array{3}}, {"f", 5}})["c"], "ANSWER_RANGE");
  EXPECT_EQ(codes({{"n", 1}})["f"], "ANSWER_REQUIRED");
}

TEST(FormsEngine, TallyIgnoresUncountedKinds) {
  auto qs = form_questions();
  Tally t(qs[0]);
  t.add(3);
  auto o = t.to_json(false);
  EXPECT_TRUE(o.at("counts").as_array().empty());
}

namespace {

std::string code_of(std::string_view bytes, std::string_view type, std::string_view name) {
  try {
    forms::check_file(bytes, type, name);
    return "ok";
  } catch (const http::ApiError& e) {
    return std::to_string(static_cast<int>(e.status)) + " " +
           (e.fields.empty() ? e.message.code() : e.fields.begin()->second.code());
  }
}

}  // namespace

TEST(FormsFiles, TypeByContent) {
  std::string png("\x89PNG\r\n\x1a\n....", 12), jpeg("\xFF\xD8\xFF\xE0....", 8), pdf = "%PDF-1.7\n...";
  EXPECT_EQ(code_of(pdf, "application/pdf", "quote.pdf"), "ok");
  EXPECT_EQ(code_of(png, "", "photo.PNG"), "ok");
  EXPECT_EQ(code_of(jpeg, "image/jpg", "photo.jpeg"), "ok");
  EXPECT_EQ(code_of(jpeg, "application/octet-stream", ""), "ok");
  EXPECT_EQ(code_of(png, "application/pdf", "x.pdf"), "415 FORM_FILE_MISMATCH");
  EXPECT_EQ(code_of(png, "image/png", "x.pdf"), "415 FORM_FILE_MISMATCH");
  EXPECT_EQ(code_of(pdf, "image/png", "x.png"), "415 FORM_FILE_MISMATCH");
  EXPECT_EQ(code_of("hello, just text", "application/pdf", "x.pdf"), "415 FORM_FILE_TYPE");
  EXPECT_EQ(code_of(std::string("MZ\x90\x00", 4), "application/pdf", "setup.pdf"), "415 FORM_FILE_TYPE");
  EXPECT_EQ(code_of("GIF89a......", "image/gif", "x.gif"), "415 FORM_FILE_TYPE");  // not taken by forms
  EXPECT_EQ(code_of("", "application/pdf", "x.pdf"), "422 FILE_EMPTY");
  EXPECT_EQ(code_of(pdf + std::string(forms::file_max_bytes, ' '), "application/pdf", "big.pdf"),
            "413 FORM_FILE_TOO_LARGE");
}
