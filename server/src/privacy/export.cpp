#include "privacy/export.hpp"

#include <boost/json.hpp>

#include "privacy/catalogue.hpp"
#include "privacy/zip.hpp"
#include "resources/csv.hpp"
#include "util/ids.hpp"

namespace shopfloor::privacy {

namespace json = boost::json;

namespace {

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// A column's value as JSON; *_json columns are stored JSON text and are handed out as JSON.
json::value json_of(const db::Row& row, std::size_t i) {
  const auto& v = row.at(i);
  if (std::holds_alternative<std::monostate>(v)) return nullptr;
  if (auto* n = std::get_if<std::int64_t>(&v)) return *n;
  if (auto* d = std::get_if<double>(&v)) return *d;
  const auto& s = std::get<std::string>(v);
  if (ends_with(row.columns()[i], "_json")) {
    std::error_code ec;
    auto parsed = json::parse(s, ec);
    if (!ec) return parsed;
  }
  return json::string(s);
}

struct Table {
  std::vector<std::string> columns;
  std::vector<db::Row> rows;
};

Table read_kind(db::Connection& c, const Kind& k, const std::string& user_id) {
  auto result = c.query("SELECT * FROM " + k.table + " WHERE " + k.where + " ORDER BY 1", user_id);
  Table t;
  t.rows = std::move(result.rows);
  if (result.columns)
    for (const auto& col : *result.columns)
      if (std::find(k.omit.begin(), k.omit.end(), col) == k.omit.end()) t.columns.push_back(col);
  return t;
}

std::string json_file(const Table& t) {
  json::array out;
  for (const auto& row : t.rows) {
    json::object o;
    for (const auto& col : t.columns) o[col] = json_of(row, row.index(col));
    out.push_back(std::move(o));
  }
  return json::serialize(out);
}

std::string csv_file(const Table& t) {
  std::string out(resources::csv::bom);
  out += resources::csv::line(t.columns);
  for (const auto& row : t.rows) {
    std::vector<std::string> cells;
    cells.reserve(t.columns.size());
    for (const auto& col : t.columns) cells.push_back(row.str(col));
    out += resources::csv::line(cells);
  }
  return out;
}

constexpr std::string_view readme =
    "ข้อมูลของคุณใน Shopfloor\r\n"
    "========================\r\n"
    "ไฟล์นี้รวบรวมข้อมูลทั้งหมดที่ระบบเก็บเกี่ยวกับคุณ (สิทธิ์ขอเข้าถึงและขอรับข้อมูลตาม พ.ร.บ. คุ้มครองข้อมูลส่วนบุคคล "
    "พ.ศ. 2562)\r\n"
    "ข้อมูลแต่ละประเภทมีสองไฟล์: .json (สำหรับโปรแกรม) และ .csv (เปิดด้วย Excel ได้)\r\n"
    "index.json บอกว่าแต่ละไฟล์คืออะไร มีกี่แถว และข้อมูลใดที่ไม่ได้ส่งออกพร้อมเหตุผล\r\n"
    "เวลาทั้งหมดเป็นมิลลิวินาทีนับจาก 1970-01-01 UTC รหัสผ่านและโทเค็นไม่รวมอยู่ในไฟล์นี้\r\n"
    "\r\n"
    "Your data in Shopfloor\r\n"
    "======================\r\n"
    "This archive holds everything the product keeps about you (your rights of access and portability under "
    "Thailand's Personal Data Protection Act, B.E. 2562).\r\n"
    "Each kind of data is in two files: .json (for programs) and .csv (opens in Excel).\r\n"
    "index.json says what each file is, how many rows it has, and what is not exported and why.\r\n"
    "Times are milliseconds since 1970-01-01 UTC. Password and token hashes are never included.\r\n";

}  // namespace

std::optional<std::string> export_archive(db::Connection& c, const std::string& user_id) {
  auto person = c.query("SELECT id, name FROM users WHERE id = $1", user_id).first();
  if (!person) return std::nullopt;
  auto now = now_ms();
  ZipWriter zip;
  json::array files;
  for (const auto& k : personal_kinds()) {
    Table t = read_kind(c, k, user_id);
    zip.add(k.file + ".json", json_file(t), now);
    zip.add(k.file + ".csv", csv_file(t), now);
    json::array omitted;
    for (const auto& o : k.omit) omitted.emplace_back(o);
    files.push_back(json::object{{"file", k.file},
                                 {"table", k.table},
                                 {"rows", static_cast<std::int64_t>(t.rows.size())},
                                 {"omittedColumns", std::move(omitted)}});
  }
  json::array skipped;
  for (const auto& n : not_exported())
    skipped.push_back(json::object{{"table", n.table}, {"reason", n.reason}});
  json::object index{{"userId", user_id},
                     {"name", person->str(1)},
                     {"generatedAt", iso8601(now)},
                     {"files", std::move(files)},
                     {"notExported", std::move(skipped)}};
  zip.add("README.txt", readme, now);
  zip.add("index.json", json::serialize(index), now);
  return zip.finish();
}

}  // namespace shopfloor::privacy
