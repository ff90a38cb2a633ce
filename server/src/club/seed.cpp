// The club's part of `seed --demo`: a catalogue with pictures drawn for it, a partner coupon batch with
// codes, an open new-year gift period, points for the demo staff and a few of their redemptions in different
// states. With the company's history: people redeem what their points afford, claim coupons and pick gifts,
// and the admin approves, hands over or turns down, day by day. Every spend goes through the staff routes'
// functions (redeem_reward, claim_coupon, pick_gift) and every move through apply_transition, at its moment,
// so stock, points, the timeline and the club report are theirs. Safe to run again (nothing is added twice).
#include <sodium.h>

#include <set>

#include "club/club.hpp"
#include "club/redemptions.hpp"
#include "club/routes.hpp"
#include "http/api_error.hpp"
#include "media/demo_media.hpp"
#include "points/ledger.hpp"
#include "resources/demo_people.hpp"
#include "resources/demo_step.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

namespace {

constexpr std::int64_t hour = 3600LL * 1000, day = 24 * hour;

std::string user_id(db::Connection& c, const char* code) {
  return resources::demo_person(c, code).value_or("");
}

// The ids of `table`'s published items open at `at`: started, and not yet past `end_column`.
std::vector<std::string> open_at(db::Connection& c, const std::string& table, const std::string& end_column,
                                 std::int64_t at) {
  return c
      .query("SELECT id FROM " + table + " WHERE status = 'published' AND start_at <= $1 AND " + end_column +
                 " > $1",
             at)
      .first_column();
}

db::Value picture(db::Connection& c, const std::string& data_dir, const char* name) {
  return media::demo_media(c, data_dir, name);
}

void seed_rewards(db::Connection& c, const std::string& data_dir, std::int64_t now) {
  struct Reward {
    const char *title, *description, *picture;
    std::int64_t cost, stock;
    int limit;  // 0 = none
    bool pickup, delivery;
  };
  static const Reward rewards[] = {
      {"แก้วน้ำเก็บความเย็น Shopfloor", "<p>แก้วสแตนเลส 20 ออนซ์ เก็บความเย็นได้ 12 ชั่วโมง</p>", "reward-tumbler", 300,
       40, 2, true, true},
      {"บัตรชมภาพยนตร์ 2 ที่นั่ง", "<p>ใช้ได้ทุกสาขาในกรุงเทพฯ และเชียงใหม่ ภายใน 90 วัน</p>", "reward-cinema", 800, 15, 1,
       true, false},
      {"ร่มพับกันยูวี", "<p>ร่มพับ 3 ตอน กันแดดและฝน สีกรมท่า</p>", "reward-umbrella", 450, 25, 0, true, true},
      {"วันลาพักร้อนเพิ่ม 1 วัน", "<p>รับสิทธิ์วันหยุดเพิ่ม 1 วัน ใช้ได้ภายในปีนี้ (ผู้จัดการสาขาอนุมัติ)</p>", "reward-leave", 2500, 5,
       1, true, false},
      {"หูฟังไร้สาย", "<p>หูฟังบลูทูธพร้อมกล่องชาร์จ รับประกัน 1 ปี</p>", "reward-headphones", 1800, 8, 1, false, true},
      {"บัตรกำนัลร้านกาแฟ 100 บาท", "<p>บัตรกำนัลใช้แทนเงินสดที่ร้านกาแฟในศูนย์การค้า</p>", "reward-coffee", 150, 100, 5,
       true, false},
  };
  for (const auto& r : rewards) {
    if (!c.query("SELECT 1 FROM rewards WHERE title = $1", std::string(r.title)).empty()) continue;
    c.query(
        "INSERT INTO rewards (id, title, description, image_media_id, cost, stock, per_person_limit, pickup, "
        "delivery, status, start_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
        "'published', $10, $11, $11)",
        uuid_v7(), std::string(r.title), std::string(r.description), picture(c, data_dir, r.picture), r.cost,
        r.stock, r.limit ? db::Value{std::int64_t{r.limit}} : db::Value{}, r.pickup, r.delivery,
        now - 7 * day, now);
  }
}

void seed_points(db::Connection& c) {
  struct Grant {
    const char* code;
    std::int64_t points;
    const char* reason;
    int days_ago;
  };
  static const Grant grants[] = {
      {"S1001", 1200, "โบนัสต้อนรับสมาชิกคลับ", 80},      {"S1001", 900, "ยอดขายดีเด่นประจำเดือน", 26},
      {"S1002", 1500, "โบนัสต้อนรับสมาชิกคลับ", 80},      {"S2001", 1200, "โบนัสต้อนรับสมาชิกคลับ", 80},
      {"S2001", 2600, "ผู้ชนะแคมเปญบริการยอดเยี่ยม", 40}, {"S2002", 1200, "โบนัสต้อนรับสมาชิกคลับ", 80},
  };
  auto admin = user_id(c, "ADMIN01");
  auto now = now_ms();
  int n = 0;
  for (const auto& g : grants) {
    auto uid = user_id(c, g.code);
    if (uid.empty()) continue;
    // Given by the admin on their day (the club opened 80 days ago), at ten in the morning Bangkok time.
    PinnedClock clock((now / day - g.days_ago) * day + 3 * hour);
    points::award(
        c, points::Entry{uid, g.points, g.reason, "manual", "", "demo:club:" + std::to_string(n++), admin});
  }
}

// A redemption as the Club tab makes one at `at` (pickup at the person's store, or delivery to their
// address); empty when refused (no points, no stock, over the limit).
std::string redeem(db::Connection& c, const std::string& uid, const std::string& reward, std::int64_t at) {
  auto r = c.query("SELECT pickup FROM rewards WHERE id = $1", reward).first();
  if (!r) return "";
  bool pickup = r->boolean(0);
  std::optional<boost::json::object> address;
  if (!pickup) {
    auto who =
        c.query(
             "SELECT u.name, COALESCE(s.name, '') FROM users u LEFT JOIN stores s ON s.id = u.store_id "
             "WHERE u.id = $1",
             uid)
            .first();
    address = boost::json::object{
        {"name", who->str(0)},  {"phone", "0812345678"},     {"line1", "99/9 ถนนนิมมานเหมินท์"},
        {"line2", who->str(1)}, {"district", "เมืองเชียงใหม่"}, {"province", "เชียงใหม่"},
        {"postcode", "50200"}};
  }
  PinnedClock clock(at);
  c.query("SAVEPOINT seed_redeem");  // a refusal may come after writes (routes.hpp): they go with it
  try {
    auto answer = redeem_reward(c, uid, reward, pickup ? "pickup" : "delivery", "", address, "", at);
    c.query("RELEASE SAVEPOINT seed_redeem");
    return std::string(answer.body.at("redemption").at("id").as_string());
  } catch (const http::ApiError&) {
    c.query("ROLLBACK TO SAVEPOINT seed_redeem");
    c.query("RELEASE SAVEPOINT seed_redeem");
    return "";
  }
}

// The back office moves it on at `at` (approve, hand over, turn down with a reason, or the owner cancels).
void move(db::Connection& c, const std::string& redemption, Transition t, const std::string& actor,
          std::int64_t at, const std::string& reason = "", const std::string& owner = "") {
  resources::demo_step(at, [&] { apply_transition(c, redemption, t, actor, reason, owner); });
}

// One of the demo logins' redemptions, moved on to `status` the way the back office would.
void seed_redemption(db::Connection& c, const char* code, const char* reward_title, const char* status,
                     std::int64_t at) {
  auto uid = user_id(c, code), reward = resources::demo_id(c, "rewards", "title", reward_title),
       admin = user_id(c, "ADMIN01");
  if (uid.empty() || reward.empty() ||
      !c.query("SELECT 1 FROM redemptions WHERE user_id = $1 AND reward_id = $2", uid, reward).empty())
    return;
  auto id = redeem(c, uid, reward, at);
  if (id.empty()) return;
  std::string s = status;
  if (s == "approved" || s == "fulfilled") move(c, id, Transition::approve, admin, at + day / 2);
  if (s == "fulfilled") move(c, id, Transition::fulfil, admin, at + day + day / 3);
}

void seed_coupons(db::Connection& c, const std::string& data_dir, std::int64_t now) {
  if (!c.query("SELECT 1 FROM coupon_batches").empty()) return;
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO coupon_batches (id, partner, title, value_text, description, image_media_id, expires_at, "
      "per_person_limit, status, start_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, "
      "'published', $8, $8, $8)",
      id, "ร้านกาแฟดอยคำ", "ส่วนลดเครื่องดื่มสำหรับพนักงาน", "ลด 50 บาท",
      "<p>แสดงรหัสหรือ QR ที่แคชเชียร์ ใช้ได้ 1 ครั้งต่อรหัส ไม่สามารถแลกเป็นเงินสด</p>",
      picture(c, data_dir, "coupon-coffee"), now + 60 * day, now - day);
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
  // One demo person has already claimed a code, an hour ago.
  if (auto uid = user_id(c, "S1002"); !uid.empty()) {
    PinnedClock clock(now - hour);
    claim_coupon(c, uid, id, "", now - hour);
  }
}

void seed_gifts(db::Connection& c, const std::string& data_dir, std::int64_t now) {
  if (!c.query("SELECT 1 FROM gift_periods").empty()) return;
  std::string period = uuid_v7();
  c.query(
      "INSERT INTO gift_periods (id, name, description, status, start_at, end_at, created_at, updated_at) "
      "VALUES ($1, $2, $3, 'published', $4, $5, $6, $6)",
      period, "ของขวัญปีใหม่ 2570", "เลือกของขวัญปีใหม่ได้ 1 ชิ้น เปลี่ยนได้จนกว่าจะปิดรับ", now - 2 * day, now + 35 * day,
      now);
  struct Option {
    const char *title, *picture;
    std::int64_t stock;
  };
  static const Option options[] = {{"กระเช้าผลไม้และขนม", "gift-basket", 200},
                                   {"ชุดเครื่องนอนผ้าฝ้าย", "gift-bedding", 120},
                                   {"หม้อทอดไร้น้ำมัน", "gift-airfryer", 60}};
  int n = 0;
  for (const auto& o : options) {
    c.query(
        "INSERT INTO gift_options (id, period_id, title, image_media_id, stock, position, created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
        uuid_v7(), period, std::string(o.title), picture(c, data_dir, o.picture), o.stock, n++, now);
  }
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  auto now = now_ms();
  seed_rewards(c, data_dir, now);
  seed_points(c);
  seed_redemption(c, "S1001", "แก้วน้ำเก็บความเย็น Shopfloor", "fulfilled", now - 6 * day);
  seed_redemption(c, "S1001", "บัตรกำนัลร้านกาแฟ 100 บาท", "pending", now - 2 * hour);
  seed_redemption(c, "S2001", "หูฟังไร้สาย", "approved", now - 2 * day);
  seed_redemption(c, "S1002", "ร่มพับกันยูวี", "pending", now - day);
  seed_coupons(c, data_dir, now);
  seed_gifts(c, data_dir, now);
}

void seed_company(db::Connection& c) {
  // The catalogue and the coupon batch have been open through the history; the gift period opened two days
  // ago.
  auto now = now_ms();
  c.query("UPDATE rewards SET start_at = $1 WHERE start_at > $1", now - 95 * day);
  c.query("UPDATE coupon_batches SET start_at = $1 WHERE start_at > $1", now - 30 * day);
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("club");
  const auto until = now_ms();
  auto rewards =
      c.query("SELECT id, cost FROM rewards WHERE status = 'published' AND start_at <= $1 ORDER BY cost",
              d.start)
          .rows;
  for (const auto& v : d.visits) {
    if (v.who->named) continue;
    auto at = d.during(v, 3);
    if (!at || at >= until) continue;
    // Spending: now and then, on something the balance affords (the cheaper things more often).
    if (draw.chance(0.035) && !rewards.empty()) {
      auto balance = points::balance(c, v.who->id);
      std::vector<std::string> affordable;
      for (const auto& r : rewards)
        if (r.i64(1) <= balance) affordable.push_back(r.str(0));
      if (!affordable.empty()) {
        auto i = std::min(draw.below(static_cast<std::int64_t>(affordable.size())),
                          draw.below(static_cast<std::int64_t>(affordable.size())));
        auto id = redeem(c, v.who->id, affordable[static_cast<std::size_t>(i)], at);
        if (!id.empty() && draw.chance(0.04))
          move(c, id, Transition::cancel, v.who->id, at + hour, "", v.who->id);
      }
    }
    // A coupon while the batch lasts; a new-year gift while the period is open.
    if (draw.chance(0.05))
      for (const auto& batch : open_at(c, "coupon_batches", "expires_at", at))
        resources::demo_step(at, [&] { claim_coupon(c, v.who->id, batch, "", at); });
    if (draw.chance(0.25))
      for (const auto& period : open_at(c, "gift_periods", "end_at", at)) {
        auto options =
            c.query("SELECT id FROM gift_options WHERE period_id = $1 ORDER BY position", period).rows;
        if (options.empty()) continue;
        resources::demo_step(at, [&] { pick_gift(c, v.who->id, period, draw.pick(options).str(0), at); });
      }
  }
  // The back office's morning round: yesterday's requests approved (a few turned down), approved ones handed
  // over once they are a day old.
  // (The demo logins' own redemptions stay where their seed left them.)
  auto round = d.at_hour(10.5);
  if (!round) return;
  std::set<std::string> named;
  for (const auto& p : *d.staff)
    if (p.named) named.insert(p.id);
  for (const auto& r : c.query("SELECT id, status, updated_at, user_id FROM redemptions WHERE status IN "
                               "('pending', 'approved') AND updated_at < $1 ORDER BY created_at",
                               round - 12 * hour)
                           .rows) {
    if (named.count(r.str(3))) continue;
    auto at = round + draw.below(90) * demo::minute;
    if (r.str(1) == "pending") {
      if (draw.chance(0.06))
        move(c, r.str(0), Transition::reject, d.admin->id, at, "สินค้าหมดชั่วคราว คืนคะแนนให้แล้ว");
      else
        move(c, r.str(0), Transition::approve, d.admin->id, at);
    } else if (r.i64(2) < round - day) {
      move(c, r.str(0), Transition::fulfil, d.admin->id, at);
    }
  }
}

}  // namespace shopfloor::club
