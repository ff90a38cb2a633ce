// Exam cards for the learning lists and the admin preview's detail.
#include "exams/attempt.hpp"
#include "exams/exams.hpp"
#include "media/media.hpp"
#include "resources/staff_gate.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"

namespace shopfloor::exams {

namespace json = boost::json;

namespace {

// The first `max` characters (code points) of s.
std::string utf8_prefix(const std::string& s, std::size_t max) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (count == max) return s.substr(0, i) + "…";
      ++count;
    }
  }
  return s;
}

}  // namespace

json::object exam_card(db::Connection& c, const db::Row& r, std::size_t i, const std::string& user_id) {
  std::string id = r.str(i);
  auto description = r.opt_str(i + 2);
  json::value summary = nullptr;
  if (description) {
    std::string text = html_to_text(*description);
    if (!text.empty()) summary = json::value(utf8_prefix(text, 160));
  }
  auto limit = r.opt_i64(i + 4);
  json::value duration = nullptr;
  if (limit) duration = json::value((*limit + 59) / 60);
  return json::object{{"type", "exam"},
                      {"id", id},
                      {"title", r.str(i + 1)},
                      {"summary", summary},
                      {"cover", media::media_summary_or_null(r, i + 7)},
                      {"category", r.is_null(i + 5) ? json::value(nullptr)
                                                    : json::value(json::object{{"id", r.str(i + 5)},
                                                                               {"name", r.str(i + 6)}})},
                      {"points", r.i64(i + 3)},
                      {"durationMinutes", duration},
                      {"progress", best_percent(c, id, user_id)},
                      {"dueAt", nullptr}};
}

std::optional<json::object> exam_detail(db::Connection& c, const std::string& exam_id,
                                        const std::string& user_id, std::int64_t now) {
  auto row = resources::StaffGate::preview(now).from("exams", "e").select(exam_columns).by_id(c, exam_id);
  if (!row) return std::nullopt;
  return json::object{{"exam", detail_json(c, exam_from(*row), user_id, now)}};
}

}  // namespace shopfloor::exams
