// `seed --demo`: stories across the demo stores with photos, likes and comments, one featured and one still
// waiting for review; with the company's history, the stories its staff post over the quarter, moderated the
// next morning, liked and commented on by colleagues. Every step goes through the areas' own functions
// (submit_story, publish_story / reject_story, like_story, comment_story, each at its moment) and the
// editor's moderations are audited as the back office audits them, so counts, points, notices and the
// engagement report are theirs.
#include "http/api_error.hpp"
#include "media/demo_media.hpp"
#include "media/media.hpp"
#include "resources/audit.hpp"
#include "resources/demo_people.hpp"
#include "resources/demo_step.hpp"
#include "stories/admin.hpp"
#include "stories/staff.hpp"
#include "stories/stories.hpp"
#include "util/ids.hpp"

namespace shopfloor::stories {

namespace {

constexpr std::int64_t hour = 3600000;

const char* const texts[] = {
    "วันนี้ลูกค้าประจำคุณยายมาซื้อของแล้วชมว่าร้านเราสะอาดที่สุดในย่านนี้ ทีมเช้าช่วยกันจัดชั้นตั้งแต่ตีห้า ดีใจมากเลยค่ะ 🙏",
    "ยอดขายโปรเครื่องดื่มเย็นสัปดาห์นี้ทะลุเป้า 130% เพราะย้ายตู้แช่มาไว้ข้างเคาน์เตอร์ตามที่เรียนในคอร์ส "
    "Visual Merchandising ได้ผลจริง!",
    "น้องใหม่ของสาขาเพิ่งผ่านการอบรมครบทุกบทเรียนภายในสัปดาห์แรก เก่งมาก ขอปรบมือให้ 👏",
    "ฝนตกหนักไฟดับครึ่งชั่วโมง ทีมเราใช้ไฟฉายเช็กของในตู้แช่ทีละตู้ ไม่มีสินค้าเสียหายเลย ภูมิใจในทีมครับ",
    "จัดมุมผลไม้ตามฤดูกาลใหม่ ใช้ตะกร้าไม้กับป้ายเขียนมือ ลูกค้าถ่ายรูปลงโซเชียลกันเยอะมาก",
    "ลูกค้าลืมกระเป๋าสตางค์ไว้ที่เคาน์เตอร์ เราเก็บไว้ให้และโทรตามจนเจอเจ้าของ เขาขอบคุณจนน้ำตาซึม",
    "ทดลองทำป้ายราคาสองภาษาไทย-อังกฤษ นักท่องเที่ยวถามน้อยลง คิวจ่ายเงินเร็วขึ้นเห็นได้ชัด",
    "ทีมบ่ายแข่งกันเติมสินค้าให้เต็มชั้นก่อนช่วงเย็น ใครเสร็จก่อนได้เลือกเพลงในร้าน 😄 สนุกและงานเสร็จไว",
    "วันแม่ปีนี้จัดบูธห่อของขวัญฟรีหน้าร้าน ลูกค้าชอบมาก ขายพวงมาลัยหมดตั้งแต่บ่ายสอง",
    "เปลี่ยนวิธีเช็กวันหมดอายุเป็นสติ๊กเกอร์สีตามเดือน ของเสียลดลงเกือบครึ่งในเดือนเดียว",
    "คุณลุงที่มาทุกเช้าบอกว่ากาแฟร้านเราหอมที่สุด เพราะบาริสต้าของเราตั้งใจชงทุกแก้ว ☕",
    "สาขาเราได้คะแนนตรวจมาตรฐานร้านเต็ม 100 เป็นครั้งแรก ขอบคุณทุกคนที่ช่วยกันดูแลทุกจุด",
    "ช่วยลูกค้าผู้สูงอายุขนของขึ้นรถทุกวันเสาร์ กลายเป็นเพื่อนกันไปแล้ว ได้รอยยิ้มกลับมาทุกครั้ง",
    "จัดกิจกรรมเก็บขยะรอบชุมชนหน้าร้านกับน้อง ๆ ในซอย ได้ขยะกว่า 20 ถุง เพื่อนบ้านชวนทำอีกเดือนหน้า",
    "ลองเปิดเพลย์ลิสต์เพลงลูกทุ่งช่วงเช้า ลูกค้าวัยทำงานอารมณ์ดี ทักทายพนักงานมากขึ้นเยอะเลย",
};
// The photos each story shows (the pictures are drawn for them: media/demo_media.hpp).
const char* const photos_of[][3] = {
    {"story-clean", "story-team", nullptr},      {"story-drinks", "story-fridge", "story-chart"},
    {"story-training", nullptr, nullptr},        {"story-flashlight", "story-fridge", nullptr},
    {"story-fruit", "story-basket", nullptr},    {"story-wallet", nullptr, nullptr},
    {"story-pricetags", "story-queue", nullptr}, {"story-shelf", "story-team", "story-music"},
    {"story-wrap", "story-garland", nullptr},    {"story-stickers", nullptr, nullptr},
    {"story-coffee", "story-cup", nullptr},      {"story-certificate", "story-team", nullptr},
    {"story-elder", nullptr, nullptr},           {"story-cleanup", "story-bags", nullptr},
    {"story-music", nullptr, nullptr},
};
const char* const comments[] = {
    "เยี่ยมมากครับ 👍", "เก่งมากค่ะ ขอเอาไปใช้ที่สาขาบ้างนะ", "ปรบมือให้ทีมเลย", "ดีใจด้วยค่ะ", "ไอเดียดีมาก!", "สุดยอดครับพี่"};

// The author uploads the story's photos (as the app does before posting), then posts it at `at`.
std::string post(db::Connection& c, const std::string& data_dir, const std::string& uid, std::size_t n,
                 std::int64_t at) {
  PinnedClock clock(at);
  std::vector<std::string> photos;
  for (const char* name : photos_of[n % std::size(photos_of)])
    if (name)
      if (auto m = media::demo_media(c, data_dir, name); auto* id = std::get_if<std::string>(&m)) {
        media::record_upload(c, *id, uid);
        photos.push_back(*id);
      }
  if (photos.empty()) return "";  // no pictures to post (no media folder)
  try {
    return std::string(submit_story(c, uid, texts[n % std::size(texts)], photos, std::nullopt, at)
                           .at("story")
                           .at("id")
                           .as_string());
  } catch (const http::ApiError&) {
    return "";
  }
}

// The editor's decision at `at`, audited as the back office's action is.
void moderate(db::Connection& c, const std::string& id, const std::string& editor, bool publish,
              std::int64_t at) {
  PinnedClock clock(at);
  auto before = c.query("SELECT status FROM stories WHERE id = $1", id).first();
  if (!before) return;
  try {
    if (publish)
      publish_story(c, id, editor, at);
    else
      reject_story(c, id, "ขอรูปที่เห็นหน้าร้านชัดกว่านี้ และเล่าว่าทีมทำอะไร แล้วส่งใหม่ได้เลยค่ะ", at);
    audit::record(c, editor, publish ? "publish" : "reject", "stories", id,
                  boost::json::object{{"status", before->str(0)}},
                  boost::json::object{{"status", publish ? "published" : "rejected"}}, "127.0.0.1");
  } catch (const http::ApiError&) {
  }
}

void like(db::Connection& c, const std::string& story, const std::string& uid, std::int64_t at) {
  resources::demo_step(at, [&] { like_story(c, uid, story, true, at); });
}

void say(db::Connection& c, const std::string& story, const std::string& uid, const char* text,
         std::int64_t at) {
  resources::demo_step(at, [&] { comment_story(c, uid, story, text, false, at); });
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM stories").empty()) return;
  auto now = now_ms();
  auto editor = resources::demo_person(c, "EDIT01").value_or("");
  auto staff = c.query(
                    "SELECT u.id FROM users u JOIN stores s ON s.id = u.store_id WHERE u.role = 'staff' "
                    "AND u.status = 'active' ORDER BY u.employee_code LIMIT 8")
                   .first_column();
  if (staff.empty()) return;
  // Over the last three days, five hours apart; each published two hours after it was posted, but the last.
  constexpr std::size_t count = std::size(texts);
  for (std::size_t i = 0; i < count; ++i) {
    const auto& author = staff[i % staff.size()];
    std::int64_t at = now - static_cast<std::int64_t>(count - i) * 5 * hour;
    auto id = post(c, data_dir, author, i, at);
    if (id.empty() || i == count - 1) continue;  // the last one still waits for review
    moderate(c, id, editor, true, at + 2 * hour);
    if (i == 1) {
      PinnedClock clock(at + 3 * hour);
      feature_story(c, id, true, at + 3 * hour);
    }
    // Likes from a few colleagues and a comment or two.
    for (std::size_t k = 0; k < staff.size(); ++k)
      if (staff[k] != author && (k + i) % 3 != 0) like(c, id, staff[k], at + 2 * hour + 10 * 60000 * (k + 1));
    for (std::size_t k = 0; k < 1 + i % 2; ++k) {
      const auto& who = staff[(i + k + 1) % staff.size()];
      if (who != author) say(c, id, who, comments[(i + k) % std::size(comments)], at + (3 + k) * hour);
    }
  }
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("stories");
  const auto until = now_ms();
  const auto& data_dir = d.config->data_dir;
  // Posting: now and then someone shares what happened at their store.
  for (const auto& v : d.visits) {
    if (v.who->named || !draw.chance(0.006)) continue;
    if (auto at = d.during(v, 4); at && at < until)
      post(c, data_dir, v.who->id,
           static_cast<std::size_t>(draw.below(static_cast<std::int64_t>(std::size(texts)))), at);
  }
  // The editor's morning: what waited since yesterday is published (a few sent back with a reason).
  if (auto morning = d.at_hour(9); morning && morning < until)
    for (const auto& s :
         c.query("SELECT id FROM stories WHERE status = 'pending' AND created_at < $1 AND created_at "
                 ">= $2 ORDER BY created_at",
                 morning, morning - 3 * 86400000LL)
             .rows)
      moderate(c, s.str(0), d.editor->id, !draw.chance(0.1), morning + draw.below(60) * demo::minute);
  // Reading the feed: likes on the week's stories, a comment now and then.
  auto recent = c.query(
                     "SELECT id, user_id FROM stories WHERE status = 'published' AND published_at < $1 AND "
                     "published_at > $2 ORDER BY published_at DESC LIMIT 12",
                     d.end, d.start - 7 * 86400000LL)
                    .rows;
  if (recent.empty()) return;
  for (const auto& v : d.visits) {
    if (v.who->named || !draw.chance(0.3)) continue;
    auto at = d.during(v, 2);
    if (!at || at >= until) continue;
    const auto& s = draw.pick(recent);
    if (s.str(1) == v.who->id) continue;
    like(c, s.str(0), v.who->id, at);
    if (draw.chance(0.15)) say(c, s.str(0), v.who->id, comments[draw.below(std::size(comments))], at + 30000);
  }
}

}  // namespace shopfloor::stories
