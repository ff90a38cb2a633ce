// Back-office declarations of the learning area (docs/LEARNING.md, "Back-office API"): contents, articles,
// article comments (moderation), ebooks, courses with lessons and mandatory assignments, personalised rules.
// Every item keeps its search_text current (learning::search_key over title, summary, tags and body text).
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "learning/audience.hpp"
#include "learning/learning.hpp"
#include "learning/search_key.hpp"
#include "resources/fields.hpp"
#include "resources/publishing.hpp"
#include "resources/resource.hpp"
#include "util/html_sanitizer.hpp"
#include "util/text.hpp"

namespace shopfloor::learning {

namespace json = boost::json;
using resources::Field;
using resources::field;
using resources::FieldType;
using resources::Resource;
using resources::Role;
using resources::WriteContext;

namespace {

// ---- values of a write: the new value when sent, else the stored one --------------------------------------

json::value current(const WriteContext& w, const std::string& column, const std::string& name,
                    bool json_column = false) {
  if (auto it = w.values.find(column); it != w.values.end()) {
    if (auto* s = std::get_if<std::string>(&it->second)) {
      if (!json_column) return json::value(*s);
      boost::system::error_code ec;
      auto v = json::parse(*s, ec);
      return ec ? json::value(nullptr) : v;
    }
    if (auto* i = std::get_if<std::int64_t>(&it->second)) return *i;
    return nullptr;
  }
  if (w.before)
    if (auto* v = w.before->if_contains(name)) return *v;
  return nullptr;
}

std::string text_of(const json::value& v) {
  return v.is_string() ? std::string(v.as_string()) : std::string();
}

std::optional<std::int64_t> time_of(const json::value& v) {
  if (v.is_int64()) return v.as_int64();
  if (v.is_string()) return resources::parse_iso8601(v.as_string());
  return std::nullopt;
}

std::string tags_text(const json::value& v) {
  std::string out;
  if (v.is_array())
    for (const auto& t : v.as_array())
      if (t.is_string()) out += " " + std::string(t.as_string());
  return out;
}

// search_text from the given parts (plain text and HTML bodies).
void set_search_text(WriteContext& w, const std::vector<std::string>& plain,
                     const std::vector<std::string>& html) {
  std::string all;
  for (const auto& p : plain) all += p + " ";
  for (const auto& h : html) all += html_to_text(h) + " ";
  w.values["search_text"] = search_key(all);
}

void check_window(WriteContext& w) {
  auto start = time_of(current(w, "start_at", "startAt"));
  auto end = time_of(current(w, "end_at", "endAt"));
  if (start && end && *end <= *start) w.errors["endAt"] = "Must be after the start.";
}

// A referenced media item must be of the expected kind (image, video, pdf).
void check_media_kind(WriteContext& w, const std::string& column, const std::string& name,
                      const std::string& kind) {
  json::value id = current(w, column, name);
  if (!id.is_string() || w.errors.count(name)) return;
  auto row = w.c.query("SELECT kind FROM media WHERE id = $1", std::string(id.as_string())).first();
  if (!row) {
    w.errors[name] = "No such media item.";
  } else if (row->str(0) != kind) {
    w.errors[name] = kind == "image"   ? "Must be an image."
                     : kind == "video" ? "Must be a video."
                                       : "Must be a PDF.";
  }
}

void check_subcategory(WriteContext& w) {
  json::value sub = current(w, "subcategory_id", "subcategory");
  if (!sub.is_string() || w.errors.count("subcategory")) return;
  json::value cat = current(w, "category_id", "category");
  auto row =
      w.c.query("SELECT category_id FROM subcategories WHERE id = $1", std::string(sub.as_string())).first();
  if (!row) return;  // the engine reports unknown references
  if (!cat.is_string() || row->str(0) != std::string(cat.as_string()))
    w.errors["subcategory"] = "Must belong to the chosen category.";
}

// ---- field builders shared by the declarations
// ---------------------------------------------------------------

Field title_f() {
  auto f = field("title", "title", FieldType::string, {"ชื่อเรื่อง", "Title"});
  f.required = f.searchable = f.sortable = true;
  f.max_length = 200;
  return f;
}

Field summary_f() {
  auto f = field("summary", "summary", FieldType::text, {"สรุปย่อ", "Summary"});
  f.max_length = 500;
  return f;
}

Field html_f(std::string name, std::string column, resources::Label label) {
  auto f = field(std::move(name), std::move(column), FieldType::text, std::move(label));
  f.format = "html";
  f.max_length = 200000;
  f.check = [](json::value& v) -> std::optional<std::string> {
    if (!v.is_string()) return "Must be text.";
    if (v.as_string().size() > 400000) return "Too long.";
    v = json::value(sanitize_html(v.as_string()));
    return std::nullopt;
  };
  return f;
}

Field media_f(std::string name, std::string column, resources::Label label) {
  auto f = field(std::move(name), std::move(column), FieldType::reference, std::move(label));
  f.reference = "medias";
  return f;
}

Field category_f() {
  auto f = field("category", "category_id", FieldType::reference, {"หมวดหมู่", "Category"});
  f.reference = "categories";
  f.filterable = true;
  return f;
}

Field tags_f() {
  auto f = field("tags", "tags_json", FieldType::string_list, {"แท็ก", "Tags"});
  f.max_length = 20;
  f.filterable = true;
  return f;
}

Field points_f() {
  auto f = field("points", "points", FieldType::integer, {"คะแนน", "Points"});
  f.min = 0;
  f.max = 100000;
  f.sortable = true;
  f.default_value = json::value(0);
  return f;
}

// The publish window as the learning screens label it.
std::vector<Field> window_f() {
  return resources::publish_window_fields({"เริ่มแสดง", "Start"}, {"สิ้นสุดการแสดง", "End"});
}

Resource base(std::string name, std::string table, resources::Label label) {
  Resource r;
  r.name = std::move(name);
  r.table = std::move(table);
  r.label = std::move(label);
  r.title_field = "title";
  r.read_role = Role::editor;
  r.write_role = Role::editor;
  r.default_sort = "-updatedAt";
  return r;
}

std::optional<std::string> check_link(json::value& v) {
  if (!v.is_string()) return "Must be text.";
  std::string s(v.as_string());
  std::string lower = ascii_lower(s.substr(0, 8));
  if (!(lower.starts_with("http://") || lower.starts_with("https://")) || s.size() <= 8)
    return "Must be an http:// or https:// address.";
  for (unsigned char ch : s)
    if (ch <= 0x20 || ch == 0x7f) return "Must not contain spaces.";
  if (s.size() > 2000) return "At most 2000 characters.";
  return std::nullopt;
}

// images: a list of media ids (each checked to be an image in the hook).
std::optional<std::string> check_id_list(json::value& v) {
  if (!v.is_array()) return "Must be a list of media ids.";
  if (v.as_array().size() > 50) return "At most 50 images.";
  json::array out;
  for (const auto& item : v.as_array()) {
    if (!item.is_string() || item.as_string().empty() || item.as_string().size() > 64 ||
        std::string_view(item.as_string()).find_first_not_of("0123456789abcdefABCDEF-") !=
            std::string_view::npos)
      return "Must be a list of media ids.";
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  v = std::move(out);
  return std::nullopt;
}

// ---- resources
// ----------------------------------------------------------------------------------------------

Resource contents_resource() {
  auto r = base("contents", "contents", {"เนื้อหา", "Contents"});
  r.subtitle_field = "kind";
  r.global_search = true;
  auto kind = field("kind", "kind", FieldType::enumeration, {"ประเภท", "Kind"});
  kind.options = {{"article", {"บทความ", "Article"}},
                  {"video", {"วิดีโอ", "Video"}},
                  {"pdf", {"PDF", "PDF"}},
                  {"images", {"ชุดภาพ", "Image set"}},
                  {"link", {"ลิงก์", "Link"}}};
  kind.required = kind.filterable = kind.sortable = true;
  kind.default_value = json::value("article");
  auto images = field("images", "images_json", FieldType::json, {"ภาพในชุด", "Images"});
  images.check = check_id_list;
  auto link = field("linkUrl", "link_url", FieldType::string, {"ลิงก์", "Link URL"});
  link.max_length = 2000;
  link.check = check_link;
  auto sub = field("subcategory", "subcategory_id", FieldType::reference, {"หมวดหมู่ย่อย", "Sub-category"});
  sub.reference = "subcategories";
  sub.filterable = true;
  auto duration = field("durationMinutes", "duration_minutes", FieldType::integer,
                        {"เวลาโดยประมาณ (นาที)", "Duration (minutes)"});
  duration.min = 0;
  duration.max = 10000;
  auto w = window_f();
  r.fields = {kind,
              title_f(),
              summary_f(),
              html_f("bodyHtml", "body_html", {"เนื้อหา", "Body"}),
              media_f("cover", "cover_media_id", {"ภาพปก", "Cover"}),
              media_f("media", "media_id", {"ไฟล์วิดีโอหรือ PDF", "Video or PDF file"}),
              images,
              link,
              category_f(),
              sub,
              tags_f(),
              audience_field(),
              points_f(),
              duration,
              resources::publish_status_field(),
              w[0],
              w[1]};
  auto hook = [](WriteContext& w) {
    check_window(w);
    check_subcategory(w);
    check_media_kind(w, "cover_media_id", "cover", "image");
    std::string kind = text_of(current(w, "kind", "kind"));
    if (kind == "video" || kind == "pdf") check_media_kind(w, "media_id", "media", kind);
    json::value images = current(w, "images_json", "images", true);
    if (images.is_array() && !w.errors.count("images"))
      for (const auto& id : images.as_array()) {
        auto row = w.c.query("SELECT kind FROM media WHERE id = $1", std::string(id.as_string())).first();
        if (!row || row->str(0) != "image") {
          w.errors["images"] = "Every item must be an image from the media library.";
          break;
        }
      }
    // What each kind needs before it can be published.
    if (text_of(current(w, "status", "status")) == "published") {
      if ((kind == "video" || kind == "pdf") && !current(w, "media_id", "media").is_string())
        w.errors["media"] =
            kind == "video" ? "A video is required to publish." : "A PDF is required to publish.";
      if (kind == "images" && (!images.is_array() || images.as_array().empty()))
        w.errors["images"] = "Add at least one image to publish.";
      if (kind == "link" && !current(w, "link_url", "linkUrl").is_string())
        w.errors["linkUrl"] = "A link is required to publish.";
    }
    set_search_text(w,
                    {text_of(current(w, "title", "title")), text_of(current(w, "summary", "summary")),
                     tags_text(current(w, "tags_json", "tags", true))},
                    {text_of(current(w, "body_html", "bodyHtml"))});
  };
  r.before_create = hook;
  r.before_update = hook;
  return r;
}

Resource articles_resource() {
  auto r = base("articles", "articles", {"บทความข่าวสาร", "Articles"});
  r.global_search = true;
  auto pinned = field("pinned", "pinned", FieldType::boolean, {"ปักหมุด", "Pinned"});
  pinned.filterable = true;
  pinned.default_value = json::value(false);
  auto comments =
      field("allowComments", "allow_comments", FieldType::boolean, {"เปิดให้แสดงความคิดเห็น", "Allow comments"});
  comments.default_value = json::value(true);
  auto likes = field("likeCount", "like_count", FieldType::integer, {"ถูกใจ", "Likes"});
  likes.read_only = likes.sortable = true;
  auto count = field("commentCount", "comment_count", FieldType::integer, {"ความคิดเห็น", "Comments"});
  count.read_only = count.sortable = true;
  auto w = window_f();
  r.fields = {title_f(),
              summary_f(),
              html_f("bodyHtml", "body_html", {"เนื้อหา", "Body"}),
              media_f("cover", "cover_media_id", {"ภาพปก", "Cover"}),
              tags_f(),
              audience_field(),
              pinned,
              comments,
              resources::publish_status_field(),
              w[0],
              w[1],
              likes,
              count};
  auto hook = [](WriteContext& w) {
    check_window(w);
    check_media_kind(w, "cover_media_id", "cover", "image");
    set_search_text(w,
                    {text_of(current(w, "title", "title")), text_of(current(w, "summary", "summary")),
                     tags_text(current(w, "tags_json", "tags", true))},
                    {text_of(current(w, "body_html", "bodyHtml"))});
  };
  r.before_create = hook;
  r.before_update = hook;
  return r;
}

Resource article_comments_resource() {
  auto r = base("article-comments", "article_comments", {"ความคิดเห็นในบทความ", "Article comments"});
  r.title_field = "body";
  r.allow_create = false;
  r.default_sort = "-createdAt";
  auto article = field("article", "article_id", FieldType::reference, {"บทความ", "Article"});
  article.reference = "articles";
  article.read_only = article.filterable = true;
  auto user = field("user", "user_id", FieldType::reference, {"ผู้เขียน", "Author"});
  user.reference = "users";
  user.read_only = user.filterable = true;
  auto body = field("body", "body", FieldType::text, {"ข้อความ", "Comment"});
  body.read_only = body.searchable = true;
  auto status = field("status", "status", FieldType::enumeration, {"สถานะ", "Status"});
  status.options = {{"visible", {"แสดง", "Visible"}}, {"hidden", {"ซ่อน", "Hidden"}}};
  status.required = status.filterable = status.sortable = true;
  r.fields = {article, user, body, status};
  // comment_count counts visible comments: moderation moves it with the status.
  r.before_update = [](WriteContext& w) {
    auto it = w.values.find("status");
    if (it == w.values.end() || !w.before) return;
    std::string was = text_of(w.before->at("status")), now = std::get<std::string>(it->second);
    if (was == now) return;
    w.c.query("UPDATE articles SET comment_count = comment_count + $1 WHERE id = $2",
              std::int64_t{now == "visible" ? 1 : -1}, text_of(w.before->at("article")));
  };
  r.before_delete = [](WriteContext& w) {
    if (w.before && text_of(w.before->at("status")) == "visible")
      w.c.query("UPDATE articles SET comment_count = comment_count - 1 WHERE id = $1 AND comment_count > 0",
                text_of(w.before->at("article")));
  };
  return r;
}

Resource ebooks_resource() {
  auto r = base("ebooks", "ebooks", {"อีบุ๊ก", "Ebooks"});
  r.subtitle_field = "author";
  r.global_search = true;
  auto author = field("author", "author", FieldType::string, {"ผู้แต่ง", "Author"});
  author.searchable = author.sortable = true;
  author.max_length = 200;
  auto description = field("description", "description", FieldType::text, {"คำอธิบาย", "Description"});
  description.max_length = 5000;
  auto pdf = media_f("pdf", "pdf_media_id", {"ไฟล์ PDF", "PDF file"});
  pdf.required = true;
  auto w = window_f();
  r.fields = {
      title_f(), author,       description,      media_f("cover", "cover_media_id", {"ภาพปก", "Cover"}),
      pdf,       category_f(), audience_field(), resources::publish_status_field(),
      w[0],      w[1]};
  auto hook = [](WriteContext& w) {
    check_window(w);
    check_media_kind(w, "cover_media_id", "cover", "image");
    check_media_kind(w, "pdf_media_id", "pdf", "pdf");
    set_search_text(w,
                    {text_of(current(w, "title", "title")), text_of(current(w, "author", "author")),
                     text_of(current(w, "description", "description"))},
                    {});
  };
  r.before_create = hook;
  r.before_update = hook;
  return r;
}

Resource courses_resource() {
  auto r = base("courses", "courses", {"หลักสูตร", "Courses"});
  r.global_search = true;
  auto badge = field("badgeId", "badge_id", FieldType::string, {"เหรียญตรา", "Badge"});
  badge.max_length = 64;
  auto w = window_f();
  r.fields = {title_f(),
              summary_f(),
              html_f("descriptionHtml", "description_html", {"รายละเอียด", "Description"}),
              media_f("cover", "cover_media_id", {"ภาพปก", "Cover"}),
              category_f(),
              audience_field(),
              points_f(),
              badge,
              resources::publish_status_field(),
              w[0],
              w[1]};
  auto hook = [](WriteContext& w) {
    check_window(w);
    check_media_kind(w, "cover_media_id", "cover", "image");
    set_search_text(w, {text_of(current(w, "title", "title")), text_of(current(w, "summary", "summary"))},
                    {text_of(current(w, "description_html", "descriptionHtml"))});
  };
  r.before_create = hook;
  r.before_update = hook;
  return r;
}

Resource course_lessons_resource() {
  auto r = base("course-lessons", "course_lessons", {"บทเรียนในหลักสูตร", "Course lessons"});
  r.default_sort = "position";
  auto course = field("course", "course_id", FieldType::reference, {"หลักสูตร", "Course"});
  course.reference = "courses";
  course.required = course.filterable = course.create_only = true;
  auto position = field("position", "position", FieldType::integer, {"ลำดับ", "Position"});
  position.sortable = true;
  position.min = 0;
  position.max = 100000;
  auto kind = field("kind", "kind", FieldType::enumeration, {"ประเภท", "Kind"});
  kind.options = {{"content", {"เนื้อหา", "Content"}}, {"exam", {"ข้อสอบ", "Exam"}}};
  kind.required = kind.filterable = true;
  kind.default_value = json::value("content");
  auto content = field("content", "content_id", FieldType::reference, {"เนื้อหา", "Content"});
  content.reference = "contents";
  auto exam = field("exam", "exam_id", FieldType::reference, {"ข้อสอบ", "Exam"});
  exam.reference = "examinations";
  auto title = field("title", "title", FieldType::string,
                     {"ชื่อบทเรียน (ถ้าต่างจากเนื้อหา)", "Lesson title (if not the item's)"});
  title.max_length = 200;
  r.fields = {course, position, kind, content, exam, title};
  auto hook = [](WriteContext& w) {
    std::string kind = text_of(current(w, "kind", "kind"));
    if (kind == "exam") {
      json::value exam = current(w, "exam_id", "exam");
      if (!exam.is_string())
        w.errors["exam"] = "Required for an exam lesson.";
      else if (w.c.query("SELECT 1 FROM exams WHERE id = $1", std::string(exam.as_string())).empty())
        w.errors["exam"] = "No such exam.";
      w.values["content_id"] = db::Value{};
    } else {
      if (!current(w, "content_id", "content").is_string())
        w.errors["content"] = "Required for a content lesson.";
      w.values["exam_id"] = db::Value{};
    }
  };
  r.before_create = [hook](WriteContext& w) {
    hook(w);
    if (!w.values.count("position")) {
      auto course = w.values.find("course_id");
      if (course != w.values.end() && std::holds_alternative<std::string>(course->second))
        w.values["position"] =
            w.c.query("SELECT COALESCE(MAX(position), -1) + 1 FROM course_lessons WHERE course_id = $1",
                      course->second)
                .first()
                ->i64(0);
    }
  };
  r.before_update = hook;
  return r;
}

Resource course_assignments_resource() {
  auto r = base("course-assignments", "course_assignments", {"หลักสูตรบังคับ", "Mandatory courses"});
  r.title_field = "note";
  r.default_sort = "dueAt";
  auto course = field("course", "course_id", FieldType::reference, {"หลักสูตร", "Course"});
  course.reference = "courses";
  course.required = course.filterable = true;
  auto due = field("dueAt", "due_at", FieldType::datetime, {"กำหนดส่ง", "Due"});
  due.sortable = true;
  auto note = field("note", "note", FieldType::text, {"หมายเหตุ", "Note"});
  note.max_length = 1000;
  note.searchable = true;
  r.fields = {course, audience_field(), due, note};
  return r;
}

Resource personalized_resource() {
  auto r = base("personalized", "personalized_rules", {"แนะนำสำหรับคุณ", "Personalized"});
  r.default_sort = "-priority";
  auto type = field("targetType", "target_type", FieldType::enumeration, {"ประเภทรายการ", "Item type"});
  type.options = {{"content", {"เนื้อหา", "Content"}},
                  {"course", {"หลักสูตร", "Course"}},
                  {"article", {"บทความข่าวสาร", "Article"}},
                  {"ebook", {"อีบุ๊ก", "Ebook"}},
                  {"exam", {"ข้อสอบ", "Exam"}}};
  type.required = type.filterable = true;
  auto target = field("target", "target_id", FieldType::string, {"รายการ (รหัส)", "Item (id)"});
  target.required = true;
  target.max_length = 64;
  auto priority = field("priority", "priority", FieldType::integer, {"ลำดับความสำคัญ", "Priority"});
  priority.min = -1000;
  priority.max = 1000;
  priority.sortable = true;
  priority.default_value = json::value(0);
  auto active = field("active", "active", FieldType::boolean, {"ใช้งาน", "Active"});
  active.filterable = true;
  active.default_value = json::value(true);
  auto w = window_f();
  r.fields = {title_f(), type, target, audience_field(), priority, active, w[0], w[1]};
  auto hook = [](WriteContext& w) {
    check_window(w);
    std::string type = text_of(current(w, "target_type", "targetType"));
    json::value target = current(w, "target_id", "target");
    const char* table = type == "content"   ? "contents"
                        : type == "course"  ? "courses"
                        : type == "article" ? "articles"
                        : type == "ebook"   ? "ebooks"
                        : type == "exam"    ? "exams"
                                            : nullptr;
    if (table && target.is_string() &&
        w.c.query(std::string("SELECT 1 FROM ") + table + " WHERE id = $1", std::string(target.as_string()))
            .empty())
      w.errors["target"] = "No such item of this type.";
  };
  r.before_create = hook;
  r.before_update = hook;
  return r;
}

}  // namespace

void register_resources() {
  auto& reg = resources::registry();
  reg.add(contents_resource());
  reg.add(articles_resource());
  reg.add(article_comments_resource());
  reg.add(ebooks_resource());
  reg.add(courses_resource());
  reg.add(course_lessons_resource());
  reg.add(course_assignments_resource());
  reg.add(personalized_resource());
}

}  // namespace shopfloor::learning
