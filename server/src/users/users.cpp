#include "users/users.hpp"

#include <algorithm>
#include <stdexcept>

#include "http/json_time.hpp"
#include "http/session_user.hpp"
#include "search/sources.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::users {

namespace json = boost::json;

std::string ensure_region(db::Connection& c, const std::string& code, const std::string& name) {
  if (auto r = c.query("SELECT id FROM regions WHERE code = $1", code).first()) return r->str(0);
  std::string id = uuid_v7();
  auto now = now_ms();
  c.query("INSERT INTO regions (id, code, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)", id,
          code, name, now);
  return id;
}

void ensure_position(db::Connection& c, const std::string& code, const std::string& name_th,
                     const std::string& name_en) {
  if (!c.query("SELECT 1 FROM positions WHERE code = $1", code).empty()) return;
  auto now = now_ms();
  c.query(
      "INSERT INTO positions (id, code, name_th, name_en, created_at, updated_at) VALUES ($1, $2, $3, $4, "
      "$5, "
      "$5)",
      uuid_v7(), code, name_th, name_en, now);
}

json::value position_name(const db::Row& r, std::size_t th_index) {
  if (r.is_null(th_index)) return nullptr;
  return json::object{{"th", r.str(th_index)}, {"en", r.str(th_index + 1)}};
}

std::string ensure_store(db::Connection& c, const std::string& code, const std::string& name,
                         const std::string& region_id) {
  if (auto r = c.query("SELECT id FROM stores WHERE code = $1", code).first()) return r->str(0);
  std::string id = uuid_v7();
  auto now = now_ms();
  c.query(
      "INSERT INTO stores (id, code, name, region_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, "
      "$5)",
      id, code, name, region_id, now);
  return id;
}

std::string create_user(db::Connection& c, const NewUser& u, const std::string& password_hash) {
  if (u.employee_code.empty() || u.employee_code.size() > 40)
    throw std::invalid_argument("employee code must be 1-40 characters");
  if (u.name.empty() || u.name.size() > 200) throw std::invalid_argument("name must be 1-200 characters");
  if (u.password.size() < 8) throw std::invalid_argument("password must be at least 8 characters");
  if (!auth::parse_role(u.role)) throw std::invalid_argument("role must be staff, editor or admin");
  if (u.status != "active" && u.status != "pending" && u.status != "disabled")
    throw std::invalid_argument("status must be active, pending or disabled");
  if (u.email && u.email->find('@') == std::string::npos) throw std::invalid_argument("email is not valid");
  std::optional<std::string> store_id;
  if (u.store_code) {
    auto r = c.query("SELECT id FROM stores WHERE code = $1", *u.store_code).first();
    if (!r) throw std::invalid_argument("unknown store " + *u.store_code);
    store_id = r->str(0);
  }
  std::string id = uuid_v7();
  auto now = now_ms();
  std::optional<std::string> email = u.email ? std::optional(ascii_lower(*u.email)) : std::nullopt;
  c.query(
      "INSERT INTO users (id, employee_code, email, name, role, status, store_id, position, password_hash, "
      "joined_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10)",
      id, u.employee_code, email, u.name, u.role, u.status, store_id, u.position, password_hash, now);
  search::refresh(c, "users", id);
  return id;
}

static json::value place(const db::Row& r, std::size_t i) {
  if (r.is_null(i)) return nullptr;
  return json::object{{"id", r.str(i)}, {"code", r.str(i + 1)}, {"name", r.str(i + 2)}};
}

static json::value opt(const db::Row& r, std::size_t i) {
  return http::value_or_null(r.opt_str(i));
}

std::optional<db::Row> person_row(db::Connection& c, const std::string& columns, const std::string& id,
                                  const char* also) {
  return c
      .query("SELECT " + columns +
                 " FROM users u LEFT JOIN stores s ON s.id = u.store_id LEFT JOIN regions g ON g.id = "
                 "s.region_id" +
                 position_join + "WHERE u.id = $1" + also,
             id)
      .first();
}

std::optional<json::object> me_json(db::Connection& c, const std::string& user_id) {
  auto row =
      person_row(c,
                 "u.id, u.employee_code, u.name, u.nickname, u.email, u.phone, u.image, u.role, u.status, "
                 "u.locale, u.position, s.id, s.code, s.name, g.id, g.code, g.name, ps.name_th, ps.name_en",
                 user_id);
  if (!row) return std::nullopt;
  const auto& r = *row;
  return json::object{{"id", r.str(0)},         {"employeeCode", r.str(1)},
                      {"name", r.str(2)},       {"nickname", opt(r, 3)},
                      {"email", opt(r, 4)},     {"phone", opt(r, 5)},
                      {"image", opt(r, 6)},     {"role", r.str(7)},
                      {"status", r.str(8)},     {"locale", r.str(9)},
                      {"position", opt(r, 10)}, {"store", place(r, 11)},
                      {"region", place(r, 14)}, {"positionName", position_name(r, 17)}};
}

std::vector<DemoLogin> seed_demo(db::Connection& c, const std::string& demo_password_hash) {
  std::string bkk = ensure_region(c, "BKK", "กรุงเทพและปริมณฑล");
  std::string nth = ensure_region(c, "NTH", "ภาคเหนือ");
  ensure_store(c, "BKK01", "เซ็นทรัลเวิลด์", bkk);
  ensure_store(c, "BKK02", "สยามพารากอน", bkk);
  ensure_store(c, "CNX01", "เชียงใหม่ นิมมาน", nth);
  // The demo's positions (here and in the learning, leaderboard and report seeds) with their Thai names.
  const char* positions[][3] = {{"HR", "ฝ่ายบุคคล", "HR"},
                                {"Training", "ฝ่ายฝึกอบรม", "Training"},
                                {"Sales", "พนักงานขาย", "Sales"},
                                {"Cashier", "แคชเชียร์", "Cashier"},
                                {"Store manager", "ผู้จัดการสาขา", "Store manager"},
                                {"Stock", "พนักงานคลังสินค้า", "Stock"},
                                {"Beauty advisor", "ที่ปรึกษาความงาม", "Beauty advisor"},
                                {"Supervisor", "หัวหน้างาน", "Supervisor"}};
  for (const auto& p : positions) ensure_position(c, p[0], p[1], p[2]);
  struct Demo {
    const char *code, *name, *email, *role, *store, *position;
  };
  const Demo people[] = {
      {"ADMIN01", "ผู้ดูแลระบบ", "admin@shopfloor.example", "admin", nullptr, "HR"},
      {"EDIT01", "กานดา บรรณาธิการ", "editor@shopfloor.example", "editor", nullptr, "Training"},
      {"S1001", "สมชาย ใจดี", "s1001@shopfloor.example", "staff", "BKK01", "Sales"},
      {"S1002", "สมหญิง รักงาน", "s1002@shopfloor.example", "staff", "BKK01", "Cashier"},
      {"S2001", "วิชัย เก่งขาย", "s2001@shopfloor.example", "staff", "CNX01", "Sales"},
      {"S2002", "มาลี ยิ้มแย้ม", "s2002@shopfloor.example", "staff", "CNX01", "Store manager"},
  };
  std::vector<DemoLogin> logins;
  for (const auto& p : people) {
    if (c.query("SELECT 1 FROM users WHERE employee_code = $1", p.code).empty()) {
      NewUser u{p.code,
                p.name,
                demo_password,
                std::string(p.email),
                p.role,
                "active",
                p.store ? std::optional<std::string>(p.store) : std::nullopt,
                std::string(p.position)};
      auto id = create_user(c, u, demo_password_hash);
      // They have worked here a while: their history (seed --demo) starts before the demo's 90 days.
      c.query("UPDATE users SET joined_at = $1 WHERE id = $2", now_ms() - 700LL * 86400000, id);
    }
    logins.push_back({p.code, p.role, p.name});
  }
  return logins;
}

}  // namespace shopfloor::users
