// The club's part of `seed --demo`: a catalogue with generated pictures, a partner coupon batch with codes,
// an open new-year gift period, points for the demo staff (earned the way they would be) and a few
// redemptions in different states, so `make run` shows a living club. Safe to run again (nothing is added
// twice).
#include <sodium.h>

#include "club/club.hpp"
#include "club/redemptions.hpp"
#include "media/demo_image.hpp"
#include "points/ledger.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

namespace {

constexpr std::int64_t day = 24LL * 3600 * 1000;

std::string user_id(db::Connection& c, const char* code) {
  auto r = c.query("SELECT id FROM users WHERE employee_code = $1", std::string(code)).first();
  return r ? r->str(0) : "";
}

db::Value picture(db::Connection& c, const std::string& data_dir, int n, const std::string& name) {
  if (data_dir.empty()) return db::Value{};
  return media::demo_image(c, data_dir, n, name);
}

void seed_rewards(db::Connection& c, const std::string& data_dir, std::int64_t now) {
  struct Reward {
    const char *title, *description;
    std::int64_t cost, stock;
    int limit;  // 0 = none
    bool pickup, delivery;
  };
  static const Reward rewards[] = {
      {"แก้วน้ำเก็บความเย็น Shopfloor", "<p>แก้วสแตนเลส 20 ออนซ์ เก็บความเย็นได้ 12 ชั่วโมง</p>", 300, 40, 2, true,
       true},
      {"บัตรชมภาพยนตร์ 2 ที่นั่ง", "<p>ใช้ได้ทุกสาขาในกรุงเทพฯ และเชียงใหม่ ภายใน 90 วัน</p>", 800, 15, 1, true, false},
      {"ร่มพับกันยูวี", "<p>ร่มพับ 3 ตอน กันแดดและฝน สีกรมท่า</p>", 450, 25, 0, true, true},
      {"วันลาพักร้อนเพิ่ม 1 วัน", "<p>รับสิทธิ์วันหยุดเพิ่ม 1 วัน ใช้ได้ภายในปีนี้ (ผู้จัดการสาขาอนุมัติ)</p>", 2500, 5, 1, true,
       false},
      {"หูฟังไร้สาย", "<p>หูฟังบลูทูธพร้อมกล่องชาร์จ รับประกัน 1 ปี</p>", 1800, 8, 1, false, true},
      {"บัตรกำนัลร้านกาแฟ 100 บาท", "<p>บัตรกำนัลใช้แทนเงินสดที่ร้านกาแฟในศูนย์การค้า</p>", 150, 100, 5, true, false},
  };
  int n = 0;
  for (const auto& r : rewards) {
    ++n;
    if (!c.query("SELECT 1 FROM rewards WHERE title = $1", std::string(r.title)).empty()) continue;
    c.query(
        "INSERT INTO rewards (id, title, description, image_media_id, cost, stock, per_person_limit, pickup, "
        "delivery, "
        "status, start_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'published', "
        "$10, $11, "
        "$11)",
        uuid_v7(), std::string(r.title), std::string(r.description),
        picture(c, data_dir, 40 + n, "reward-" + std::to_string(n) + ".png"), r.cost, r.stock,
        r.limit ? db::Value{std::int64_t{r.limit}} : db::Value{}, r.pickup, r.delivery, now - 7 * day, now);
  }
}

void seed_points(db::Connection& c, std::int64_t now) {
  struct Grant {
    const char* code;
    std::int64_t points;
    const char* reason;
  };
  static const Grant grants[] = {
      {"S1001", 1200, "โบนัสต้อนรับสมาชิกคลับ"},      {"S1001", 900, "ยอดขายดีเด่นประจำเดือน"},
      {"S1002", 1500, "โบนัสต้อนรับสมาชิกคลับ"},      {"S2001", 1200, "โบนัสต้อนรับสมาชิกคลับ"},
      {"S2001", 2600, "ผู้ชนะแคมเปญบริการยอดเยี่ยม"}, {"S2002", 1200, "โบนัสต้อนรับสมาชิกคลับ"},
  };
  int n = 0;
  for (const auto& g : grants) {
    auto uid = user_id(c, g.code);
    if (uid.empty()) continue;
    points::award(
        c, points::Entry{uid, g.points, g.reason, "manual", "", "demo:club:" + std::to_string(n++), ""});
  }
  (void)now;
}

// A redemption made the way the API makes one (stock, points, event), then moved on to `status`.
void seed_redemption(db::Connection& c, const char* code, const char* reward_title, const char* status,
                     std::int64_t at) {
  auto uid = user_id(c, code);
  auto reward =
      c.query("SELECT id, cost, pickup FROM rewards WHERE title = $1", std::string(reward_title)).first();
  if (uid.empty() || !reward) return;
  if (!c.query("SELECT 1 FROM redemptions WHERE user_id = $1 AND reward_id = $2", uid, reward->str(0))
           .empty())
    return;
  if (points::balance(c, uid) < reward->i64(1)) return;
  auto store = c.query("SELECT store_id FROM users WHERE id = $1", uid).first();
  std::string rid = uuid_v7();
  bool pickup = reward->boolean(2);
  c.query(
      "UPDATE rewards SET stock = stock - 1, redeemed_count = redeemed_count + 1 WHERE id = $1 AND stock > 0",
      reward->str(0));
  c.query(
      "INSERT INTO redemptions (id, reward_id, user_id, cost, status, method, store_id, address_json, "
      "created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $8)",
      rid, reward->str(0), uid, reward->i64(1), pickup ? "pickup" : "delivery",
      pickup ? store->at(0) : db::Value{},
      pickup ? db::Value{}
             : db::Value{std::string(
                   R"({"name":"วิชัย เก่งขาย","phone":"0812345678","line1":"99/9 ถนนนิมมานเหมินท์",)"
                   R"("line2":"","district":"เมืองเชียงใหม่","province":"เชียงใหม่","postcode":"50200"})")},
      at);
  points::award(
      c, points::Entry{uid, -reward->i64(1), reward_title, "redemption", rid, "redemption:" + rid, ""});
  c.query(
      "INSERT INTO redemption_events (id, redemption_id, user_id, status, actor_id, created_at) VALUES ($1, "
      "$2, $3, "
      "'pending', $3, $4)",
      uuid_v7(), rid, uid, at);
  auto admin = user_id(c, "ADMIN01");
  std::string s = status;
  if (s == "approved" || s == "fulfilled") apply_transition(c, rid, Transition::approve, admin, "");
  if (s == "fulfilled") apply_transition(c, rid, Transition::fulfil, admin, "");
  // The timeline as it would have happened: approved the next morning, handed over a day later.
  c.query("UPDATE redemption_events SET created_at = $2 WHERE redemption_id = $1 AND status = 'approved'",
          rid, at + day / 2);
  c.query("UPDATE redemption_events SET created_at = $2 WHERE redemption_id = $1 AND status = 'fulfilled'",
          rid, at + day + day / 3);
}

void seed_coupons(db::Connection& c, const std::string& data_dir, std::int64_t now) {
  if (!c.query("SELECT 1 FROM coupon_batches").empty()) return;
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO coupon_batches (id, partner, title, value_text, description, image_media_id, expires_at, "
      "per_person_limit, status, start_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, "
      "'published', "
      "$8, $8, $8)",
      id, "ร้านกาแฟดอยคำ", "ส่วนลดเครื่องดื่มสำหรับพนักงาน", "ลด 50 บาท",
      "<p>แสดงรหัสหรือ QR ที่แคชเชียร์ ใช้ได้ 1 ครั้งต่อรหัส ไม่สามารถแลกเป็นเงินสด</p>",
      picture(c, data_dir, 47, "coupon-1.png"), now + 60 * day, now - day);
  constexpr std::string_view alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  std::int64_t added = 0;
  for (int i = 0; i < 120; ++i) {
    std::string code = "DK-";
    for (int k = 0; k < 8; ++k)
      code += alphabet[randombytes_uniform(static_cast<std::uint32_t>(alphabet.size()))];
    added +=
        c.query(
             "INSERT INTO coupon_codes (id, batch_id, code, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT "
             "(batch_id, code) DO NOTHING",
             uuid_v7(), id, code, now)
            .affected;
  }
  c.query("UPDATE coupon_batches SET codes_count = $2 WHERE id = $1", id, added);
  // One demo person has already claimed a code.
  if (auto uid = user_id(c, "S1002"); !uid.empty()) {
    c.query(
        "UPDATE coupon_codes SET claimed_by = $1, claimed_at = $2 WHERE id = (SELECT id FROM coupon_codes "
        "WHERE "
        "batch_id = $3 ORDER BY id LIMIT 1)",
        uid, now - 3600 * 1000, id);
    c.query("UPDATE coupon_batches SET claimed_count = 1 WHERE id = $1", id);
  }
}

void seed_gifts(db::Connection& c, const std::string& data_dir, std::int64_t now) {
  if (!c.query("SELECT 1 FROM gift_periods").empty()) return;
  std::string period = uuid_v7();
  c.query(
      "INSERT INTO gift_periods (id, name, description, status, start_at, end_at, created_at, updated_at) "
      "VALUES ($1, "
      "$2, $3, 'published', $4, $5, $6, $6)",
      period, "ของขวัญปีใหม่ 2570", "เลือกของขวัญปีใหม่ได้ 1 ชิ้น เปลี่ยนได้จนกว่าจะปิดรับ", now - 2 * day, now + 35 * day,
      now);
  struct Option {
    const char* title;
    std::int64_t stock;
  };
  static const Option options[] = {{"กระเช้าผลไม้และขนม", 200}, {"ชุดเครื่องนอนผ้าฝ้าย", 120}, {"หม้อทอดไร้น้ำมัน", 60}};
  int n = 0;
  for (const auto& o : options) {
    c.query(
        "INSERT INTO gift_options (id, period_id, title, image_media_id, stock, position, created_at, "
        "updated_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
        uuid_v7(), period, std::string(o.title),
        picture(c, data_dir, 50 + n, "gift-" + std::to_string(n + 1) + ".png"), o.stock, n, now);
    ++n;
  }
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  auto now = now_ms();
  seed_rewards(c, data_dir, now);
  seed_points(c, now);
  seed_redemption(c, "S1001", "แก้วน้ำเก็บความเย็น Shopfloor", "fulfilled", now - 6 * day);
  seed_redemption(c, "S1001", "บัตรกำนัลร้านกาแฟ 100 บาท", "pending", now - 2 * 3600 * 1000);
  seed_redemption(c, "S2001", "หูฟังไร้สาย", "approved", now - 2 * day);
  seed_redemption(c, "S1002", "ร่มพับกันยูวี", "pending", now - day);
  seed_coupons(c, data_dir, now);
  seed_gifts(c, data_dir, now);
}

}  // namespace shopfloor::club
