// Reading the members of a JSON body that a handler checks by hand (sign-in, registration, account codes,
// ids, lists of ids): the field errors collect in one map, answered together as one validation error.
#pragma once

#include <boost/json/object.hpp>
#include <set>
#include <string>
#include <vector>

#include "http/api_error.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::http {

// An optional text member: "" when absent or null; anything but text records MUST_BE_TEXT.
inline std::string optional_text(const boost::json::object& body, const char* key, FieldErrors& errors) {
  const auto* v = body.if_contains(key);
  if (!v || v->is_null()) return {};
  if (!v->is_string()) {
    errors[key] = msg::MUST_BE_TEXT;
    return {};
  }
  return std::string(v->as_string());
}

// A required id member (a plausible id): "" and `bad` recorded for anything else.
inline std::string required_id(const boost::json::object& body, const char* key, FieldErrors& errors,
                               const Message& bad = msg::MUST_BE_ID) {
  const auto* v = body.if_contains(key);
  if (v && v->is_string() && plausible_id(v->as_string())) return std::string(v->as_string());
  errors[key] = bad;
  return {};
}

// Checks text a person wrote (a comment, a story, a message), already trimmed: not empty, at most `max`
// characters (`too_long` otherwise), no control characters but line breaks and tabs. A problem is recorded
// on `key` and answers false.
inline bool check_plain_text(const std::string& text, std::size_t max, const Message& too_long,
                             const char* key, FieldErrors& errors) {
  if (text.empty())
    errors[key] = msg::WRITE_SOMETHING;
  else if (utf8_length(text) > max)
    errors[key] = too_long;
  else if (has_control_chars_but_breaks(text))
    errors[key] = msg::MUST_BE_PLAIN_TEXT;
  else
    return true;
  return false;
}

// A list member of between min and max ids, each a plausible id and none twice; anything else answers 422
// with `bad` on the member.
inline std::vector<std::string> distinct_ids(const boost::json::object& body, const char* key,
                                             std::size_t min, std::size_t max, const Message& bad) {
  const auto* list = body.if_contains(key);
  if (!list || !list->is_array() || list->as_array().size() < min || list->as_array().size() > max)
    throw ApiError::validation({{key, bad}});
  std::vector<std::string> ids;
  for (const auto& v : list->as_array()) {
    if (!v.is_string() || !plausible_id(v.as_string())) throw ApiError::validation({{key, bad}});
    ids.emplace_back(v.as_string());
  }
  if (std::set<std::string>(ids.begin(), ids.end()).size() != ids.size())
    throw ApiError::validation({{key, bad}});
  return ids;
}

}  // namespace shopfloor::http
