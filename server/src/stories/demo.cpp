// `seed --demo`: stories across the demo stores with generated photos, likes and comments (written as the
// routes write them: rows plus counters), one featured and one still waiting for review.
#include <boost/json/serialize.hpp>
#include <boost/json/value_from.hpp>

#include "media/demo_image.hpp"
#include "stories/stories.hpp"
#include "util/ids.hpp"

namespace shopfloor::stories {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM stories").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t hour = 3600000;
  struct Person {
    std::string id, store, region;
  };
  std::vector<Person> staff;
  for (const auto& r : c.query("SELECT u.id, u.store_id, s.region_id FROM users u JOIN stores s ON s.id = "
                               "u.store_id WHERE u.role = 'staff' AND u.status = 'active' ORDER BY "
                               "u.employee_code LIMIT 8")
                           .rows)
    staff.push_back({r.str(0), r.str(1), r.is_null(2) ? "" : r.str(2)});
  if (staff.empty()) return;
  const char* texts[] = {
      "วันนี้ลูกค้าประจำคุณยายมาซื้อของแล้วชมว่าร้านเราสะอาดที่สุดในย่านนี้ ทีมเช้าช่วยกันจัดชั้นตั้งแต่ตีห้า "
      "ดีใจมากเลยค่ะ 🙏",
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
  const char* comments[] = {
      "เยี่ยมมากครับ 👍", "เก่งมากค่ะ ขอเอาไปใช้ที่สาขาบ้างนะ", "ปรบมือให้ทีมเลย", "ดีใจด้วยค่ะ", "ไอเดียดีมาก!", "สุดยอดครับพี่"};
  constexpr int count = sizeof(texts) / sizeof(texts[0]);
  for (int i = 0; i < count; ++i) {
    const auto& author = staff[static_cast<std::size_t>(i) % staff.size()];
    std::vector<std::string> photos;
    for (int p = 0; p < 1 + i % 3; ++p)
      if (!data_dir.empty()) {
        auto m = media::demo_image(c, data_dir, 50 + (i + p) % 6,
                                   "story-" + std::to_string(i) + "-" + std::to_string(p) + ".png");
        if (auto* id = std::get_if<std::string>(&m)) photos.push_back(*id);
      }
    bool pending = i == count - 1, featured = i == 1;
    std::int64_t at = now - (count - i) * 5 * hour;
    std::string id = uuid_v7();
    c.query(
        "INSERT INTO stories (id, user_id, author_name, store_id, region_id, text, photos_json, status, "
        "featured, published_at, created_at, updated_at) VALUES ($1, $2, (SELECT name FROM users WHERE id = "
        "$2), $3, $4, $5, $6, $7, $8, $9, $10, $10)",
        id, author.id, author.store, author.region.empty() ? db::Value{} : db::Value(author.region),
        std::string(texts[i]), boost::json::serialize(boost::json::value_from(photos)),
        std::string(pending ? "pending" : "published"), std::int64_t{featured ? 1 : 0},
        pending ? db::Value{} : db::Value(at), at);
    if (pending) continue;
    // Likes from a few colleagues and a comment or two, with the counters the routes would keep.
    std::int64_t likes = 0, said = 0;
    for (std::size_t k = 0; k < staff.size(); ++k) {
      if (staff[k].id == author.id || (k + static_cast<std::size_t>(i)) % 3 == 0) continue;
      c.query("INSERT INTO story_likes (story_id, user_id, created_at) VALUES ($1, $2, $3)", id, staff[k].id,
              at + hour);
      ++likes;
    }
    for (int k = 0; k < 1 + i % 2; ++k) {
      const auto& who = staff[static_cast<std::size_t>(i + k + 1) % staff.size()];
      if (who.id == author.id) continue;
      c.query(
          "INSERT INTO story_comments (id, story_id, user_id, body, created_at, updated_at) VALUES ($1, $2, "
          "$3, $4, $5, $5)",
          uuid_v7(), id, who.id, std::string(comments[(i + k) % 6]), at + (k + 1) * hour);
      ++said;
    }
    c.query("UPDATE stories SET likes_count = $1, comments_count = $2 WHERE id = $3", likes, said, id);
  }
}

}  // namespace shopfloor::stories
