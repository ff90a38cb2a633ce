#include "surveys/builder.hpp"

#include <algorithm>

#include "http/api_error.hpp"
#include "http/messages.hpp"
#include "resources/builders.hpp"
#include "resources/fields.hpp"
#include "surveys/engine.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;
using namespace resources;

void anonymous_end_only_later(WriteContext& w) {
  if (!w.before || w.errors.count("endAt") || !w.values.count("end_at")) return;
  const auto* anonymous = w.before->if_contains("anonymous");
  const auto* answers = w.before->if_contains("responsesCount");
  if (!anonymous || !anonymous->is_bool() || !anonymous->as_bool() || !answers || !answers->is_int64() ||
      answers->as_int64() == 0)
    return;
  auto end = w.time_of("endAt");
  if (!end) return;  // no end: later than any
  const auto* stored = w.before->if_contains("endAt");
  auto was = stored && stored->is_string() ? parse_iso8601(stored->as_string()) : std::nullopt;
  if (*end < (was ? *was : now_ms())) w.errors["endAt"] = msg::ANONYMOUS_END_FIXED;
}

void add_question_fields(std::vector<Field>& fields, std::vector<Option> kinds, std::string fallback) {
  std::vector<std::string> with_options;
  bool multiple = false;
  for (const auto& o : kinds) {
    auto k = kind_of(o.value);
    if (k && has_options(*k)) with_options.push_back(o.value);
    multiple = multiple || k == Kind::multiple;
  }
  fields.insert(
      fields.end(),
      {
          choice("kind", {"ประเภทคำถาม", "Kind"}, std::move(kinds))
              .required()
              .fallback(json::value(fallback)),
          text("text", {"คำถาม", "Question"}).required().searchable().max(500),
          text("help", {"คำอธิบายเพิ่มเติม", "Help text"}).max(500),
          boolean("required", {"ต้องตอบ", "Required"}).fallback(false),
          tags("options", {"ตัวเลือก", "Options"})
              .visible_when("kind", with_options)
              .hint({"พิมพ์ตัวเลือกแล้วกด Enter ทีละข้อ (2-20 ข้อ) พนักงานเห็นตามลำดับนี้",
                     "Type an option and press Enter, one at a time (2-20); staff see them in this order"}),
      });
  if (multiple)
    fields.push_back(
        integer("maxChoices", {"เลือกได้สูงสุด", "At most"}).min(1).max(20).visible_when("kind", {"multiple"}));
}

void check_question(WriteContext& w, const std::function<bool(WriteContext&)>& answered,
                    const http::MessageDef& frozen) {
  auto kind = kind_of(w.text_of("kind"));
  if (!kind) return;  // the enumeration's own check answers
  auto options = w.value_of("options");
  std::size_t n = options.is_array() ? options.as_array().size() : 0;
  if (has_options(*kind) ? (n < 2 || n > 20) : n > 0) w.errors["options"] = msg::SURVEY_OPTIONS;
  auto max = w.value_of("maxChoices");
  if (*kind == Kind::multiple && max.is_int64() &&
      (max.as_int64() < 1 || max.as_int64() > static_cast<std::int64_t>(n)))
    w.errors["maxChoices"] = http::Message(msg::ANSWER_RANGE, {{"min", 1}, {"max", n}});
  if (!w.before) return;
  auto kind_before = w.before->if_contains("kind"), options_before = w.before->if_contains("options");
  bool changed = (kind_before && *kind_before != json::value(name_of(*kind))) ||
                 (options_before && *options_before != options);
  if (changed && answered(w)) throw http::ApiError{http::Status::conflict, err::CONFLICT, frozen};
}

}  // namespace shopfloor::surveys
