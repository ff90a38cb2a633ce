// A message the API sends in its error envelope: a stable code the web translates (its th/en catalogs,
// web/src/i18n/server.{th,en}.json), the named values the text needs, and the English text itself (sent too,
// for logs and API clients). Messages are only made from the registry in messages.hpp, so a message without
// a code — or a code without its Thai and English text (messages_test.cpp) — cannot be sent.
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace shopfloor::http {

// One entry of the registry: the code and the English text with {name} where a value goes.
struct MessageDef {
  std::string_view code;
  std::string_view english;
};

class Message {
 public:
  // A value of a message: text, a number, or another message (e.g. the error on one line of a file).
  struct Param {
    Param(std::string_view s) : value(s), text(s) {}               // NOLINT: implicit, {"label", "user"}
    Param(const std::string& s) : value(s), text(s) {}             // NOLINT
    Param(const char* s) : value(s), text(s) {}                    // NOLINT
    Param(std::int64_t n) : value(n), text(std::to_string(n)) {}   // NOLINT
    Param(int n) : Param(static_cast<std::int64_t>(n)) {}          // NOLINT
    Param(std::size_t n) : Param(static_cast<std::int64_t>(n)) {}  // NOLINT
    Param(const Message& m);                                       // NOLINT
    boost::json::value value;                                      // what the web receives
    std::string text;                                              // what goes into the English text
  };

  Message() = default;             // only a slot about to be assigned (errors["x"] = msg::REQUIRED)
  Message(const MessageDef& def);  // NOLINT: implicit, so `errors["x"] = msg::REQUIRED;` reads naturally
  Message(const MessageDef& def, std::initializer_list<std::pair<std::string_view, Param>> params);

  const std::string& code() const { return code_; }
  const std::string& text() const { return text_; }
  const boost::json::object& params() const { return params_; }
  // {"code": "...", "params": {...}}
  boost::json::object json() const;

  friend bool operator==(const Message& a, const Message& b) {
    return a.text_ == b.text_ && a.code_ == b.code_;
  }
  // Compares the English text (tests read better as EXPECT_EQ(errors.at("title"), "Required.")).
  friend bool operator==(const Message& a, std::string_view english) { return a.text_ == english; }
  friend std::ostream& operator<<(std::ostream& out, const Message& m) {
    return out << m.code_ << ": " << m.text_;
  }

 private:
  std::string code_, text_;
  boost::json::object params_;
};

// Where the placeholder {name} that starts at text[i] ends (one past the '}'), or 0 when none starts there.
// Only {letters_digits} is a placeholder: "{id, text}" is plain text.
std::size_t placeholder_end(std::string_view text, std::size_t i);

}  // namespace shopfloor::http
