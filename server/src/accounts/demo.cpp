#include "accounts/demo.hpp"

#include "accounts/codes.hpp"
#include "util/ids.hpp"

namespace shopfloor::accounts {

DemoActivation seed_demo(db::Connection& c, const std::string& secret) {
  DemoActivation out{demo_roster_code, "ปิยะนุช แสงทอง", demo_activation_code};
  auto now = now_ms();
  auto store = c.query("SELECT id FROM stores WHERE code = 'BKK02'").first();
  if (!store) return out;
  // As the roster import makes it: an active account without a password, and its roster row.
  if (c.query("SELECT 1 FROM users WHERE employee_code = $1", out.employee_code).empty()) {
    c.query(
        "INSERT INTO users (id, employee_code, name, role, status, store_id, position, joined_at, "
        "created_at, "
        "updated_at, version) VALUES ($1, $2, $3, 'staff', 'active', $4, 'Sales', $5, $5, $5, 1)",
        uuid_v7(), out.employee_code, out.name, store->str(0), now);
    c.query(
        "INSERT INTO roster (employee_code, name, store_code, position, imported_at) VALUES ($1, $2, "
        "'BKK02', "
        "'Sales', $3) ON CONFLICT (employee_code) DO NOTHING",
        out.employee_code, out.name, now);
  }
  auto user =
      c.query("SELECT id, password_hash IS NULL FROM users WHERE employee_code = $1", out.employee_code)
          .first();
  out.pending = user->boolean(1);
  if (!out.pending) return out;
  // A fresh 14 days each time the demo is seeded. The known code hashes the same each time: its old row goes.
  std::string user_id = user->str(0);
  c.query("DELETE FROM account_codes WHERE code_hash = $1",
          code_hash(secret, Purpose::activation, user_id, normalize_code(out.code)));
  issue(c, secret, Purpose::activation, user_id, "", "demo", now + 14LL * 24 * 3600 * 1000, "", out.code);
  return out;
}

}  // namespace shopfloor::accounts
