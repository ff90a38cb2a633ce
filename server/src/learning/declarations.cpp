// Back-office declarations of the learning area (docs/LEARNING.md, "Back-office API"): contents, articles,
// article comments (moderation), ebooks, courses with lessons and mandatory assignments, personalised rules.
// Publishing, audiences, media kinds and lesson order are traits of the resources kit (resources/traits.hpp);
// what is left here is learning's own: which fields each item is found by (resources/search.hpp), what a
// content kind needs before it is published, and comment counts.
#include "jobs/audience_jobs.hpp"
#include "learning/learning.hpp"
#include "learning/notices.hpp"
#include "learning/routes.hpp"
#include "resources/builders.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace json = boost::json;
using namespace resources;  // the declaration vocabulary: text(), image(), publishable(), ...

namespace {

FieldBuilder title() {
  return text("title", {"ชื่อเรื่อง", "Title"}).required().max(200).searchable().sortable();
}
FieldBuilder summary() {
  return long_text("summary", {"สรุปย่อ", "Summary"}).max(500);
}
FieldBuilder cover() {
  return image("cover", {"ภาพปก", "Cover"});
}
FieldBuilder category() {
  return reference("category", {"หมวดหมู่", "Category"}, "categories").filterable();
}

void check_subcategory(WriteContext& w) {
  std::string sub = w.text_of("subcategory");
  if (sub.empty() || w.errors.count("subcategory")) return;
  auto row = w.c.query("SELECT category_id FROM subcategories WHERE id = $1", sub).first();
  if (row && row->str(0) != w.text_of("category"))  // unknown ids are the engine's to report
    w.errors["subcategory"] = msg::SUBCATEGORY_CATEGORY;
}

// What each kind of content needs before it can be published; a video or PDF lesson names media of its kind.
void check_content_kind(WriteContext& w) {
  std::string kind = w.text_of("kind");
  std::string media = w.text_of("media");
  if ((kind == "video" || kind == "pdf") && !media.empty() && !w.errors.count("media")) {
    auto row = w.c.query("SELECT kind FROM media WHERE id = $1", media).first();
    if (row && row->str(0) != kind)
      w.errors["media"] = kind == "video" ? msg::MUST_BE_VIDEO : msg::MUST_BE_PDF;
  }
  if (w.text_of("status") != "published") return;
  json::value images = w.value_of("images");
  if ((kind == "video" || kind == "pdf") && media.empty())
    w.errors["media"] = kind == "video" ? msg::VIDEO_TO_PUBLISH : msg::PDF_TO_PUBLISH;
  if (kind == "images" && (!images.is_array() || images.as_array().empty()))
    w.errors["images"] = msg::IMAGE_TO_PUBLISH;
  if (kind == "link" && w.text_of("linkUrl").empty()) w.errors["linkUrl"] = msg::LINK_TO_PUBLISH;
}

Resource contents_resource() {
  auto r = area("contents", "contents", {"เนื้อหา", "Contents"});
  r.list_columns = {"title", "kind", "status", "category", "audience", "points", "startAt"};
  r.subtitle_field = "kind";
  r.fields = {
      choice("kind", {"ประเภท", "Kind"},
             {{"article", {"บทความ", "Article"}},
              {"video", {"วิดีโอ", "Video"}},
              {"pdf", {"PDF", "PDF"}},
              {"images", {"ชุดภาพ", "Image set"}},
              {"link", {"ลิงก์", "Link"}}})
          .required()
          .filterable()
          .sortable()
          .fallback("article"),
      title(),
      summary(),
      html("bodyHtml", {"เนื้อหา", "Body"}),
      cover(),
      reference("media", {"ไฟล์วิดีโอหรือ PDF", "Video or PDF file"}, "medias"),
      image_list("images", {"ภาพในชุด", "Images"}),
      web_link("linkUrl", {"ลิงก์", "Link URL"}),
      category(),
      reference("subcategory", {"หมวดหมู่ย่อย", "Sub-category"}, "subcategories").filterable(),
      tags("tags", {"แท็ก", "Tags"}),
      audience_field(),
      points(),
      integer("durationMinutes", {"เวลาโดยประมาณ (นาที)", "Duration (minutes)"}).min(0).max(10000),
  };
  publishable(r);
  r.rules.push_back(check_subcategory);
  r.rules.push_back(check_content_kind);
  searchable(
      r, {.title = {"title"}, .summary = {"summary", "tags"}, .body = {"bodyHtml"}, .sorted_by = "startAt"});
  return r;
}

Resource articles_resource() {
  auto r = area("articles", "articles", {"บทความข่าวสาร", "Articles"});
  r.list_columns = {"title", "status", "pinned", "audience", "likeCount", "commentCount", "startAt"};
  r.fields = {
      title(),
      summary(),
      html("bodyHtml", {"เนื้อหา", "Body"}),
      cover(),
      tags("tags", {"แท็ก", "Tags"}),
      audience_field(),
      boolean("pinned", {"ปักหมุด", "Pinned"}).filterable().fallback(false),
      boolean("allowComments", {"เปิดให้แสดงความคิดเห็น", "Allow comments"}).fallback(true),
  };
  publishable(r);
  r.fields.push_back(integer("likeCount", {"ถูกใจ", "Likes"}).read_only().sortable());
  r.fields.push_back(integer("commentCount", {"ความคิดเห็น", "Comments"}).read_only().sortable());
  searchable(
      r, {.title = {"title"}, .summary = {"summary", "tags"}, .body = {"bodyHtml"}, .sorted_by = "startAt"});
  return r;
}

Resource ebooks_resource() {
  auto r = area("ebooks", "ebooks", {"อีบุ๊ก", "Ebooks"});
  r.list_columns = {"title", "author", "status", "category", "audience", "startAt"};
  r.subtitle_field = "author";
  r.fields = {
      title(),
      text("author", {"ผู้แต่ง", "Author"}).searchable().sortable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(5000),
      cover(),
      pdf("pdf", {"ไฟล์ PDF", "PDF file"}).required(),
      category(),
      audience_field(),
  };
  publishable(r);
  searchable(r, {.title = {"title"}, .summary = {"author", "description"}, .sorted_by = "startAt"});
  return r;
}

Resource courses_resource() {
  auto r = area("courses", "courses", {"หลักสูตร", "Courses"});
  r.list_columns = {"title", "status", "category", "audience", "points", "startAt"};
  r.fields = {
      title(),          summary(), html("descriptionHtml", {"รายละเอียด", "Description"}), cover(), category(),
      audience_field(), points(),  text("badgeId", {"เหรียญตรา", "Badge"}).max(64),
  };
  publishable(r);
  searchable(
      r, {.title = {"title"}, .summary = {"summary"}, .body = {"descriptionHtml"}, .sorted_by = "startAt"});
  return r;
}

// A lesson is a content or an exam; the other reference is cleared.
void check_lesson_kind(WriteContext& w) {
  if (w.text_of("kind") == "exam") {
    std::string exam = w.text_of("exam");
    if (exam.empty())
      w.errors["exam"] = msg::EXAM_LESSON;
    else if (w.c.query("SELECT 1 FROM exams WHERE id = $1", exam).empty())
      w.errors["exam"] = msg::NO_SUCH_EXAM;
    w.values["content_id"] = db::Value{};
  } else {
    if (w.text_of("content").empty()) w.errors["content"] = msg::CONTENT_LESSON;
    w.values["exam_id"] = db::Value{};
  }
}

Resource course_lessons_resource() {
  auto r = area("course-lessons", "course_lessons", {"บทเรียนในหลักสูตร", "Course lessons"});
  r.fields = {
      integer("position", {"ลำดับ", "Position"}).sortable().min(0).max(100000),  // editors may type it
      choice("kind", {"ประเภท", "Kind"}, {{"content", {"เนื้อหา", "Content"}}, {"exam", {"ข้อสอบ", "Exam"}}})
          .required()
          .filterable()
          .fallback("content"),
      reference("content", {"เนื้อหา", "Content"}, "contents"),
      reference("exam", {"ข้อสอบ", "Exam"}, "examinations"),
      text("title", {"ชื่อบทเรียน (ถ้าต่างจากเนื้อหา)", "Lesson title (if not the item's)"}).max(200),
  };
  ordered(r, reference("course", {"หลักสูตร", "Course"}, "courses"), "lessons.order");
  r.rules.push_back(check_lesson_kind);
  return r;
}

// A learning path (issue 32): courses in order, each required or optional; completing every required one
// completes the path, which can grant a certificate (the certificate-definitions resource).
Resource learning_paths_resource() {
  auto r = area("learning-paths", "learning_paths", {"เส้นทางการเรียนรู้", "Learning paths"});
  r.list_columns = {"title", "status", "startAt", "updatedAt"};
  r.fields = {title(), summary()};
  publishable(r);
  return r;
}

Resource learning_path_courses_resource() {
  auto r = area("learning-path-courses", "learning_path_courses", {"หลักสูตรในเส้นทาง", "Courses of the path"});
  r.list_columns = {"position", "course", "required"};
  r.title_field = "course";
  r.fields = {
      integer("position", {"ลำดับ", "Position"}).sortable().min(0).max(100000),
      reference("course", {"หลักสูตร", "Course"}, "courses").required().filterable(),
      boolean("required", {"ต้องเรียน", "Required"})
          .fallback(true)
          .hint({"จบหลักสูตรที่ต้องเรียนครบทุกหลักสูตรแล้ว ถือว่าจบเส้นทาง",
                 "The path is completed when every required course is completed"}),
  };
  ordered(r, reference("path", {"เส้นทางการเรียนรู้", "Learning path"}, "learning-paths"), "courses.order");
  return r;
}

Resource course_assignments_resource() {
  auto r = area("course-assignments", "course_assignments", {"หลักสูตรบังคับ", "Mandatory courses"});
  r.list_columns = {"audience", "dueAt", "note"};
  r.title_field = "note";
  r.default_sort = "dueAt";
  r.fields = {
      reference("course", {"หลักสูตร", "Course"}, "courses").required().filterable(),
      audience_field(),
      datetime("dueAt", {"กำหนดส่ง", "Due"}).sortable(),
      long_text("note", {"หมายเหตุ", "Note"}).max(1000).searchable(),
  };
  // The people it newly reaches hear of it from a background job the save records (it may be everyone).
  r.after_write = [](WriteContext& w) { jobs::AudienceJobs::enqueue(w.c, assigned_job, w.id); };
  return r;
}

// The item a rule points at exists in the table of its type.
void check_target(WriteContext& w) {
  static const std::map<std::string, std::string> tables{{"content", "contents"},
                                                         {"course", "courses"},
                                                         {"article", "articles"},
                                                         {"ebook", "ebooks"},
                                                         {"exam", "exams"}};
  auto table = tables.find(w.text_of("targetType"));
  std::string target = w.text_of("target");
  if (table != tables.end() && !target.empty() &&
      w.c.query("SELECT 1 FROM " + table->second + " WHERE id = $1", target).empty())
    w.errors["target"] = msg::NO_SUCH_TARGET;
}

Resource personalized_resource() {
  auto r = area("personalized", "personalized_rules", {"แนะนำสำหรับคุณ", "Personalized"});
  r.list_columns = {"title", "targetType", "target", "audience", "priority", "active", "startAt", "endAt"};
  r.default_sort = "-priority";
  r.fields = {
      title(),
      choice("targetType", {"ประเภทรายการ", "Item type"},
             {{"content", {"เนื้อหา", "Content"}},
              {"course", {"หลักสูตร", "Course"}},
              {"article", {"บทความข่าวสาร", "Article"}},
              {"ebook", {"อีบุ๊ก", "Ebook"}},
              {"exam", {"ข้อสอบ", "Exam"}}})
          .required()
          .filterable(),
      text("target", {"รายการ (รหัส)", "Item (id)"}).column("target_id").required().max(64),
      audience_field(),
      integer("priority", {"ลำดับความสำคัญ", "Priority"}).min(-1000).max(1000).sortable().fallback(0),
      boolean("active", {"ใช้งาน", "Active"}).filterable().fallback(true),
      datetime("startAt", {"เริ่มแสดง", "Start"}).sortable(),
      datetime("endAt", {"สิ้นสุดการแสดง", "End"}).sortable(),
  };
  r.rules.push_back(ends_after("endAt", "startAt"));
  r.rules.push_back(check_target);
  return r;
}

}  // namespace

void register_resources() {
  auto& reg = resources::registry();
  reg.add(contents_resource());
  reg.add(articles_resource());
  reg.add(reactions::comments_resource(article_reactions(), "article-comments",
                                       {"ความคิดเห็นในบทความ", "Article comments"}, "articles",
                                       {"บทความ", "Article"}));
  reg.add(ebooks_resource());
  reg.add(courses_resource());
  reg.add(course_lessons_resource());
  reg.add(course_assignments_resource());
  reg.add(learning_paths_resource());
  reg.add(learning_path_courses_resource());
  reg.add(personalized_resource());
}

}  // namespace shopfloor::learning
