// `seed --demo`: an upcoming event with RSVPs from demo staff, an upcoming social club activity, and a past
// activity with its photos and a check-in (so a profile shows volunteering hours). With the company's
// history: past events and a blood drive, which people sign up for while registration is open and are checked
// in at the door on the day. Every RSVP and check-in goes through the sign-up engine (rsvp, check_in), at its
// moment, so places, tickets, points, hours and the reports' attendance are the engine's own.
#include "events/engine.hpp"
#include "events/events.hpp"
#include "events/kinds.hpp"
#include "http/api_error.hpp"
#include "media/demo_media.hpp"
#include "resources/demo_people.hpp"
#include "resources/demo_step.hpp"
#include "util/ids.hpp"

namespace shopfloor::events {

namespace {

constexpr std::int64_t hour = 3600000, day = 24 * hour;

std::string user_id(db::Connection& c, const char* code) {
  return resources::demo_person(c, code).value_or("");
}

// An RSVP as the staff app sends it, at `at`. False when the engine refuses (full, closed, not for them).
bool join(db::Connection& c, const Kind& k, const std::string& item, const std::string& uid,
          std::int64_t at) {
  if (uid.empty()) return false;
  return resources::demo_step(at, [&] {
    rsvp(c, k, resources::StaffGate{resources::load_viewer(c, uid), at}, item);
  });
}

// The admin scans the person's ticket at the door at `at`: points, hours and the attendance count follow.
void arrive(db::Connection& c, const Kind& k, const std::string& item, const std::string& uid,
            const std::string& admin, std::int64_t at) {
  auto code =
      c.query("SELECT code FROM " + k.regs + " WHERE item_id = $1 AND user_id = $2 AND status = 'going'",
              item, uid)
          .first();
  if (!code || admin.empty()) return;
  resources::demo_step(at, [&] { check_in(c, k, item, code->str(0), admin); });
}

struct NewItem {
  const char *title, *description, *picture;
  std::int64_t starts, hours_long;
  const char* place;  // store | address | online
  std::string store_id;
  const char* address;
  std::int64_t capacity, points;
  std::string audience;     // "" = everyone
  const char* activity;     // social club only: its kind (and hours credited = hours_long)
  std::int64_t created_at;  // announced
};

std::string insert_item(db::Connection& c, const std::string& data_dir, const NewItem& n) {
  const Kind& k = n.activity ? social_kind() : event_kind();
  std::string id = uuid_v7();
  std::string social_cols = n.activity ? ", activity_kind, hours" : "";
  std::string social_vals = n.activity ? ", $14, $15" : "";
  std::vector<db::Value> params{id,
                                std::string(n.title),
                                std::string(n.description),
                                media::demo_media(c, data_dir, n.picture),
                                n.starts,
                                n.starts + n.hours_long * hour,
                                std::string(n.place),
                                n.store_id.empty() ? db::Value{} : db::Value{n.store_id},
                                n.address ? db::Value{std::string(n.address)} : db::Value{},
                                n.capacity > 0 ? db::Value{n.capacity} : db::Value{},
                                n.points,
                                n.audience.empty() ? db::Value{} : db::Value{n.audience},
                                n.created_at};
  if (n.activity) {
    params.emplace_back(std::string(n.activity));
    params.emplace_back(n.hours_long);
  }
  c.exec("INSERT INTO " + k.table +
             " (id, title, description, cover_media_id, starts_at, ends_at, place_kind, store_id, address, "
             "capacity, points, audience_json, status, created_at, updated_at" +
             social_cols +
             ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'published', $13, $13" +
             social_vals + ")",
         params);
  return id;
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM events").empty()) return;
  auto now = now_ms();
  // Starts in 5 days at 10:00 Bangkok time (03:00 UTC).
  std::int64_t start = (now / day + 5) * day + 3 * hour;
  std::string event = insert_item(
      c, data_dir,
      {"เปิดตัวคอลเลกชันปีใหม่ พบทีมออกแบบ", "ชมสินค้าใหม่ก่อนใคร ฟังทีมออกแบบเล่าเบื้องหลัง พร้อมเวิร์กช็อปจัดดิสเพลย์หน้าร้าน",
       "event-launch", start, 3, "store", resources::demo_id(c, "stores", "code", "BKK01"), nullptr, 30, 50,
       "", nullptr, now - 2 * day});
  join(c, event_kind(), event, user_id(c, "S1002"), now - 30 * hour);
  join(c, event_kind(), event, user_id(c, "S2001"), now - 20 * hour);

  std::string upcoming = insert_item(
      c, data_dir,
      {"ปลูกป่าชายเลน บางปู", "ร่วมปลูกต้นโกงกางกับชุมชน มีรถรับส่งจากสำนักงานใหญ่", "social-mangrove", start + 2 * day, 4,
       "address", "", "ศูนย์ศึกษาธรรมชาติบางปู จ.สมุทรปราการ", 20, 30, "", "volunteering", now - 3 * day});
  join(c, social_kind(), upcoming, user_id(c, "S2002"), now - 26 * hour);

  // A past run: S1002 signed up before it and was checked in on the morning (3 hours of sports).
  std::int64_t run = start - 12 * day;
  std::string past =
      insert_item(c, data_dir,
                  {"วิ่งการกุศล สวนลุมพินี", "ขอบคุณทุกคนที่มาร่วมวิ่ง ภาพบรรยากาศอยู่ด้านล่าง", "social-run-1", run, 3,
                   "address", "", "สวนลุมพินี กรุงเทพฯ", 0, 20, "", "sports", run - 20 * day});
  std::string photos = "[";
  for (const char* name : {"social-run-1", "social-run-2", "social-run-3"})
    if (auto id = media::demo_media(c, data_dir, name); auto* s = std::get_if<std::string>(&id))
      photos += std::string(photos.size() > 1 ? "," : "") + "\"" + *s + "\"";
  c.query("UPDATE social_activities SET photos_json = $1 WHERE id = $2", photos + "]", past);
  join(c, social_kind(), past, user_id(c, "S1002"), run - 4 * day);
  arrive(c, social_kind(), past, user_id(c, "S1002"), user_id(c, "ADMIN01"), run + hour);
}

void seed_company(db::Connection& c, const std::string& data_dir) {
  const char* first = "อบรมปฐมพยาบาลเบื้องต้นสำหรับพนักงานหน้าร้าน";
  if (!c.query("SELECT 1 FROM events WHERE title = $1", std::string(first)).empty()) return;
  auto now = now_ms();
  auto at = [&](int days_ago, int hour_of_day) {
    return (now / day - days_ago) * day + (hour_of_day - 7) * hour;
  };
  std::string leaders = R"({"positions":["Store manager","Supervisor"]})";
  auto north = c.query("SELECT id FROM regions WHERE code = 'NTH'").first();
  std::string north_only = north ? R"({"regions":[")" + north->str(0) + R"("]})" : "";
  insert_item(
      c, data_dir,
      {first, "ฝึกปฏิบัติ CPR และการใช้เครื่อง AED กับวิทยากรจากสภากาชาดไทย รับใบประกาศนียบัตร", "event-firstaid",
       at(62, 13), 3, "address", "", "ห้องอบรม ชั้น 5 สำนักงานใหญ่ ถนนพระราม 9", 40, 30, "", nullptr, at(85, 9)});
  insert_item(c, data_dir,
              {"สัมมนาผู้จัดการสาขา ไตรมาส 4", "ทบทวนยอดขาย แผนเทศกาลปลายปี และแนวทางดูแลทีม ผ่านวิดีโอคอล",
               "event-seminar", at(38, 14), 2, "online", "", nullptr, 0, 20, leaders, nullptr, at(55, 10)});
  insert_item(c, data_dir,
              {"เวิร์กช็อปจัดดิสเพลย์ปลายปี ภาคเหนือ", "ลงมือจัดมุมสินค้าเทศกาลกับทีม Visual Merchandising",
               "event-workshop", at(19, 10), 4, "store", resources::demo_id(c, "stores", "code", "CNX01"),
               nullptr, 25, 30, north_only, nullptr, at(40, 9)});
  insert_item(
      c, data_dir,
      {"บริจาคโลหิต ช่วยเพื่อนมนุษย์", "ร่วมบริจาคโลหิตกับหน่วยเคลื่อนที่ สภากาชาดไทย ใช้เวลาประมาณ 2 ชั่วโมง", "social-blood",
       at(45, 9), 2, "address", "", "ลานกิจกรรม สำนักงานใหญ่", 30, 20, "", "volunteering", at(66, 9)});
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("events");
  const auto until = now_ms();  // the history's end: future items keep room for the people the specs sign up
  for (const Kind* k : {&event_kind(), &social_kind()}) {
    auto items = c.query("SELECT id, starts_at, created_at, capacity FROM " + k->table +
                             " WHERE status = 'published' AND starts_at > $1 AND created_at < $2",
                         d.start - 30 * day, d.end);
    for (const auto& item : items.rows) {
      std::string id = item.str(0);
      std::int64_t starts = item.i64(1), announced = item.i64(2);
      bool future = starts > until;
      // While registration is open: a few of the day's visitors sign up (fewer for what is still to come).
      if (d.end > announced && d.start < starts) {
        std::int64_t room = item.is_null(3) ? 1000 : item.i64(3) - (future ? 12 : 0);
        for (const auto& v : d.visits) {
          if ((v.who->named && future) || !draw.chance(future ? 0.015 : 0.05)) continue;
          auto going =
              c.query("SELECT COUNT(*) FROM " + k->regs + " WHERE item_id = $1 AND status = 'going'", id)
                  .first()
                  ->i64(0);
          if (going >= room) break;
          auto when = d.during(v, 2);
          if (when && when > announced && when < starts) join(c, *k, id, v.who->id, when);
        }
      }
      // On the day: most of those going are scanned in at the door, the last ones up to an hour late.
      if ((starts + 7 * hour) / day == d.day && starts < d.end)  // its Bangkok day
        for (const auto& r : c.query("SELECT user_id FROM " + k->regs +
                                         " WHERE item_id = $1 AND status = 'going' ORDER BY seq",
                                     id)
                                 .rows)
          if (draw.chance(0.85)) {
            auto when = starts - 15 * 60000 + draw.below(75) * 60000;
            if (when < d.end) arrive(c, *k, id, r.str(0), d.admin->id, when);
          }
    }
  }
}

}  // namespace shopfloor::events
