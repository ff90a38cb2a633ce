// Demo learning catalogue (`shopfloor seed --demo`) and the Learning tab benchmark data
// (`shopfloor seed --bench-learning`). Both write what the back office would (sanitised bodies, search keys).
#include <boost/json/serialize.hpp>
#include <filesystem>
#include <fstream>

#include "auth/passwords.hpp"
#include "learning/demo_exams.hpp"
#include "learning/learning.hpp"
#include "media/demo_media.hpp"
#include "media/media.hpp"
#include "resources/demo_people.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace json = boost::json;

namespace {

std::string ensure_category(db::Connection& c, const std::string& name, int order) {
  if (auto r = c.query("SELECT id FROM categories WHERE name = $1", name).first()) return r->str(0);
  std::string id = uuid_v7();
  c.query("INSERT INTO categories (id, name, sort_order, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)",
          id, name, order, now_ms());
  return id;
}

std::string ensure_subcategory(db::Connection& c, const std::string& category_id, const std::string& name,
                               int order) {
  if (auto r = c.query("SELECT id FROM subcategories WHERE name = $1 AND category_id = $2", name, category_id)
                   .first())
    return r->str(0);
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO subcategories (id, category_id, name, sort_order, created_at, updated_at) "
      "VALUES ($1, $2, $3, $4, $5, $5)",
      id, category_id, name, order, now_ms());
  return id;
}

std::string tags_json(const std::vector<std::string>& tags) {
  json::array a;
  for (const auto& t : tags) a.emplace_back(t);
  return json::serialize(a);
}

struct DemoContent {
  const char *kind, *title, *summary, *body, *link;
  std::string category, subcategory;
  std::vector<std::string> tags;
  std::string audience;
  int points, minutes;
};

std::string ensure_content(db::Connection& c, const DemoContent& d, const std::string& editor) {
  if (auto r = c.query("SELECT id FROM contents WHERE title = $1", std::string(d.title)).first())
    return r->str(0);
  std::string id = uuid_v7(), body = d.body ? sanitize_html(d.body) : std::string();
  auto now = now_ms();
  c.query(
      "INSERT INTO contents (id, kind, title, summary, body_html, link_url, category_id, subcategory_id, "
      "tags_json, "
      "audience_json, points, duration_minutes, status, created_by, created_at, updated_at) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'published', $13, $14, $14)",
      id, std::string(d.kind), std::string(d.title), std::string(d.summary),
      d.body ? db::Value(body) : db::Value{}, d.link ? db::Value(std::string(d.link)) : db::Value{},
      d.category, d.subcategory.empty() ? db::Value{} : db::Value(d.subcategory), tags_json(d.tags),
      d.audience.empty() ? db::Value{} : db::Value(d.audience), d.points, d.minutes,
      editor.empty() ? db::Value{} : db::Value(editor), now);
  return id;
}

std::string ensure_article(db::Connection& c, const char* title, const char* summary, const char* body,
                           bool pinned, const std::vector<std::string>& tags, const std::string& editor) {
  if (auto r = c.query("SELECT id FROM articles WHERE title = $1", std::string(title)).first())
    return r->str(0);
  std::string id = uuid_v7(), html = sanitize_html(body);
  auto now = now_ms();
  c.query(
      "INSERT INTO articles (id, title, summary, body_html, tags_json, pinned, allow_comments, status, "
      "created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 1, 'published', $7, $8, $8)",
      id, std::string(title), std::string(summary), html, tags_json(tags), pinned,
      editor.empty() ? db::Value{} : db::Value(editor), now);
  return id;
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  std::string editor = resources::demo_person(c, "EDIT01").value_or("");
  std::string bkk01, bkk_region;
  if (auto s = c.query("SELECT id, region_id FROM stores WHERE code = 'BKK01'").first())
    bkk01 = s->str(0), bkk_region = s->str(1);

  std::string service = ensure_category(c, "การบริการลูกค้า", 1);
  std::string welcome = ensure_subcategory(c, service, "การต้อนรับ", 1);
  std::string complaints = ensure_subcategory(c, service, "การรับมือข้อร้องเรียน", 2);
  std::string product = ensure_category(c, "ความรู้สินค้า", 2);
  std::string appliances = ensure_subcategory(c, product, "เครื่องใช้ไฟฟ้า", 1);
  std::string beauty = ensure_subcategory(c, product, "ความงามและสุขภาพ", 2);
  std::string safety = ensure_category(c, "ความปลอดภัยในร้าน", 3);
  std::string fire = ensure_subcategory(c, safety, "อัคคีภัย", 1);
  std::string hygiene = ensure_subcategory(c, safety, "สุขอนามัย", 2);
  std::string sales = ensure_category(c, "ทักษะการขาย", 4);
  std::string advising = ensure_subcategory(c, sales, "การแนะนำสินค้า", 1);
  std::string closing = ensure_subcategory(c, sales, "การปิดการขาย", 2);

  std::string bkk_only = bkk01.empty() ? "" : "{\"stores\":[\"" + bkk01 + "\"]}";
  const DemoContent contents[] = {
      {"article",
       "ยิ้มต้อนรับใน 3 วินาทีแรก",
       "ความประทับใจแรกเริ่มตั้งแต่ลูกค้าก้าวเข้าร้าน",
       "<h2>ทำไม 3 วินาทีแรกจึงสำคัญ</h2><p>ลูกค้าตัดสินใจว่าจะอยู่ในร้านต่อหรือไม่ภายในไม่กี่วินาที "
       "การสบตา ยิ้ม และกล่าวทักทายอย่างเป็นธรรมชาติช่วยให้ลูกค้ารู้สึกว่าได้รับการต้อนรับ</p>"
       "<ul><li>สบตาและยิ้มก่อนพูด</li><li>กล่าว “สวัสดีค่ะ/ครับ ยินดีต้อนรับ” ด้วยน้ำเสียงสดใส</li>"
       "<li>เว้นระยะให้ลูกค้าเลือกชมสินค้าอย่างสบายใจ</li></ul>"
       "<p><strong>จำไว้:</strong> การต้อนรับที่ดีไม่ใช่การตามติดลูกค้า แต่คือการพร้อมช่วยเหลือเมื่อเขาต้องการ</p>",
       nullptr,
       service,
       welcome,
       {"การต้อนรับ", "บริการ"},
       "",
       10,
       5},
      {"article",
       "รับมือลูกค้าไม่พอใจด้วยหลัก LAST",
       "ฟัง ขอโทษ แก้ไข และขอบคุณ สี่ขั้นตอนที่เปลี่ยนคำตำหนิเป็นความภักดี",
       "<h2>หลัก LAST</h2><ol><li><strong>Listen</strong> ฟังให้จบโดยไม่ขัดจังหวะ</li>"
       "<li><strong>Apologize</strong> ขอโทษในความไม่สะดวกที่เกิดขึ้น</li>"
       "<li><strong>Solve</strong> เสนอทางแก้ที่ทำได้จริง หรือส่งต่อหัวหน้าทันที</li>"
       "<li><strong>Thank</strong> ขอบคุณลูกค้าที่ให้โอกาสเราแก้ไข</li></ol>"
       "<p>ลูกค้าที่ได้รับการแก้ปัญหาอย่างดีมักกลับมาซื้อซ้ำมากกว่าลูกค้าที่ไม่เคยพบปัญหาเลย</p>",
       nullptr,
       service,
       complaints,
       {"ข้อร้องเรียน", "บริการ"},
       "",
       15,
       7},
      {"article",
       "ถามให้ตรงใจ: คำถามปลายเปิดค้นหาความต้องการ",
       "เปลี่ยนจาก “รับอะไรดีคะ” เป็นคำถามที่ช่วยให้ลูกค้าเล่าความต้องการ",
       "<p>คำถามปลายเปิดช่วยให้ลูกค้าเล่ารายละเอียด เช่น “ปกติใช้งานแบบไหนบ้างคะ” หรือ "
       "“อยากได้สินค้าที่ช่วยเรื่องอะไรเป็นพิเศษครับ”</p><blockquote>ฟังมากกว่าพูด แล้วสรุปความต้องการ"
       "ให้ลูกค้าฟังอีกครั้งก่อนแนะนำสินค้า</blockquote>",
       nullptr,
       sales,
       advising,
       {"การขาย", "คำถาม"},
       "",
       10,
       5},
      {"article",
       "อ่านฉลากประหยัดไฟเบอร์ 5 ให้เป็น",
       "อธิบายลูกค้าได้ว่าดาวบนฉลากหมายถึงอะไร และช่วยประหยัดค่าไฟได้เท่าไร",
       "<p>ฉลากประหยัดไฟเบอร์ 5 แสดงค่าประสิทธิภาพพลังงานและจำนวนดาว ยิ่งดาวมากยิ่งประหยัดไฟ</p>"
       "<p>แนะนำให้ลูกค้าเปรียบเทียบ <em>หน่วยไฟฟ้าต่อปี</em> บนฉลาก แล้วคูณด้วยค่าไฟต่อหน่วยเพื่อประมาณค่าใช้จ่าย</p>",
       nullptr,
       product,
       appliances,
       {"เครื่องใช้ไฟฟ้า", "ประหยัดไฟ"},
       "",
       10,
       6},
      {"article",
       "ดูแลผิวให้เหมาะกับสภาพผิว",
       "แนะนำผลิตภัณฑ์ให้ตรงกับผิวมัน ผิวแห้ง และผิวผสม",
       "<p>ถามลูกค้าเรื่องสภาพผิวก่อนแนะนำผลิตภัณฑ์ ผิวมันเหมาะกับเนื้อเจลบางเบา ผิวแห้งเหมาะกับครีมเข้มข้น</p>"
       "<p>แนะนำให้ทดสอบผลิตภัณฑ์ที่ท้องแขนก่อนใช้จริงทุกครั้ง</p>",
       nullptr,
       product,
       beauty,
       {"ความงาม", "สกินแคร์"},
       "",
       10,
       5},
      {"article",
       "ขั้นตอนปฏิบัติเมื่อเกิดเพลิงไหม้ในร้าน",
       "รู้ก่อน ปลอดภัยก่อน: แจ้งเหตุ อพยพ และใช้ถังดับเพลิงอย่างถูกวิธี",
       "<h2>เมื่อพบเหตุเพลิงไหม้</h2><ol><li>ตั้งสติ กดสัญญาณแจ้งเหตุ และแจ้งหัวหน้าเวร</li>"
       "<li>พาลูกค้าออกทางหนีไฟที่ใกล้ที่สุด ห้ามใช้ลิฟต์</li>"
       "<li>ใช้ถังดับเพลิงตามหลัก ดึง-ปลด-กด-ส่าย เฉพาะไฟขนาดเล็ก</li>"
       "<li>รวมพลที่จุดนัดพบและตรวจนับจำนวนพนักงาน</li></ol>",
       nullptr,
       safety,
       fire,
       {"ความปลอดภัย", "อัคคีภัย"},
       "",
       20,
       8},
      {"article",
       "ล้างมือให้สะอาด 7 ขั้นตอนก่อนจัดเรียงสินค้าอาหาร",
       "ขั้นตอนที่พนักงานสาขา BKK01 ต้องทำก่อนเข้าพื้นที่อาหารสด",
       "<p>ล้างมือด้วยสบู่อย่างน้อย 20 วินาที ครบ 7 ขั้นตอน: ฝ่ามือ หลังมือ ซอกนิ้ว หลังนิ้ว นิ้วหัวแม่มือ "
       "ปลายนิ้ว และข้อมือ</p>",
       nullptr,
       safety,
       hygiene,
       {"สุขอนามัย"},
       bkk_only,
       5,
       3},
      {"link",
       "นโยบายการคืนสินค้า (เว็บไซต์บริษัท)",
       "อ่านเงื่อนไขการคืนและเปลี่ยนสินค้าฉบับล่าสุด",
       nullptr,
       "https://www.example.com/th/returns-policy",
       service,
       complaints,
       {"คืนสินค้า", "นโยบาย"},
       "",
       5,
       3},
      {"article",
       "ขายเพิ่มอย่างจริงใจ (Upselling)",
       "แนะนำสินค้าที่คุ้มค่ากว่าโดยยึดประโยชน์ของลูกค้าเป็นหลัก",
       "<p>การขายเพิ่มที่ดีเริ่มจากความต้องการของลูกค้า เช่น แนะนำประกันสินค้าสำหรับเครื่องใช้ไฟฟ้าราคาสูง "
       "หรือชุดผลิตภัณฑ์ที่ใช้คู่กัน</p><p>บอกเหตุผลว่าทำไมจึงคุ้มค่า และเคารพการตัดสินใจของลูกค้าเสมอ</p>",
       nullptr,
       sales,
       closing,
       {"การขาย", "ขายเพิ่ม"},
       "",
       10,
       5},
  };
  std::vector<std::string> ids;
  for (const auto& d : contents) ids.push_back(ensure_content(c, d, editor));
  // Covers (pictures drawn for each) for items that have none yet.
  auto cover = [&](const char* table, const std::string& id, const char* picture) {
    if (c.query(std::string("SELECT cover_media_id FROM ") + table + " WHERE id = $1", id)
            .first()
            ->opt_str(0))
      return;  // seeded before
    db::Value media = media::demo_media(c, data_dir, picture);
    if (!std::holds_alternative<std::monostate>(media))
      c.query(std::string("UPDATE ") + table +
                  " SET cover_media_id = $1 WHERE id = $2 AND cover_media_id IS NULL",
              media, id);
  };
  const char* const covers[] = {"cover-welcome",      "cover-complaint", "cover-questions",
                                "cover-energy-label", "cover-skincare",  "cover-fire",
                                "cover-handwash",     "cover-returns",   "cover-upselling"};
  for (std::size_t i = 0; i < ids.size() && i < std::size(covers); ++i) cover("contents", ids[i], covers[i]);
  // An image set: the steps of a shelf display as pictures.
  const char* gallery_title = "จัดชั้นวางสินค้าให้น่าซื้อ (ชุดภาพ)";
  if (!data_dir.empty() &&
      c.query("SELECT 1 FROM contents WHERE title = $1", std::string(gallery_title)).empty()) {
    json::array images;
    for (int i = 0; i < 4; ++i) {
      db::Value m = media::demo_media(c, data_dir, "shelf-" + std::to_string(i + 1));
      if (auto* id = std::get_if<std::string>(&m)) images.emplace_back(*id);
    }
    if (!images.empty()) {
      std::string id = uuid_v7(), summary = "4 ขั้นตอนจัดชั้นวางตามหลักสายตาลูกค้า";
      auto now = now_ms();
      c.query(
          "INSERT INTO contents (id, kind, title, summary, images_json, cover_media_id, category_id, "
          "subcategory_id, "
          "tags_json, points, duration_minutes, status, created_by, created_at, updated_at) "
          "VALUES ($1, 'images', $2, $3, $4, $5, $6, $7, $8, 5, 3, 'published', $9, $10, $10)",
          id, std::string(gallery_title), summary, json::serialize(images),
          std::string(images[0].as_string()), sales, advising, tags_json({"การจัดเรียงสินค้า"}),
          editor.empty() ? db::Value{} : db::Value(editor), now);
    }
  }

  const char* course_title = "พื้นฐานการบริการลูกค้า";
  std::string course;
  if (auto r = c.query("SELECT id FROM courses WHERE title = $1", std::string(course_title)).first()) {
    course = r->str(0);
  } else {
    course = uuid_v7();
    auto now = now_ms();
    std::string summary = "ต้อนรับ ค้นหาความต้องการ และรับมือข้อร้องเรียนอย่างมืออาชีพ ใน 3 บทเรียน";
    std::string html = sanitize_html(
        "<p>หลักสูตรสำหรับพนักงานหน้าร้านทุกคน เรียนจบแล้วรับ <strong>50 คะแนน</strong></p>"
        "<ul><li>การต้อนรับใน 3 วินาทีแรก</li><li>คำถามปลายเปิด</li><li>หลัก LAST</li></ul>");
    c.query(
        "INSERT INTO courses (id, title, summary, description_html, category_id, points, status, "
        "created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 50, 'published', $6, $7, $7)",
        course, std::string(course_title), summary, html, service,
        editor.empty() ? db::Value{} : db::Value(editor), now);
    const std::string lessons[] = {ids[0], ids[2], ids[1]};
    for (int i = 0; i < 3; ++i)
      c.query(
          "INSERT INTO course_lessons (id, course_id, position, kind, content_id, created_at, updated_at) "
          "VALUES ($1, $2, $3, 'content', $4, $5, $5)",
          uuid_v7(), course, i, lessons[i], now);
    // Position 3 is left for the course's exam lesson, which the examinations seed adds (kind 'exam').
    if (!bkk01.empty())
      c.query(
          "INSERT INTO course_assignments (id, course_id, audience_json, due_at, note, created_at, "
          "updated_at) "
          "VALUES ($1, $2, $3, $4, $5, $6, $6)",
          uuid_v7(), course, bkk_only, now + 14LL * 24 * 3600 * 1000,
          "บังคับสำหรับพนักงานสาขา BKK01 ภายใน 2 สัปดาห์", now);
  }

  cover("courses", course, "cover-course-service");
  std::string news =
      ensure_article(c, "ต้อนรับพนักงานใหม่ประจำเดือนพฤศจิกายน", "ยินดีต้อนรับเพื่อนร่วมทีม 12 คนจาก 3 สาขา",
                     "<p>เดือนนี้เรามีเพื่อนใหม่ร่วมทีม 12 คน จากสาขาเซ็นทรัลเวิลด์ สยามพารากอน และเชียงใหม่ นิมมาน "
                     "ฝากพี่ๆ ช่วยแนะนำและดูแลน้องๆ ด้วยนะคะ</p><p>น้องใหม่เริ่มเรียนหลักสูตร "
                     "<strong>พื้นฐานการบริการลูกค้า</strong> ได้ในแท็บการเรียนรู้</p>",
                     true, {"ข่าวบริษัท"}, editor);
  cover("articles", news, "cover-welcome-team");
  std::string festival =
      ensure_article(c, "เตรียมพร้อมเทศกาลลอยกระทง ลดสูงสุด 50%", "สรุปโปรโมชันและสินค้าที่ต้องจัดเรียงให้พร้อมก่อนวันงาน",
                     "<p>ช่วงเทศกาลลอยกระทงลูกค้าจะเข้าร้านมากขึ้น ตรวจสต็อกสินค้าโปรโมชัน ป้ายราคา "
                     "และจุดชำระเงินให้พร้อม</p><ul><li>ติดป้ายโปรโมชันให้ครบทุกจุด</li>"
                     "<li>ตรวจเครื่องรับบัตรและเครื่องพิมพ์ใบเสร็จ</li></ul>",
                     false, {"โปรโมชัน", "เทศกาล"}, editor);
  cover("articles", festival, "cover-festival");

  const char* rule_title = "หลักสูตรแนะนำสำหรับภาคกรุงเทพ";
  if (!bkk_region.empty() &&
      c.query("SELECT 1 FROM personalized_rules WHERE title = $1", std::string(rule_title)).empty()) {
    auto now = now_ms();
    c.query(
        "INSERT INTO personalized_rules (id, title, target_type, target_id, audience_json, priority, active, "
        "created_at, updated_at) VALUES ($1, $2, 'content', $3, $4, 10, 1, $5, $5)",
        uuid_v7(), std::string(rule_title), ids[5], "{\"regions\":[\"" + bkk_region + "\"]}", now);
  }
}

namespace {

// A published course with its lessons in order ({"content"|"exam", id}), once (keyed by title).
std::string ensure_course(db::Connection& c, const char* title, const char* summary, const char* description,
                          const std::string& category, std::int64_t points, const std::string& editor,
                          const std::vector<std::pair<std::string, std::string>>& lessons, std::int64_t at) {
  if (auto r = c.query("SELECT id FROM courses WHERE title = $1", std::string(title)).first())
    return r->str(0);
  std::string id = uuid_v7(), html = sanitize_html(description);
  c.query(
      "INSERT INTO courses (id, title, summary, description_html, category_id, points, status, "
      "created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'published', $7, $8, $8)",
      id, std::string(title), std::string(summary), html, category, points,
      editor.empty() ? db::Value{} : db::Value(editor), at);
  int position = 0;
  for (const auto& [kind, item] : lessons)
    c.query("INSERT INTO course_lessons (id, course_id, position, kind, " +
                std::string(kind == "exam" ? "exam_id" : "content_id") +
                ", created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
            uuid_v7(), id, position++, kind, item, at);
  return id;
}

}  // namespace

void seed_company(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM courses WHERE title = $1", std::string(safety_course_title)).empty()) return;
  std::string editor = resources::demo_person(c, "EDIT01").value_or("");
  auto now = now_ms();
  auto media = [&](const char* name) { return media::demo_media(c, data_dir, name); };
  std::string safety = ensure_category(c, "ความปลอดภัยในร้าน", 3),
              fire = ensure_subcategory(c, safety, "อัคคีภัย", 1);
  std::string sales = ensure_category(c, "ทักษะการขาย", 4);
  std::string service = ensure_category(c, "การบริการลูกค้า", 1);

  // A video lesson and a PDF lesson for the safety course.
  std::string video = ensure_content(c,
                                     {"video",
                                      "สาธิต: ใช้ถังดับเพลิงใน 4 ขั้นตอน",
                                      "ดึง ปลด กด ส่าย ดูให้จบแล้วลองจับถังจริงในร้านของคุณ",
                                      nullptr,
                                      nullptr,
                                      safety,
                                      fire,
                                      {"ความปลอดภัย", "ถังดับเพลิง"},
                                      "",
                                      10,
                                      1},
                                     editor);
  std::string pdf = ensure_content(c,
                                   {"pdf",
                                    "เช็กลิสต์ความปลอดภัยก่อนเปิดร้าน",
                                    "สิบจุดที่ต้องตรวจทุกเช้าก่อนเปิดประตูรับลูกค้า",
                                    nullptr,
                                    nullptr,
                                    safety,
                                    fire,
                                    {"ความปลอดภัย", "เช็กลิสต์"},
                                    "",
                                    10,
                                    4},
                                   editor);
  c.query("UPDATE contents SET media_id = $1, cover_media_id = $2 WHERE id = $3",
          media("lesson-extinguisher.mp4"), media("cover-extinguisher"), video);
  c.query("UPDATE contents SET media_id = $1, cover_media_id = $2 WHERE id = $3",
          media("safety-checklist.pdf"), media("cover-checklist"), pdf);

  // The new staff's handbook as an ebook.
  db::Value handbook = media("handbook.pdf");
  if (!std::holds_alternative<std::monostate>(handbook)) {
    const char* title = "คู่มือพนักงานใหม่ Shopfloor";
    std::string description = "ทุกอย่างที่ต้องรู้ในสัปดาห์แรก: วันแรกที่สาขา การบริการ ความปลอดภัย และสวัสดิการ";
    c.query(
        "INSERT INTO ebooks (id, title, author, description, cover_media_id, pdf_media_id, category_id, "
        "status, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'published', $8, "
        "$9, $9)",
        uuid_v7(), std::string(title), std::string("ฝ่ายบุคคลและฝึกอบรม"), description, media("cover-handbook"),
        handbook, service, editor.empty() ? db::Value{} : db::Value(editor), now - 80 * 86400000LL);
  }

  // The safety course every store must finish (assigned seven weeks ago, due last week: some are late), and
  // a sales course to take when one likes.
  std::string exam = demo_exams().safety_exam(c);
  std::string course = ensure_course(
      c, safety_course_title, "เพลิงไหม้ ถังดับเพลิง และการตรวจร้านทุกเช้า ใน 3 บทเรียนและแบบทดสอบ",
      "<p>หลักสูตรบังคับสำหรับพนักงานทุกสาขา เรียนจบรับ <strong>40 คะแนน</strong></p>"
      "<ul><li>ขั้นตอนเมื่อเกิดเพลิงไหม้</li><li>วิดีโอสาธิตการใช้ถังดับเพลิง</li><li>เช็กลิสต์ก่อนเปิดร้าน</li></ul>",
      safety, 40, editor,
      {{"content", resources::demo_id(c, "contents", "title", "ขั้นตอนปฏิบัติเมื่อเกิดเพลิงไหม้ในร้าน")},
       {"content", video},
       {"content", pdf},
       {"exam", exam}},
      now - 60 * 86400000LL);
  c.query(
      "INSERT INTO course_assignments (id, course_id, audience_json, due_at, note, created_at, updated_at) "
      "VALUES ($1, $2, NULL, $3, $4, $5, $5)",
      uuid_v7(), course, now - 6 * 86400000LL,
      std::string("บังคับสำหรับพนักงานทุกสาขา ตามมาตรฐานความปลอดภัยของบริษัท"), now - 50 * 86400000LL);
  std::string selling = ensure_course(
      c, "ทักษะการขายมืออาชีพ", "ขายเพิ่มอย่างจริงใจ อธิบายสินค้าให้ชัด และจัดชั้นวางให้น่าซื้อ",
      "<p>สี่บทเรียนสำหรับพนักงานขายที่อยากเก่งขึ้น เรียนจบรับ <strong>30 คะแนน</strong></p>", sales, 30, editor,
      {{"content", resources::demo_id(c, "contents", "title", "ขายเพิ่มอย่างจริงใจ (Upselling)")},
       {"content", resources::demo_id(c, "contents", "title", "อ่านฉลากประหยัดไฟเบอร์ 5 ให้เป็น")},
       {"content", resources::demo_id(c, "contents", "title", "ดูแลผิวให้เหมาะกับสภาพผิว")},
       {"content", resources::demo_id(c, "contents", "title", "จัดชั้นวางสินค้าให้น่าซื้อ (ชุดภาพ)")}},
      now - 70 * 86400000LL);
  c.query("UPDATE courses SET cover_media_id = $1 WHERE id = $2", media("cover-course-safety"), course);
  c.query("UPDATE courses SET cover_media_id = $1 WHERE id = $2", media("cover-course-sales"), selling);
}

BenchSeed seed_bench(db::Connection& c, int users, int items) {
  BenchSeed out;
  auto now = now_ms();
  // Places and groups the audiences point at.
  std::vector<std::string> regions, stores;
  for (int r = 0; r < 5; ++r) {
    std::string code = "BR" + std::to_string(r + 1);
    if (auto row = c.query("SELECT id FROM regions WHERE code = $1", code).first()) {
      regions.push_back(row->str(0));
    } else {
      regions.push_back(uuid_v7());
      c.query("INSERT INTO regions (id, code, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)",
              regions.back(), code, "ภาคทดสอบ " + std::to_string(r + 1), now);
    }
  }
  for (int s = 0; s < 50; ++s) {
    std::string code = "BS" + std::to_string(s + 1);
    if (auto row = c.query("SELECT id FROM stores WHERE code = $1", code).first()) {
      stores.push_back(row->str(0));
    } else {
      stores.push_back(uuid_v7());
      c.query(
          "INSERT INTO stores (id, code, name, region_id, created_at, updated_at) VALUES ($1, $2, $3, $4, "
          "$5, $5)",
          stores.back(), code, "สาขาทดสอบ " + std::to_string(s + 1), regions[s % 5], now);
    }
  }
  const char* positions[] = {"Sales", "Cashier", "Store manager", "Stock", "Beauty advisor"};
  // One password hash for every bench account (Argon2id per user would take minutes): "Bench#2026".
  if (c.query("SELECT 1 FROM users WHERE employee_code = 'BENCH00001'").empty()) {
    std::string hash = auth::hash_password("Bench#2026");
    for (int i = 0; i < users; ++i) {
      char code[16];
      std::snprintf(code, sizeof code, "BENCH%05d", i + 1);
      c.query(
          "INSERT INTO users (id, employee_code, name, role, status, store_id, position, password_hash, "
          "joined_at, "
          "created_at, updated_at) VALUES ($1, $2, $3, 'staff', 'active', $4, $5, $6, $7, $7, $7)",
          uuid_v7(), std::string(code), "พนักงานทดสอบ " + std::to_string(i + 1), stores[i % 50],
          positions[i % 5], hash, now);
      ++out.users;
    }
  }
  if (!c.query("SELECT 1 FROM contents WHERE title = 'บทเรียนทดสอบ 1'").empty()) return out;
  std::vector<std::string> cats;
  for (int i = 0; i < 8; ++i) {
    std::string cat = ensure_category(c, "หมวดทดสอบ " + std::to_string(i + 1), 100 + i);
    ensure_subcategory(c, cat, "หมวดย่อยทดสอบ " + std::to_string(i + 1), 1);
    cats.push_back(cat);
  }
  std::string pdf = uuid_v7();
  c.query(
      "INSERT INTO media (id, hash, kind, mime, ext, bytes, original_name, created_at, updated_at) "
      "VALUES ($1, $2, 'pdf', 'application/pdf', 'pdf', 1000, 'bench.pdf', $3, $3)",
      pdf, sha256_hex("bench-learning-" + pdf), now);
  // Every 5th item is for everyone; the rest aim at a store, a region or a position.
  auto audience = [&](int i) -> db::Value {
    switch (i % 5) {
      case 0:
        return db::Value{};
      case 1:
        return "{\"stores\":[\"" + stores[i % 50] + "\",\"" + stores[(i + 7) % 50] + "\"]}";
      case 2:
        return "{\"regions\":[\"" + regions[i % 5] + "\"]}";
      case 3:
        return std::string("{\"positions\":[\"") + positions[i % 5] + "\"]}";
      default:
        return "{\"regions\":[\"" + regions[(i + 1) % 5] + "\"],\"positions\":[\"Sales\",\"Cashier\"]}";
    }
  };
  int n_contents = items * 6 / 10, n_courses = items * 2 / 10, n_ebooks = items - n_contents - n_courses;
  std::vector<std::string> content_ids;
  for (int i = 0; i < n_contents; ++i) {
    std::string id = uuid_v7(), title = "บทเรียนทดสอบ " + std::to_string(i + 1);
    std::string body = "<p>เนื้อหาบทเรียนทดสอบสำหรับวัดความเร็ว หมายเลข " + std::to_string(i + 1) + "</p>";
    c.query(
        "INSERT INTO contents (id, kind, title, summary, body_html, category_id, audience_json, points, "
        "duration_minutes, status, created_at, updated_at) "
        "VALUES ($1, 'article', $2, $3, $4, $5, $6, 10, 5, 'published', $7, $7)",
        id, title, "สรุปบทเรียนทดสอบ", body, cats[i % 8], audience(i), now - i * 1000);
    content_ids.push_back(id);
    ++out.items;
  }
  for (int i = 0; i < n_courses; ++i) {
    std::string id = uuid_v7(), title = "หลักสูตรทดสอบ " + std::to_string(i + 1);
    c.query(
        "INSERT INTO courses (id, title, summary, category_id, audience_json, points, status, "
        "created_at, updated_at) VALUES ($1, $2, 'หลักสูตรสำหรับวัดความเร็ว', $3, $4, 30, 'published', $5, $5)",
        id, title, cats[i % 8], audience(i), now - i * 1000);
    for (int l = 0; l < 3; ++l)
      c.query(
          "INSERT INTO course_lessons (id, course_id, position, kind, content_id, created_at, updated_at) "
          "VALUES ($1, $2, $3, 'content', $4, $5, $5)",
          uuid_v7(), id, l, content_ids[(i * 3 + l) % content_ids.size()], now);
    if (i % 10 == 0)
      c.query(
          "INSERT INTO course_assignments (id, course_id, audience_json, due_at, created_at, updated_at) "
          "VALUES ($1, $2, $3, $4, $5, $5)",
          uuid_v7(), id, audience(i + 1), now + 7LL * 24 * 3600 * 1000, now);
    ++out.items;
  }
  for (int i = 0; i < n_ebooks; ++i) {
    std::string title = "อีบุ๊กทดสอบ " + std::to_string(i + 1);
    c.query(
        "INSERT INTO ebooks (id, title, author, pdf_media_id, category_id, audience_json, status, "
        "created_at, updated_at) VALUES ($1, $2, 'ฝ่ายฝึกอบรม', $3, $4, $5, 'published', $6, $6)",
        uuid_v7(), title, pdf, cats[i % 8], audience(i), now - i * 1000);
    ++out.items;
  }
  return out;
}

void link_demo_exam(db::Connection& c, const std::optional<std::string>& exam_id) {
  if (!exam_id) return;
  auto course = c.query("SELECT id FROM courses WHERE title = $1", std::string("พื้นฐานการบริการลูกค้า")).first();
  if (!course) return;
  if (!c.query("SELECT 1 FROM course_lessons WHERE course_id = $1 AND kind = 'exam'", course->str(0)).empty())
    return;
  auto now = now_ms();
  c.query(
      "INSERT INTO course_lessons (id, course_id, position, kind, exam_id, created_at, updated_at) "
      "VALUES ($1, $2, 3, 'exam', $3, $4, $4)",
      uuid_v7(), course->str(0), *exam_id, now);
}

}  // namespace shopfloor::learning
