#include "resources/fields.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cmath>
#include <ctime>

#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::resources {

namespace json = boost::json;

bool is_system_member(std::string_view name) {
  return name == "id" || name == "createdAt" || name == "updatedAt" || name == "version";
}

bool looks_like_email(std::string_view s) {
  auto at = s.find('@');
  if (at == std::string_view::npos || at == 0 || s.find('@', at + 1) != std::string_view::npos) return false;
  auto domain = s.substr(at + 1);
  auto dot = domain.find('.');
  if (dot == std::string_view::npos || dot == 0 || domain.back() == '.') return false;
  for (char c : s)
    if (static_cast<unsigned char>(c) <= ' ' || c == ',' || c == ';' || c == '<' || c == '>') return false;
  return s.size() <= 254;
}

static int digits(std::string_view s, std::size_t pos, std::size_t n) {
  if (pos + n > s.size()) return -1;
  int v = 0;
  for (std::size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

std::optional<std::int64_t> parse_iso8601(std::string_view s) {
  int year = digits(s, 0, 4), month = digits(s, 5, 2), day = digits(s, 8, 2);
  if (year < 1900 || s.size() < 10 || s[4] != '-' || s[7] != '-' || month < 1 || month > 12 || day < 1 ||
      day > 31)
    return std::nullopt;
  static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (day > mdays[month - 1] + (month == 2 && leap ? 1 : 0)) return std::nullopt;
  int hour = 0, minute = 0, second = 0, millis = 0;
  std::int64_t offset_min = 0;
  std::size_t i = 10;
  if (s.size() > 10) {
    if (s[10] != 'T' && s[10] != 't' && s[10] != ' ') return std::nullopt;
    hour = digits(s, 11, 2);
    minute = digits(s, 14, 2);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || s.size() < 16 || s[13] != ':')
      return std::nullopt;
    i = 16;
    if (i < s.size() && s[i] == ':') {
      second = digits(s, i + 1, 2);
      if (second < 0 || second > 59) return std::nullopt;
      i += 3;
      if (i < s.size() && s[i] == '.') {
        ++i;
        int scale = 100;
        std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
          millis += (s[i] - '0') * scale;
          scale /= 10;
          ++i;
        }
        if (i == start) return std::nullopt;
      }
    }
    if (i >= s.size()) return std::nullopt;  // a time needs a zone: Z or ±HH:MM
    if (s[i] == 'Z' || s[i] == 'z') {
      ++i;
    } else if (s[i] == '+' || s[i] == '-') {
      int oh = digits(s, i + 1, 2), om = digits(s, i + 4, 2);
      if (oh < 0 || om < 0 || s[i + 3] != ':' || oh > 23 || om > 59) return std::nullopt;
      offset_min = (oh * 60 + om) * (s[i] == '+' ? 1 : -1);
      i += 6;
    } else {
      return std::nullopt;
    }
    if (i != s.size()) return std::nullopt;
  }
  // Days from civil (Howard Hinnant).
  int y = year - (month <= 2 ? 1 : 0);
  int era = y / 400;
  unsigned yoe = static_cast<unsigned>(y - era * 400);
  unsigned doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  std::int64_t days = static_cast<std::int64_t>(era) * 146097 + doe - 719468;
  std::int64_t secs = days * 86400 + hour * 3600 + minute * 60 + second - offset_min * 60;
  return secs * 1000 + millis;
}

static void check_text(const Field& f, const std::string& v, bool multiline, http::FieldErrors& errors) {
  std::size_t len = utf8_length(v);
  std::size_t max = f.max_length.value_or(multiline ? 20000 : 200);
  if (f.min_length && len < *f.min_length) {
    errors[f.name] = http::Message(msg::MIN_LENGTH, {{"count", *f.min_length}});
  } else if (len > max) {
    errors[f.name] = http::Message(msg::MAX_LENGTH, {{"count", max}});
  } else if (!multiline && has_control_chars(v)) {
    errors[f.name] = msg::SINGLE_LINE;
  } else if (f.format == "email" && !looks_like_email(v)) {
    errors[f.name] = msg::MUST_BE_EMAIL;
  }
}

static std::optional<db::Value> convert_typed(const Field& f, const json::value& in,
                                              http::FieldErrors& errors);

// Converts one present JSON value; writes an error or returns the value to store.
static std::optional<db::Value> convert(const Field& f, const json::value& in, http::FieldErrors& errors) {
  auto fail = [&](http::Message m) -> std::optional<db::Value> {
    errors[f.name] = std::move(m);
    return std::nullopt;
  };
  // Long and rich text keep an empty string as sent, unless the field is required: then it is missing too.
  bool empty_string =
      in.is_string() && trim(in.as_string()).empty() && (f.type != FieldType::text || f.required);
  if (in.is_null() || empty_string) {
    if (f.required) return fail(msg::REQUIRED);
    return db::Value{std::monostate{}};
  }
  json::value checked;
  const json::value* value = &in;
  if (f.check) {
    checked = in;
    if (auto error = f.check(checked)) return fail(std::move(*error));
    value = &checked;
  }
  return convert_typed(f, *value, errors);
}

static std::optional<db::Value> convert_typed(const Field& f, const json::value& in,
                                              http::FieldErrors& errors) {
  auto fail = [&](http::Message m) -> std::optional<db::Value> {
    errors[f.name] = std::move(m);
    return std::nullopt;
  };
  switch (f.type) {
    case FieldType::string:
    case FieldType::text: {
      if (!in.is_string()) return fail(msg::MUST_BE_TEXT);
      std::string v = f.type == FieldType::string ? trimmed(in.as_string()) : std::string(in.as_string());
      if (f.lowercase) v = ascii_lower(v);
      check_text(f, v, f.type == FieldType::text, errors);
      if (errors.count(f.name)) return std::nullopt;
      return db::Value{v};
    }
    case FieldType::integer: {
      std::int64_t v;
      if (in.is_int64()) {
        v = in.as_int64();
      } else if (in.is_uint64() && in.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
        v = static_cast<std::int64_t>(in.as_uint64());
      } else if (in.is_double() && std::floor(in.as_double()) == in.as_double() &&
                 std::fabs(in.as_double()) < 9e15) {
        v = static_cast<std::int64_t>(in.as_double());
      } else {
        return fail(msg::MUST_BE_WHOLE_NUMBER);
      }
      if (f.min && v < *f.min) return fail({msg::MIN_VALUE, {{"value", *f.min}}});
      if (f.max && v > *f.max) return fail({msg::MAX_VALUE, {{"value", *f.max}}});
      return db::Value{v};
    }
    case FieldType::boolean:
      if (!in.is_bool()) return fail(msg::MUST_BE_BOOLEAN);
      return db::Value{std::int64_t{in.as_bool() ? 1 : 0}};
    case FieldType::enumeration: {
      if (in.is_string())
        for (const auto& o : f.options)
          if (o.value == in.as_string()) return db::Value{o.value};
      std::string allowed;
      for (const auto& o : f.options) allowed += (allowed.empty() ? "" : ", ") + o.value;
      return fail({msg::ONE_OF, {{"list", allowed}}});
    }
    case FieldType::datetime: {
      if (!in.is_string()) return fail(msg::MUST_BE_ISO_DATE);
      auto ms = parse_iso8601(trim(in.as_string()));
      if (!ms) return fail(msg::MUST_BE_ISO_DATE_EXAMPLE);
      return db::Value{*ms};
    }
    case FieldType::reference: {
      if (!in.is_string()) return fail(msg::MUST_BE_ID);
      std::string v(in.as_string());
      if (v.size() > 64 || v.find_first_not_of("0123456789abcdefABCDEF-") != std::string::npos)
        return fail(msg::MUST_BE_ID);
      return db::Value{v};
    }
    case FieldType::json: {
      std::string s = json::serialize(in);
      if (s.size() > 64 * 1024) return fail(msg::VALUE_TOO_LARGE);
      return db::Value{s};
    }
    case FieldType::string_list: {
      if (!in.is_array()) return fail(msg::LIST_OF_TEXTS);
      json::array out;
      for (const auto& item : in.as_array()) {
        if (!item.is_string()) return fail(msg::LIST_OF_TEXTS);
        std::string v = trimmed(item.as_string());
        if (v.empty() || utf8_length(v) > 100 || has_control_chars(v)) return fail(msg::ITEM_LENGTH);
        bool dup = false;
        for (const auto& o : out) dup = dup || o.as_string() == v;
        if (!dup) out.emplace_back(v);
      }
      if (f.min_length && out.size() < *f.min_length)
        return fail({msg::MIN_ITEMS, {{"count", *f.min_length}}});
      if (out.size() > f.max_length.value_or(50))
        return fail({msg::MAX_ITEMS, {{"count", f.max_length.value_or(50)}}});
      if (out.empty() && f.required) return fail(msg::REQUIRED);
      return db::Value{json::serialize(out)};
    }
  }
  return fail(msg::UNSUPPORTED_FIELD);
}

Validated validate(const Resource& r, const json::object& input, Mode mode) {
  Validated out;
  for (const auto& [key, value] : input) {
    if (is_system_member(key)) continue;
    const Field* f = r.field(key);
    if (!f) {
      out.errors[std::string(key)] = msg::UNKNOWN_FIELD;
      continue;
    }
    if (f->read_only) continue;  // forms send back what they read; read-only values are ignored
    if (f->create_only && mode == Mode::update) {
      out.errors[f->name] = msg::CREATE_ONLY;
      continue;
    }
    if (f->column.empty()) {
      // Virtual: type-checked here, used by the resource's hooks.
      http::FieldErrors errs;
      if (convert(*f, value, errs)) out.virtuals[f->name] = value;
      for (auto& e : errs) out.errors.insert(e);
      continue;
    }
    if (auto v = convert(*f, value, out.errors)) out.values[f->column] = std::move(*v);
  }
  if (mode == Mode::create) {
    for (const auto& f : r.fields) {
      if (f.read_only || input.contains(f.name)) continue;
      if (f.default_value) {
        if (auto v = convert(f, *f.default_value, out.errors)) {
          if (f.column.empty())
            out.virtuals[f.name] = *f.default_value;
          else
            out.values[f.column] = std::move(*v);
        }
      } else if (f.required) {
        out.errors[f.name] = msg::REQUIRED;
      }
    }
  }
  return out;
}

json::value field_json(const Field& f, const db::Row& row, std::size_t i) {
  if (row.is_null(i))
    return f.type == FieldType::string_list ? json::value(json::array{}) : json::value(nullptr);
  switch (f.type) {
    case FieldType::integer:
      return row.i64(i);
    case FieldType::boolean:
      return row.boolean(i);
    case FieldType::datetime:
      return json::value(iso8601(row.i64(i)));
    case FieldType::json:
    case FieldType::string_list: {
      std::error_code ec;
      auto v = json::parse(row.str(i), ec);
      if (ec) return f.type == FieldType::json ? json::value(nullptr) : json::value(json::array{});
      return v;
    }
    default:
      return json::value(row.str(i));
  }
}

}  // namespace shopfloor::resources
