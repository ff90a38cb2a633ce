#include "resources/builders.hpp"

#include <algorithm>

#include "util/html_sanitizer.hpp"
#include "util/text.hpp"

namespace shopfloor::resources {

namespace json = boost::json;

std::string snake_case(std::string_view name) {
  std::string out;
  for (char ch : name) {
    if (ch >= 'A' && ch <= 'Z') {
      out += '_';
      out += static_cast<char>(ch - 'A' + 'a');
    } else {
      out += ch;
    }
  }
  return out;
}

FieldBuilder::FieldBuilder(std::string name, FieldType type, Label label, std::string column) {
  f_.column = column.empty() ? snake_case(name) : std::move(column);
  f_.name = std::move(name);
  f_.type = type;
  f_.label = std::move(label);
}

FieldBuilder& FieldBuilder::column(std::string c) {
  f_.column = std::move(c);
  return *this;
}
FieldBuilder& FieldBuilder::required(bool on) {
  f_.required = on;
  return *this;
}
FieldBuilder& FieldBuilder::max(std::int64_t n) {
  if (f_.type == FieldType::integer)
    f_.max = n;
  else
    f_.max_length = static_cast<std::size_t>(n);
  return *this;
}
FieldBuilder& FieldBuilder::min(std::int64_t n) {
  if (f_.type == FieldType::integer)
    f_.min = n;
  else
    f_.min_length = static_cast<std::size_t>(n);
  return *this;
}
FieldBuilder& FieldBuilder::visible_when(std::string field, std::vector<std::string> values) {
  f_.visible_when = Field::VisibleWhen{std::move(field), std::move(values)};
  return *this;
}

FieldBuilder& FieldBuilder::hint(Label h) {
  f_.hint = std::move(h);
  return *this;
}
FieldBuilder& FieldBuilder::searchable() {
  f_.searchable = true;
  return *this;
}
FieldBuilder& FieldBuilder::sortable() {
  f_.sortable = true;
  return *this;
}
FieldBuilder& FieldBuilder::filterable() {
  f_.filterable = true;
  return *this;
}
FieldBuilder& FieldBuilder::read_only() {
  f_.read_only = true;
  return *this;
}
FieldBuilder& FieldBuilder::create_only() {
  f_.create_only = true;
  return *this;
}
FieldBuilder& FieldBuilder::write_only() {
  f_.write_only = true;
  return *this;
}
FieldBuilder& FieldBuilder::unique() {
  f_.unique = true;
  return *this;
}
FieldBuilder& FieldBuilder::lowercase() {
  f_.lowercase = true;
  return *this;
}
FieldBuilder& FieldBuilder::fallback(json::value v) {
  f_.default_value = std::move(v);
  return *this;
}
FieldBuilder& FieldBuilder::options(std::vector<Option> o) {
  f_.options = std::move(o);
  return *this;
}
FieldBuilder& FieldBuilder::format(std::string f) {
  f_.format = std::move(f);
  return *this;
}
FieldBuilder& FieldBuilder::check(std::function<std::optional<http::Message>(json::value&)> fn) {
  f_.check = std::move(fn);
  return *this;
}

FieldBuilder text(std::string name, Label label) {
  return FieldBuilder(std::move(name), FieldType::string, std::move(label));
}
FieldBuilder long_text(std::string name, Label label) {
  return FieldBuilder(std::move(name), FieldType::text, std::move(label));
}

FieldBuilder html(std::string name, Label label) {
  FieldBuilder b(std::move(name), FieldType::text, std::move(label));
  b.format("html").max(200000).check([](json::value& v) -> std::optional<http::Message> {
    if (!v.is_string()) return msg::MUST_BE_TEXT;
    if (v.as_string().size() > 400000) return msg::TOO_LONG;
    v = json::value(sanitize_html(v.as_string()));
    return std::nullopt;
  });
  return b;
}

FieldBuilder integer(std::string name, Label label) {
  return FieldBuilder(std::move(name), FieldType::integer, std::move(label));
}
FieldBuilder boolean(std::string name, Label label) {
  return FieldBuilder(std::move(name), FieldType::boolean, std::move(label));
}
FieldBuilder datetime(std::string name, Label label) {
  return FieldBuilder(std::move(name), FieldType::datetime, std::move(label));
}
FieldBuilder choice(std::string name, Label label, std::vector<Option> options) {
  FieldBuilder b(std::move(name), FieldType::enumeration, std::move(label));
  b.options(std::move(options));
  return b;
}
FieldBuilder json_field(std::string name, Label label) {
  std::string column = snake_case(name) + "_json";
  return FieldBuilder(std::move(name), FieldType::json, std::move(label), std::move(column));
}
FieldBuilder tags(std::string name, Label label) {
  std::string column = snake_case(name) + "_json";
  FieldBuilder b(std::move(name), FieldType::string_list, std::move(label), std::move(column));
  b.max(20).filterable();
  return b;
}

FieldBuilder reference(std::string name, Label label, std::string resource) {
  std::string column = snake_case(name) + "_id";
  FieldBuilder b(std::move(name), FieldType::reference, std::move(label), std::move(column));
  b.get().reference = std::move(resource);
  return b;
}

static FieldBuilder media(std::string name, Label label, const char* kind) {
  std::string column = snake_case(name) + "_media_id";
  FieldBuilder b(std::move(name), FieldType::reference, std::move(label), std::move(column));
  b.get().reference = "medias";
  b.get().media_kind = kind;
  return b;
}
FieldBuilder image(std::string name, Label label) {
  return media(std::move(name), std::move(label), "image");
}
FieldBuilder video(std::string name, Label label) {
  return media(std::move(name), std::move(label), "video");
}
FieldBuilder pdf(std::string name, Label label) {
  return media(std::move(name), std::move(label), "pdf");
}

FieldBuilder image_list(std::string name, Label label) {
  constexpr std::size_t max = 50;
  FieldBuilder b = json_field(std::move(name), std::move(label));
  b.get().media_kind = "image";
  b.check([](json::value& v) -> std::optional<http::Message> {
    if (!v.is_array()) return msg::MEDIA_IDS;
    if (v.as_array().size() > max) return msg::AT_MOST_50_IMAGES;
    json::array out;
    for (const auto& item : v.as_array()) {
      if (!item.is_string() || item.as_string().empty() || item.as_string().size() > 64 ||
          std::string_view(item.as_string()).find_first_not_of("0123456789abcdefABCDEF-") !=
              std::string_view::npos)
        return msg::MEDIA_IDS;
      if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
    }
    v = std::move(out);
    return std::nullopt;
  });
  return b;
}

FieldBuilder points(std::string name, Label label) {
  FieldBuilder b(std::move(name), FieldType::integer, std::move(label));
  b.min(0).max(100000).sortable().fallback(0);
  return b;
}

FieldBuilder web_link(std::string name, Label label) {
  FieldBuilder b(std::move(name), FieldType::string, std::move(label));
  b.max(2000).check([](json::value& v) -> std::optional<http::Message> {
    if (!v.is_string()) return msg::MUST_BE_TEXT;
    std::string s(v.as_string());
    std::string lower = ascii_lower(s.substr(0, 8));
    if (!(lower.starts_with("http://") || lower.starts_with("https://")) || s.size() <= 8)
      return msg::HTTP_URL;
    for (unsigned char ch : s)
      if (ch <= 0x20 || ch == 0x7f) return msg::NO_SPACES;
    if (s.size() > 2000) return msg::AT_MOST_2000_CHARS;
    return std::nullopt;
  });
  return b;
}

std::optional<http::Message> check_app_link(json::value& v) {
  if (!v.is_string()) return msg::MUST_BE_TEXT;
  std::string s(v.as_string());
  for (unsigned char ch : s)
    if (ch <= 0x20 || ch == 0x7f) return msg::NO_SPACES;
  if (s.size() > 2000) return msg::AT_MOST_2000_CHARS;
  // "//host" and "/\host" leave the app in a browser; "https://" needs a host after it.
  bool path = s.size() >= 1 && s[0] == '/' && (s.size() == 1 || (s[1] != '/' && s[1] != '\\'));
  bool https = ascii_lower(s.substr(0, 8)) == "https://" && s.size() > 8 && s[8] != '/' && s[8] != '\\';
  if (!path && !https) return msg::APP_LINK;
  return std::nullopt;
}

FieldBuilder app_link(std::string name, Label label) {
  FieldBuilder b(std::move(name), FieldType::string, std::move(label));
  b.max(2000)
      .check(check_app_link)
      .hint({"ลิงก์ในแอป (ขึ้นต้นด้วย / เช่น /learning) หรือที่อยู่ https://",
             "A path in the app (starting with /, e.g. /learning) or an https:// address"});
  return b;
}

}  // namespace shopfloor::resources
