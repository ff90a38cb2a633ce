// The API's message registry (http/messages.hpp) and the web's catalogs (web/src/i18n/server.{th,en}.json)
// agree: every code the server can send has a Thai and an English text, the catalogs hold no code the server
// no longer has, and each text uses exactly the values its code carries.
#include "http/messages.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace {

namespace json = boost::json;
using shopfloor::http::Message;

json::object catalog(const std::string& lang) {
  std::ifstream in(std::string(SHOPFLOOR_WEB_I18N_DIR) + "/server." + lang + ".json");
  EXPECT_TRUE(in.good()) << "cannot read the " << lang << " catalog";
  std::stringstream s;
  s << in.rdbuf();
  return json::parse(s.str()).as_object().at("serverCode").as_object();
}

// {name} in the registry's English, {{name}} in an i18next catalog text.
std::set<std::string> names(const std::string& text, const std::regex& re) {
  std::set<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) out.insert((*it)[1]);
  return out;
}

const std::regex registry_placeholder(R"(\{([A-Za-z0-9_]+)\})");
const std::regex catalog_placeholder(R"(\{\{\s*([A-Za-z0-9_]+)\s*\}\})");

TEST(Messages, EveryCodeHasThaiAndEnglishAndNoCatalogCodeIsStale) {
  std::set<std::string> codes;
  for (const auto& def : shopfloor::msg::all()) {
    std::string code(def.code);
    EXPECT_TRUE(std::regex_match(code, std::regex("[A-Z][A-Z0-9_]*"))) << code;
    EXPECT_TRUE(codes.insert(code).second) << "twice in the registry: " << code;
  }
  for (const std::string lang : {"th", "en"}) {
    auto texts = catalog(lang);
    for (const auto& code : codes) {
      auto* t = texts.if_contains(code);
      ASSERT_TRUE(t && t->is_string() && !t->as_string().empty()) << code << " has no " << lang << " text";
    }
    for (const auto& [code, text] : texts)
      EXPECT_TRUE(codes.count(std::string(code)))
          << lang << " catalog keeps a code the server no longer has: " << code;
  }
}

TEST(Messages, EachTextUsesExactlyTheValuesOfItsCode) {
  auto th = catalog("th"), en = catalog("en");
  for (const auto& def : shopfloor::msg::all()) {
    std::string code(def.code);
    auto expected = names(std::string(def.english), registry_placeholder);
    for (auto* texts : {&th, &en}) {
      auto* t = texts->if_contains(code);
      if (!t) continue;  // reported by the test above
      EXPECT_EQ(names(std::string(t->as_string()), catalog_placeholder), expected)
          << code << ": " << t->as_string();
    }
  }
}

TEST(Messages, EnglishTextAndCodeTravelTogether) {
  Message plain = shopfloor::msg::REQUIRED;
  EXPECT_EQ(plain.code(), "REQUIRED");
  EXPECT_EQ(plain.text(), "Required.");
  EXPECT_EQ(json::serialize(plain.json()), R"({"code":"REQUIRED","params":{}})");

  Message n(shopfloor::msg::MAX_LENGTH, {{"count", 20}});
  EXPECT_EQ(n.text(), "Must be at most 20 characters.");
  EXPECT_EQ(n.params().at("count").as_int64(), 20);

  // A message inside another (the error on one line of an uploaded file) keeps its own code for the web.
  Message line(shopfloor::msg::ON_LINE,
               {{"line", 3}, {"message", Message(shopfloor::msg::QUOTE_NOT_CLOSED)}});
  EXPECT_EQ(line.text(), "Line 3: A quoted cell is not closed.");
  EXPECT_EQ(line.params().at("message").as_object().at("code").as_string(), "QUOTE_NOT_CLOSED");

  // Braces that are not a {name} are text.
  EXPECT_EQ(Message(shopfloor::msg::CHOICE_SHAPE).text(), "Each choice must be {id, text}.");
}

TEST(Messages, AMissingValueIsABugCaughtAtOnce) {
  EXPECT_THROW(Message(shopfloor::msg::MAX_LENGTH), std::logic_error);
  EXPECT_THROW(Message(shopfloor::msg::BETWEEN, {{"min", 1}}), std::logic_error);
}

}  // namespace
