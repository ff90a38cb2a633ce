// Reading the members of a JSON body that a handler checks by hand (sign-in, registration, account codes,
// ids): the field errors collect in one map, answered together as one validation error.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "http/api_error.hpp"
#include "util/ids.hpp"

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

}  // namespace shopfloor::http
