// Reading the members of a JSON body that a handler checks by hand (sign-in, registration, account codes):
// the field errors collect in one map, answered together as one validation error.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "http/api_error.hpp"

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

}  // namespace shopfloor::http
