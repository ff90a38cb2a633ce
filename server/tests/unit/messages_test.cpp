// The API's error codes (http/error_codes.hpp) and the web agree: every code the web branches on is one the
// server can send (or one the web makes itself when the network fails), and every code of the registry is
// thrown somewhere.
// The API's message registry (http/messages.hpp) and the web's catalogs (web/src/i18n/server.{th,en}.json)
// agree: every code the server can send has a Thai and an English text, the catalogs hold no code the server
// no longer has, and each text uses exactly the values its code carries.
#include "http/messages.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "http/api_error.hpp"
#include "http/error_codes.hpp"

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

std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The error codes the web's sources compare with (`e.code === 'X'`, `case 'X':`, the lists `..._ERROR_CODES =
// [...]`), with the file that names each.
std::map<std::string, std::string> codes_the_web_names() {
  namespace fs = std::filesystem;
  const std::regex compared(R"(code\s*[!=]==\s*'([A-Z][A-Z0-9_]+)')"),
      cased(R"(case\s+'([A-Z][A-Z0-9_]+)'\s*:)"), listed(R"(_ERROR_CODES\s*=\s*\[([^\]]*)\])"),
      quoted(R"('([A-Z][A-Z0-9_]+)')");
  std::map<std::string, std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(SHOPFLOOR_WEB_SRC_DIR)) {
    auto name = entry.path().filename().string();
    if ((entry.path().extension() != ".ts" && entry.path().extension() != ".tsx") ||
        name.find(".test.") != std::string::npos)
      continue;
    std::string text = file_text(entry.path());
    auto rel = fs::relative(entry.path(), SHOPFLOOR_WEB_SRC_DIR).generic_string();
    for (const auto* re : {&compared, &cased})
      for (std::sregex_iterator it(text.begin(), text.end(), *re), end; it != end; ++it) out[(*it)[1]] = rel;
    for (std::sregex_iterator it(text.begin(), text.end(), listed), end; it != end; ++it) {
      std::string list = (*it)[1];
      for (std::sregex_iterator q(list.begin(), list.end(), quoted); q != end; ++q) out[(*q)[1]] = rel;
    }
  }
  return out;
}

TEST(ErrorCodes, TheWebNamesOnlyCodesTheServerSends) {
  std::set<std::string> known;
  for (const auto& code : shopfloor::err::all()) {
    std::string name(code.name);
    EXPECT_TRUE(std::regex_match(name, std::regex("[A-Za-z][A-Za-z0-9_]*"))) << name;
    EXPECT_TRUE(known.insert(name).second) << "twice in the registry: " << name;
  }
  // The web's own, for failures that never reached the server.
  const std::set<std::string> web_only{"NETWORK_ERROR", "HTTP_ERROR", "CSRF_UNAVAILABLE"};
  std::set<std::string> messages;  // field errors are branched on by their message code
  for (const auto& def : shopfloor::msg::all()) messages.insert(std::string(def.code));
  auto named = codes_the_web_names();
  EXPECT_GT(named.size(), 10u) << "the scan of web/src found too little";
  for (const auto& [code, file] : named)
    EXPECT_TRUE(known.count(code) || web_only.count(code) || messages.count(code))
        << file << " names the error code " << code
        << ", which the server never sends (http/error_codes.hpp)";
}

TEST(ErrorCodes, EveryCodeIsThrownSomewhere) {
  namespace fs = std::filesystem;
  std::string all;
  for (const auto& entry : fs::recursive_directory_iterator(SHOPFLOOR_SOURCE_DIR))
    if (entry.path().extension() == ".cpp" || entry.path().extension() == ".hpp")
      all += file_text(entry.path());
  for (const auto& code : shopfloor::err::all()) {
    std::string name(code.name);
    EXPECT_NE(all.find("err::" + name), std::string::npos) << name << " is in the registry but never sent";
  }
}

TEST(ErrorCodes, AnErrorCarriesItsRegisteredCode) {
  shopfloor::http::ApiError e{shopfloor::http::Status::conflict, shopfloor::err::OUT_OF_STOCK,
                              shopfloor::msg::OUT_OF_STOCK};
  EXPECT_EQ(e.code, "OUT_OF_STOCK");
  EXPECT_EQ(shopfloor::http::ApiError::not_found().code, "NOT_FOUND");
}

}  // namespace
