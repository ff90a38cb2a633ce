// Instants and optional values in JSON answers.
#pragma once

#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>

#include "util/ids.hpp"

namespace shopfloor::http {

// ISO 8601 (UTC), or null when there is none (an open end, a step not reached yet).
inline boost::json::value iso_or_null(std::optional<std::int64_t> epoch_ms) {
  return epoch_ms ? boost::json::value(iso8601(*epoch_ms)) : boost::json::value(nullptr);
}

// The value, or null when there is none (an optional column, a field left empty).
template <class T>
boost::json::value value_or_null(const std::optional<T>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

}  // namespace shopfloor::http
