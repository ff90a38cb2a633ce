// `seed --demo`: a "store maintenance request" form (every kind, a photo question, many submissions allowed)
// with three submissions from demo staff.
#include <boost/json/serialize.hpp>
#include <filesystem>

#include "forms/files.hpp"
#include "forms/forms.hpp"
#include "media/demo_media.hpp"
#include "media/media.hpp"
#include "util/ids.hpp"

namespace shopfloor::forms {

namespace json = boost::json;
namespace fs = std::filesystem;

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM forms").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  std::string form = uuid_v7();
  c.query(
      "INSERT INTO forms (id, title, description, multiple_submissions, status, start_at, end_at, "
      "created_at, "
      "updated_at) VALUES ($1, $2, $3, 1, 'published', $4, $5, $6, $6)",
      form, std::string("แจ้งซ่อมบำรุงสาขา"),
      std::string("แจ้งอุปกรณ์หรือพื้นที่ในสาขาที่ชำรุด แนบรูปถ่ายเพื่อให้ทีมซ่อมบำรุงเตรียมอะไหล่ได้ถูกต้อง"), now - 7 * day,
      now + 60 * day, now);
  struct Demo {
    const char *kind, *text, *help, *options;
    bool required;
    std::optional<std::int64_t> min, max;
  };
  const Demo questions[] = {
      {"short_text", "อุปกรณ์หรือพื้นที่ที่ชำรุด", "เช่น ตู้แช่เย็นหมายเลข 3", nullptr, true, {}, {}},
      {"single", "บริเวณ", nullptr, R"(["หน้าร้าน","แคชเชียร์","คลังสินค้า","ห้องพักพนักงาน"])", true, {}, {}},
      {"date", "พบปัญหาเมื่อวันที่", nullptr, nullptr, true, {}, {}},
      {"number", "ความเร่งด่วน (1 = รอได้, 5 = ด่วนมาก)", nullptr, nullptr, true, 1, 5},
      {"multiple",
       "ผลกระทบ",
       "เลือกได้หลายข้อ",
       R"(["ลูกค้าใช้งานไม่ได้","สินค้าเสียหาย","ความปลอดภัย","อื่น ๆ"])",
       false,
       {},
       {}},
      {"long_text", "รายละเอียดเพิ่มเติม", nullptr, nullptr, false, {}, {}},
      {"file", "รูปถ่ายหรือเอกสาร (PDF, JPEG, PNG ไม่เกิน 10 MB)", nullptr, nullptr, false, {}, {}},
  };
  std::vector<std::string> ids;
  int position = 0;
  for (const auto& q : questions) {
    ids.push_back(uuid_v7());
    c.query(
        "INSERT INTO form_questions (id, form_id, kind, text, help, required, options_json, min_value, "
        "max_value, position, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, "
        "$11)",
        ids.back(), form, std::string(q.kind), std::string(q.text),
        q.help ? db::Value{std::string(q.help)} : db::Value{}, q.required ? 1 : 0,
        q.options ? db::Value{std::string(q.options)} : db::Value{}, q.min, q.max, position++, now);
  }
  // Three requests from demo staff, one with a photo (a generated picture copied to the private folder).
  auto people = c.query(
      "SELECT u.id, u.store_id, s.region_id FROM users u LEFT JOIN stores s ON s.id = u.store_id WHERE "
      "u.employee_code IN ('S1001', 'S1002', 'S2001') ORDER BY u.employee_code");
  const char* broken[] = {"ตู้แช่เย็นหมายเลข 3 ไม่เย็น", "ไฟหน้าร้านกะพริบ", "ประตูคลังสินค้าปิดไม่สนิท"};
  for (std::size_t i = 0; i < people.rows.size(); ++i) {
    const auto& p = people.rows[i];
    std::string submission = uuid_v7();
    auto at = now - static_cast<std::int64_t>(3 - i) * day;
    json::object answers{{ids[0], broken[i]},
                         {ids[1], static_cast<std::int64_t>(i % 4)},
                         {ids[2], iso8601(at - day).substr(0, 10)},
                         {ids[3], static_cast<std::int64_t>(5 - i)},
                         {ids[4], json::array{0, static_cast<std::int64_t>(1 + i % 3)}}};
    if (i == 0) {
      auto media = media::demo_media(c, data_dir, "form-repair");
      if (auto m = std::get_if<std::string>(&media)) {
        auto row = c.query("SELECT hash, ext, bytes FROM media WHERE id = $1", *m).first();
        std::string file = uuid_v7();
        std::error_code ec;
        fs::create_directories(fs::path(file_path(data_dir, file, "png")).parent_path(), ec);
        fs::copy_file(media::media_path(data_dir, row->str(0), row->str(1)), file_path(data_dir, file, "png"),
                      fs::copy_options::overwrite_existing, ec);
        if (!ec) {
          c.query(
              "INSERT INTO form_files (id, form_id, user_id, name, mime, ext, bytes, created_at) VALUES ($1, "
              "$2, "
              "$3, 'fridge.png', 'image/png', 'png', $4, $5)",
              file, form, p.str(0), row->i64(2), at);
          answers[ids[6]] = file;
        }
      }
    }
    c.query(
        "INSERT INTO form_submissions (id, form_id, user_id, store_id, region_id, answers_json, created_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7)",
        submission, form, p.str(0), p.is_null(1) ? db::Value{} : db::Value{p.str(1)},
        p.is_null(2) ? db::Value{} : db::Value{p.str(2)}, json::serialize(answers), at);
    if (answers.contains(ids[6]))
      c.query("UPDATE form_files SET submission_id = $1 WHERE id = $2", submission,
              std::string(answers.at(ids[6]).as_string()));
  }
  c.query("UPDATE forms SET submissions_count = $1 WHERE id = $2",
          static_cast<std::int64_t>(people.rows.size()), form);
}

}  // namespace shopfloor::forms
