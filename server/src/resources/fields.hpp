// Field values between the API (JSON) and the database: validation of input with per-field messages,
// and reading a row back as JSON. Pure functions, no database access, so they are unit-tested directly.
#pragma once

#include <boost/json/object.hpp>
#include <map>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "resources/resource.hpp"

namespace shopfloor::resources {

enum class Mode { create, update };

struct Validated {
  std::map<std::string, db::Value> values;             // column → value (stored fields)
  std::map<std::string, boost::json::value> virtuals;  // field name → value (fields without a column)
  http::FieldErrors errors;                            // field name → message
};

// Members the engine manages itself; accepted and ignored in input ("version" is read by the engine).
bool is_system_member(std::string_view name);

Validated validate(const Resource& r, const boost::json::object& input, Mode mode);

// One field of a row as JSON (datetime → ISO, boolean → bool, json/string_list → parsed).
boost::json::value field_json(const Field& f, const db::Row& row, std::size_t index);

// "2026-11-22T11:03:20.123Z", "2026-11-22T18:03:20+07:00", "2026-11-22" → epoch ms; nullopt if invalid.
std::optional<std::int64_t> parse_iso8601(std::string_view s);

bool looks_like_email(std::string_view s);

}  // namespace shopfloor::resources
