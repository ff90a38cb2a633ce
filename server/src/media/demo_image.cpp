#include "media/demo_image.hpp"

#include <vips/vips.h>

#include <filesystem>
#include <fstream>

#include "media/media.hpp"
#include "util/ids.hpp"

namespace shopfloor::media {

db::Value demo_image(db::Connection& c, const std::string& data_dir, int n, const std::string& name) {
  static const unsigned char palette[][6] = {{14, 116, 144, 103, 232, 249}, {190, 24, 93, 251, 207, 232},
                                             {21, 128, 61, 187, 247, 208},  {180, 83, 9, 253, 230, 138},
                                             {67, 56, 202, 199, 210, 254},  {15, 118, 110, 153, 246, 228}};
  const auto& p = palette[n % 6];
  const int w = 800, h = 450;
  std::vector<unsigned char> px(static_cast<std::size_t>(w) * h * 3);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double t = (x + y * 0.6) / (w + h * 0.6);
      double band = ((x + y + n * 97) / 90) % 2 ? 0.06 : 0.0;
      for (int k = 0; k < 3; ++k) {
        double v = p[k] + (p[k + 3] - p[k]) * t;
        px[(static_cast<std::size_t>(y) * w + x) * 3 + k] =
            static_cast<unsigned char>(std::min(255.0, v * (1 + band)));
      }
    }
  try {
    init_images();
  } catch (const std::exception&) {
    return db::Value{};
  }
  VipsImage* img = vips_image_new_from_memory(px.data(), px.size(), w, h, 3, VIPS_FORMAT_UCHAR);
  if (!img) return db::Value{};
  void* buf = nullptr;
  size_t len = 0;
  int failed = vips_image_write_to_buffer(img, ".png", &buf, &len, nullptr);
  g_object_unref(img);
  if (failed) {
    vips_error_clear();
    return db::Value{};
  }
  std::string bytes(static_cast<const char*>(buf), len);
  g_free(buf);
  std::string hash = sha256_hex(bytes);
  if (auto r = c.query("SELECT id FROM media WHERE hash = $1", hash).first()) return r->str(0);
  std::string path = media_path(data_dir, hash, "png");
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO media (id, hash, kind, mime, ext, bytes, width, height, original_name, created_at, "
      "updated_at) "
      "VALUES ($1, $2, 'image', 'image/png', 'png', $3, $4, $5, $6, $7, $7)",
      id, hash, static_cast<std::int64_t>(bytes.size()), w, h, name, now_ms());
  return id;
}

}  // namespace shopfloor::media
