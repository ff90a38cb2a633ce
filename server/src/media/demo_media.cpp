#include "media/demo_media.hpp"

#include <vips/vips.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>

#include "media/media.hpp"
#include "media/mp4.hpp"
#include "media/sniff.hpp"
#include "util/ids.hpp"

namespace shopfloor::media {

namespace {

const DemoFile* find_file(std::string_view name) {
  const auto& all = demo_files();
  auto it = std::lower_bound(all.begin(), all.end(), name,
                             [](const DemoFile& f, std::string_view n) { return f.name < n; });
  return it != all.end() && it->name == name ? &*it : nullptr;
}

// SVG → WebP at the drawing's own size (its width and height attributes), transparency kept.
std::string render(std::string_view svg) {
  try {
    init_images();
  } catch (const std::exception&) {
    return {};
  }
  VipsImage* image = nullptr;
  if (vips_svgload_buffer(const_cast<char*>(svg.data()), svg.size(), &image, nullptr) != 0) {
    vips_error_clear();
    return {};
  }
  void* buf = nullptr;
  std::size_t len = 0;
  int failed = vips_webpsave_buffer(image, &buf, &len, "Q", 84, "effort", 2, nullptr);
  g_object_unref(image);
  if (failed) {
    vips_error_clear();
    return {};
  }
  std::string out(static_cast<const char*>(buf), len);
  g_free(buf);
  return out;
}

// A drawing's WebP, rendered once per machine: kept in the system's temp folder under the hash of the drawing
// and of how it is rendered, so the many short-lived servers of a test run (each seeds the demo) render
// nothing after the first. A cache that cannot be read or written is simply not used.
std::string cached_render(std::string_view svg) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto dir = fs::temp_directory_path(ec) / "shopfloor-demo-media";
  auto path =
      dir / (sha256_hex(std::string(svg) + "|webp Q84 effort 2|vips " + vips_version_string()) + ".webp");
  if (!ec)
    if (std::ifstream in(path, std::ios::binary); in) {
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (sniff(bytes)) return bytes;
    }
  std::string bytes = render(svg);
  if (ec || bytes.empty()) return bytes;
  fs::create_directories(dir, ec);
  if (ec) return bytes;
  auto tmp = path;
  tmp += ".tmp-" + random_hex(6);  // written whole, then renamed: a racing server reads all or nothing
  {
    std::ofstream out(tmp, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  fs::rename(tmp, path, ec);
  if (ec) fs::remove(tmp, ec);
  return bytes;
}

}  // namespace

std::string demo_bytes(std::string_view name) {
  // Once per process as well: a picture may illustrate several things (a story's photo, a campaign entry).
  static std::mutex mutex;
  static std::map<std::string, std::string, std::less<>> rendered;
  std::lock_guard lock(mutex);
  if (auto it = rendered.find(name); it != rendered.end()) return it->second;
  std::string bytes;
  if (const auto* svg = find_file(std::string(name) + ".svg"))
    bytes = cached_render(svg->bytes);
  else if (const auto* file = find_file(name))
    bytes = std::string(file->bytes);
  rendered.emplace(std::string(name), bytes);
  return bytes;
}

db::Value demo_media(db::Connection& c, const std::string& data_dir, std::string_view name) {
  if (data_dir.empty()) return db::Value{};
  std::string bytes = demo_bytes(name);
  auto type = sniff(bytes);
  if (bytes.empty() || !type) return db::Value{};
  std::string hash = sha256_hex(bytes);
  if (auto r = c.query("SELECT id FROM media WHERE hash = $1", hash).first()) return r->str(0);
  std::string path = media_path(data_dir, hash, type->ext);
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  std::optional<std::int64_t> width, height, duration;
  if (type->kind == "image")
    if (auto size = image_size(bytes)) width = size->width, height = size->height;
  if (type->kind == "video") duration = mp4_duration_ms(bytes);
  std::string id = uuid_v7(), file_name(name);
  if (!file_name.ends_with("." + type->ext)) file_name += "." + type->ext;
  c.query(
      "INSERT INTO media (id, hash, kind, mime, ext, bytes, width, height, duration_ms, original_name, "
      "created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)",
      id, hash, type->kind, type->mime, type->ext, static_cast<std::int64_t>(bytes.size()), width, height,
      duration, file_name, now_ms());
  return id;
}

void seed_gallery(db::Connection& c, const std::string& data_dir) {
  const char* title = "บรรยากาศวิ่งการกุศล สวนลุมพินี";
  if (!c.query("SELECT 1 FROM galleries WHERE title = $1", std::string(title)).empty()) return;
  struct Photo {
    const char *name, *caption;
  };
  const Photo photos[] = {
      {"social-run-1", "ออกสตาร์ตพร้อมกันตอนหกโมงเช้า"}, {"social-run-2", "ทีมเชียร์จากสาขาเซ็นทรัลเวิลด์"},
      {"social-run-3", "จุดให้น้ำกิโลเมตรที่ 3"},          {"gallery-finish", "เข้าเส้นชัยพร้อมรอยยิ้ม"},
      {"gallery-medals", "เหรียญที่ระลึกของทุกคน"},       {"gallery-group", "ถ่ายรูปรวมหลังวิ่ง"}};
  std::vector<std::pair<std::string, const char*>> ids;
  for (const auto& p : photos)
    if (auto m = demo_media(c, data_dir, p.name); auto* id = std::get_if<std::string>(&m))
      ids.emplace_back(*id, p.caption);
  if (ids.empty()) return;
  auto now = now_ms();
  std::string gallery = uuid_v7();
  c.query(
      "INSERT INTO galleries (id, title, description, cover_media_id, status, created_at, updated_at) VALUES "
      "($1, $2, "
      "$3, $4, 'published', $5, $5)",
      gallery, std::string(title), std::string("ขอบคุณทุกคนที่มาร่วมวิ่ง รายได้ทั้งหมดมอบให้มูลนิธิเด็กอ่อนในสลัม"),
      ids[0].first, now - 10 * 86400000LL);
  int position = 0;
  for (const auto& [id, caption] : ids)
    c.query(
        "INSERT INTO gallery_items (id, gallery_id, media_id, position, caption, created_at, updated_at) "
        "VALUES ($1, "
        "$2, $3, $4, $5, $6, $6)",
        uuid_v7(), gallery, id, position++, std::string(caption), now - 10 * 86400000LL);
}

}  // namespace shopfloor::media
