// Short field declarations: a builder per kind of field with the defaults an area would otherwise repeat
// (the column is the snake_case of the API name unless given), read top to bottom like a Payload CMS
// collection config:
//   text("title", {"ชื่อเรื่อง", "Title"}).required().max(200).searchable().sortable()
//   image("cover", {"ภาพปก", "Cover"})            → cover_media_id, a media item that must be an image
//   points("points")                              → 0..100000, default 0, sortable
#pragma once

#include <boost/json/value.hpp>
#include <string>
#include <vector>

#include "resources/resource.hpp"

namespace shopfloor::resources {

// "startAt" → "start_at".
std::string snake_case(std::string_view api_name);

class FieldBuilder {
 public:
  FieldBuilder(std::string name, FieldType type, Label label, std::string column = {});

  FieldBuilder& column(std::string c);
  FieldBuilder& required(bool on = true);
  // Characters for text, items for lists, the value for integers.
  FieldBuilder& max(std::int64_t n);
  FieldBuilder& min(std::int64_t n);
  FieldBuilder& searchable();
  FieldBuilder& sortable();
  FieldBuilder& filterable();
  FieldBuilder& read_only();
  FieldBuilder& create_only();
  FieldBuilder& write_only();
  FieldBuilder& unique();
  FieldBuilder& lowercase();
  FieldBuilder& fallback(boost::json::value v);  // the value on create when absent
  FieldBuilder& options(std::vector<Option> o);
  FieldBuilder& format(std::string f);
  FieldBuilder& check(std::function<std::optional<http::Message>(boost::json::value&)> fn);
  FieldBuilder& hint(Label h);  // shown under the input in the admin form
  // Only while `field` has one of `values` (the admin form hides it otherwise).
  FieldBuilder& visible_when(std::string field, std::vector<std::string> values);

  operator Field() const { return f_; }  // NOLINT: a builder is used where a Field is expected
  Field& get() { return f_; }

 private:
  Field f_;
};

FieldBuilder text(std::string name, Label label);       // one line (string)
FieldBuilder long_text(std::string name, Label label);  // several lines (text)
FieldBuilder html(std::string name, Label label);       // rich text, sanitised on write
FieldBuilder integer(std::string name, Label label);
FieldBuilder boolean(std::string name, Label label);
FieldBuilder datetime(std::string name, Label label);
FieldBuilder choice(std::string name, Label label, std::vector<Option> options);
FieldBuilder json_field(std::string name, Label label);  // column <snake>_json
FieldBuilder tags(std::string name, Label label);        // string list, column <snake>_json
// A reference to another resource's item; column <snake>_id.
FieldBuilder reference(std::string name, Label label, std::string resource);
// Media library items of one kind; column <snake>_media_id.
FieldBuilder image(std::string name, Label label);
FieldBuilder video(std::string name, Label label);
FieldBuilder pdf(std::string name, Label label);
// A list of media ids, all images (column <snake>_json), at most 50.
FieldBuilder image_list(std::string name, Label label);
// Points a person earns from the item: 0..100000, default 0, sortable.
FieldBuilder points(std::string name = "points", Label label = {"แต้ม", "Points"});
// An http(s) link (at most 2000 characters, no spaces).
FieldBuilder web_link(std::string name, Label label);
// A link a tap in the staff app follows: a path in the app (one leading "/", e.g. "/learning/courses/…") or
// an https:// address; nothing else (javascript:, data:, http:, "//host" are refused). At most 2000
// characters, no spaces.
FieldBuilder app_link(std::string name, Label label);
std::optional<http::Message> check_app_link(boost::json::value& v);  // the check app_link() applies

}  // namespace shopfloor::resources
