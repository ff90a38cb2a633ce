#include "http/message.hpp"

#include <cctype>
#include <stdexcept>

#include "http/error_codes.hpp"
#include "http/messages.hpp"

namespace shopfloor::http {

namespace json = boost::json;

Message::Param::Param(const Message& m) : value(m.json()), text(m.text()) {}

Message::Message(const MessageDef& def) : Message(def, {}) {}

Message::Message(const MessageDef& def, std::initializer_list<std::pair<std::string_view, Param>> params)
    : code_(def.code) {
  for (const auto& [name, p] : params) params_[name] = p.value;
  // The English text: each {name} replaced by its value. A placeholder without a value is a bug in the
  // caller, caught by the tests that send the message.
  std::string_view t = def.english;
  for (std::size_t i = 0; i < t.size();) {
    auto end = placeholder_end(t, i);
    if (end == 0) {
      text_ += t[i++];
      continue;
    }
    auto name = t.substr(i + 1, end - i - 2);
    const Param* found = nullptr;
    for (const auto& [n, p] : params)
      if (n == name) found = &p;
    if (!found) throw std::logic_error("message " + code_ + " needs the value " + std::string(name));
    text_ += found->text;
    i = end;
  }
}

std::size_t placeholder_end(std::string_view text, std::size_t i) {
  if (text[i] != '{') return 0;
  std::size_t j = i + 1;
  while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
  if (j == i + 1 || j >= text.size() || text[j] != '}') return 0;
  return j + 1;
}

json::object Message::json() const {
  return json::object{{"code", code_}, {"params", params_}};
}

}  // namespace shopfloor::http

namespace shopfloor::err {

std::span<const http::ErrorCode> all() {
#define SHOPFLOOR_LIST_ERROR_CODE(name) name,
  static const http::ErrorCode codes[] = {SHOPFLOOR_ERROR_CODES(SHOPFLOOR_LIST_ERROR_CODE)};
#undef SHOPFLOOR_LIST_ERROR_CODE
  return codes;
}

}  // namespace shopfloor::err

namespace shopfloor::msg {

std::span<const http::MessageDef> all() {
#define SHOPFLOOR_LIST_MESSAGE(code, english) code,
  static const http::MessageDef defs[] = {SHOPFLOOR_MESSAGES(SHOPFLOOR_LIST_MESSAGE)};
#undef SHOPFLOOR_LIST_MESSAGE
  return defs;
}

}  // namespace shopfloor::msg
