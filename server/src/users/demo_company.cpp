// The demo company of `seed --demo`: three regions, twelve stores and about 150 staff around the demo logins
// (users.cpp), each with the habits its history gives them (util/demo.hpp).
#include <array>

#include "users/users.hpp"
#include "util/ids.hpp"

namespace shopfloor::users {

namespace {

struct DemoStore {
  const char *code, *name, *region;
  int headcount;  // staff, the demo logins included
};
constexpr DemoStore company_stores[] = {
    {"BKK01", "เซ็นทรัลเวิลด์", "BKK", 16},
    {"BKK02", "สยามพารากอน", "BKK", 14},
    {"BKK03", "เมกาบางนา", "BKK", 12},
    {"BKK04", "ฟิวเจอร์พาร์ค รังสิต", "BKK", 12},
    {"BKK05", "เดอะมอลล์ บางกะปิ", "BKK", 11},
    {"CNX01", "เชียงใหม่ นิมมาน", "NTH", 14},
    {"CNX02", "เชียงใหม่ เซ็นทรัลเฟสติวัล", "NTH", 12},
    {"CRI01", "เชียงราย หอนาฬิกา", "NTH", 10},
    {"HKT01", "ภูเก็ต ป่าตอง", "STH", 13},
    {"HDY01", "หาดใหญ่ ใจกลางเมือง", "STH", 12},
    {"SNI01", "สุราษฎร์ธานี", "STH", 10},
    {"KBI01", "กระบี่ อ่าวนาง", "STH", 9},
};

// A store's team after its manager, in this order of positions (the reports' usual shares).
constexpr std::array<const char*, 15> team = {
    "Supervisor", "Sales", "Cashier", "Sales", "Stock", "Sales",          "Beauty advisor", "Cashier",
    "Sales",      "Stock", "Cashier", "Sales", "Sales", "Beauty advisor", "Cashier"};

constexpr const char* first_names[] = {
    "อรุณี",    "ธนพล",   "กมลชนก",  "ณัฐวุฒิ",   "พิมพ์ชนก", "ศุภชัย",     "จิราพร",    "วรวุฒิ",    "สุนิสา",    "ปิยะพงษ์",
    "นภัสสร",  "อนุชา",   "รัตนา",    "ชยพล",   "ธิดารัตน์", "เกียรติศักดิ์", "ปวีณา",     "สมศักดิ์",   "กัญญารัตน์", "ภานุวัฒน์",
    "ศิริพร",   "ณัฐพงศ์",  "อรอุมา",   "วีระพงษ์", "ชุติมา",   "ธีรพงษ์",    "มณีรัตน์",    "ประเสริฐ", "พรทิพย์",   "อภิชาติ",
    "สุภาพร",  "จักรพันธ์", "วิภาวรรณ", "ปรีชา",   "นันทนา",  "ธนากร",    "เบญจวรรณ", "สุรเชษฐ์",  "ดวงใจ",   "กิตติพงษ์",
    "ลัดดา",   "ชาญวิทย์", "อัญชลี",    "พงศกร",  "วนิดา",   "ณรงค์",     "ปาริชาต",   "ยุทธนา",   "สายสุนีย์",  "ธวัชชัย",
    "กาญจนา", "เอกชัย",  "ศศิธร",    "วิทยา",   "นิตยา",   "สุทธิพงษ์",   "พัชรี",      "ไพโรจน์",  "จันทร์เพ็ญ", "อำนาจ"};
constexpr const char* last_names[] = {
    "ศรีสุข",   "วงศ์ใหญ่",    "ทองดี",       "แก้วมณี",  "สุขสวัสดิ์",  "บุญมา",   "จันทร์หอม", "พรหมมา",
    "รุ่งเรือง", "ศักดิ์ดี",      "มีสุข",        "ใจงาม",  "เพชรรัตน์", "สายทอง", "คำแสง",   "ปัญญาดี",
    "ชัยมงคล", "อินทร์แก้ว",   "นาคประเสริฐ", "ทองคำ",  "สมบูรณ์",   "ภักดี",    "ศรีวงศ์",   "บุญเรือง",
    "แสงทอง", "ประเสริฐสุข", "วิเศษ",       "กลิ่นหอม", "เรืองศรี",  "พูลสวัสดิ์", "ธนากุล",   "มั่นคง",
    "จิตดี",    "สุวรรณ",     "รักษ์ไทย",     "ชื่นใจ",   "ดวงแก้ว",  "บำรุงกิจ", "เจริญผล",  "ยอดเยี่ยม"};

std::string region_name(const std::string& code) {
  return code == "BKK" ? "กรุงเทพและปริมณฑล" : code == "NTH" ? "ภาคเหนือ" : "ภาคใต้";
}

}  // namespace

bool seed_company(db::Connection& c, const std::string& demo_password_hash) {
  // The demo logins' stores and their two places in them come first (users.cpp): the company fills around.
  if (!c.query("SELECT 1 FROM users WHERE employee_code = 'S1003'").empty()) return false;
  auto now = now_ms();
  int next_code[4] = {0, 3, 3,
                      1};  // S1003.., S2003.., S3001.. by region, around codes taken (accounts' S3001)
  int person = 0;
  for (const auto& s : company_stores) {
    std::string region = s.region;
    std::string store = ensure_store(c, s.code, s.name, ensure_region(c, region, region_name(region)));
    int digit = region == "BKK" ? 1 : region == "NTH" ? 2 : 3;
    int taken =
        static_cast<int>(c.query("SELECT COUNT(*) FROM users WHERE store_id = $1", store).first()->i64(0));
    bool has_manager =
        !c.query("SELECT 1 FROM users WHERE store_id = $1 AND position = 'Store manager'", store).empty();
    for (int k = taken; k < s.headcount; ++k, ++person) {
      const char* position = !has_manager ? "Store manager" : team[static_cast<std::size_t>(k) % team.size()];
      has_manager = true;
      char code[8];
      do std::snprintf(code, sizeof code, "S%d%03d", digit, next_code[digit]++);
      while (!c.query("SELECT 1 FROM users WHERE employee_code = $1", std::string(code)).empty());
      std::string name = std::string(first_names[person % std::size(first_names)]) + " " +
                         last_names[(person * 7 + person / 40) % std::size(last_names)];
      demo::Draws draw(code);
      // Most joined over the last three years; a dozen this month (the November welcome article).
      std::int64_t joined = person % 12 == 5 ? now - draw.between(3, 25) * demo::day_ms
                                             : now - draw.between(100, 1100) * demo::day_ms;
      c.query(
          "INSERT INTO users (id, employee_code, name, role, status, store_id, position, password_hash, "
          "joined_at, created_at, updated_at) VALUES ($1, $2, $3, 'staff', 'active', $4, $5, $6, $7, $7, $7)",
          uuid_v7(), std::string(code), name, store, std::string(position), demo_password_hash, joined);
    }
  }
  return true;
}

std::vector<demo::Person> demo_people(db::Connection& c) {
  std::vector<demo::Person> out;
  for (const auto& r :
       c.query("SELECT u.id, u.employee_code, u.name, u.store_id, COALESCE(s.region_id, ''), "
               "COALESCE(u.position, ''), u.joined_at FROM users u JOIN stores s ON s.id = u.store_id WHERE "
               "u.role = 'staff' AND u.status = 'active' AND u.password_hash IS NOT NULL AND u.employee_code "
               "LIKE 'S%' "
               "ORDER BY "
               "u.employee_code")
           .rows) {
    demo::Person p{r.str(0), r.str(1), r.str(2), r.str(3), r.str(4), r.str(5), r.is_null(6) ? 0 : r.i64(6)};
    demo::Draws draw("habits|" + p.code);
    p.zeal = 0.2 + 0.7 * draw.next();
    p.skill = 0.62 + 0.35 * draw.next();
    p.named = p.code == "S1001" || p.code == "S1002" || p.code == "S2001" || p.code == "S2002";
    if (p.named) p.zeal = 0.8;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace shopfloor::users
