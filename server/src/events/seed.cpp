// `seed --demo`: an upcoming event with RSVPs from demo staff, an upcoming social club activity, and a past
// activity with its photos and a check-in (so a profile shows volunteering hours).
#include "events/engine.hpp"
#include "events/events.hpp"
#include "events/kinds.hpp"
#include "media/demo_image.hpp"
#include "util/ids.hpp"

namespace shopfloor::events {

namespace {

void sign_up(db::Connection& c, const Kind& k, const std::string& item, const char* employee,
             std::int64_t seq, std::int64_t now, std::optional<std::int64_t> checked_in = {},
             std::int64_t hours = 0) {
  auto u = c.query("SELECT id FROM users WHERE employee_code = $1", std::string(employee)).first();
  if (!u) return;
  c.query("INSERT INTO " + k.regs +
              " (id, item_id, user_id, code, status, seq, checked_in_at, hours, created_at, updated_at) "
              "VALUES ($1, "
              "$2, $3, $4, 'going', $5, $6, $7, $8, $8)",
          uuid_v7(), item, u->str(0), ticket_code(), seq, checked_in ? db::Value{*checked_in} : db::Value{},
          hours, now);
  c.query("UPDATE " + k.table + " SET signup_seq = $1 WHERE id = $2", seq, item);
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM events").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t hour = 3600000, day = 24 * hour;
  auto picture = [&](int n, const std::string& name) {
    return data_dir.empty() ? db::Value{} : media::demo_image(c, data_dir, n, name);
  };
  auto store = c.query("SELECT id FROM stores ORDER BY code LIMIT 1").first();
  // Starts in 5 days at 10:00 Bangkok time (03:00 UTC).
  std::int64_t start = (now / day + 5) * day + 3 * hour;

  std::string event = uuid_v7();
  c.query(
      "INSERT INTO events (id, title, description, cover_media_id, starts_at, ends_at, place_kind, store_id, "
      "capacity, points, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'store', $7, 30, "
      "50, "
      "'published', $8, $8)",
      event, std::string("เปิดตัวคอลเลกชันปีใหม่ พบทีมออกแบบ"),
      std::string("ชมสินค้าใหม่ก่อนใคร ฟังทีมออกแบบเล่าเบื้องหลัง พร้อมเวิร์กช็อปจัดดิสเพลย์หน้าร้าน"),
      picture(3, "event-launch.png"), start, start + 3 * hour, store ? db::Value{store->str(0)} : db::Value{},
      now);
  sign_up(c, event_kind(), event, "S1002", 1, now);
  sign_up(c, event_kind(), event, "S2001", 2, now);

  std::string upcoming = uuid_v7();
  c.query(
      "INSERT INTO social_activities (id, title, description, cover_media_id, activity_kind, hours, "
      "starts_at, "
      "ends_at, place_kind, address, capacity, points, status, created_at, updated_at) VALUES ($1, $2, $3, "
      "$4, "
      "'volunteering', 4, $5, $6, 'address', $7, 20, 30, 'published', $8, $8)",
      upcoming, std::string("ปลูกป่าชายเลน บางปู"), std::string("ร่วมปลูกต้นโกงกางกับชุมชน มีรถรับส่งจากสำนักงานใหญ่"),
      picture(4, "social-mangrove.png"), start + 2 * day, start + 2 * day + 5 * hour,
      std::string("ศูนย์ศึกษาธรรมชาติบางปู จ.สมุทรปราการ"), now);
  sign_up(c, social_kind(), upcoming, "S2002", 1, now);

  std::string past = uuid_v7();
  db::Value p1 = picture(5, "social-run-1.png"), p2 = picture(1, "social-run-2.png");
  std::string photos = "[";
  for (const auto* p : {&p1, &p2})
    if (auto s = std::get_if<std::string>(p))
      photos += std::string(photos.size() > 1 ? "," : "") + "\"" + *s + "\"";
  photos += "]";
  c.query(
      "INSERT INTO social_activities (id, title, description, cover_media_id, activity_kind, hours, "
      "photos_json, "
      "starts_at, ends_at, place_kind, address, capacity, points, status, created_at, updated_at) VALUES "
      "($1, $2, "
      "$3, $4, 'sports', 3, $5, $6, $7, 'address', $8, NULL, 20, 'published', $9, $9)",
      past, std::string("วิ่งการกุศล สวนลุมพินี"), std::string("ขอบคุณทุกคนที่มาร่วมวิ่ง ภาพบรรยากาศอยู่ด้านล่าง"), p1, photos,
      start - 12 * day, start - 12 * day + 3 * hour, std::string("สวนลุมพินี กรุงเทพฯ"), now);
  sign_up(c, social_kind(), past, "S1002", 1, now, start - 12 * day + hour, 3);
}

}  // namespace shopfloor::events
