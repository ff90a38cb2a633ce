#include "media/media.hpp"

#include <filesystem>
#include <fstream>

#include "http/client_budget.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/mp4.hpp"
#include "media/sniff.hpp"
#include "resources/audit.hpp"
#include "resources/builders.hpp"
#include "resources/csv.hpp"
#include "resources/engine.hpp"
#include "resources/search.hpp"
#include "resources/staff_gate.hpp"
#include "resources/traits.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::media {

namespace fs = std::filesystem;
using http::Access;
using http::Status;

std::string media_path(const std::string& data_dir, std::string_view hash, std::string_view ext) {
  return (fs::path(data_dir) / "media" / std::string(hash.substr(0, 2)) / std::string(hash.substr(2, 2)) /
          (std::string(hash) + "." + std::string(ext)))
      .string();
}

std::optional<ByteRange> parse_range(std::string_view h, std::uint64_t size) {
  if (!h.starts_with("bytes=")) return std::nullopt;
  h.remove_prefix(6);
  if (h.find(',') != std::string_view::npos) return std::nullopt;  // several ranges: answer the whole file
  auto dash = h.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  auto num = [](std::string_view s) -> std::optional<std::uint64_t> {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    return std::stoull(std::string(s));
  };
  auto a = h.substr(0, dash), b = h.substr(dash + 1);
  if (a.empty()) {
    auto n = num(b);
    if (!n) return std::nullopt;
    if (*n == 0 || size == 0) return ByteRange{0, 0, false};
    return ByteRange{size - std::min(*n, size), size - 1, true};
  }
  auto first = num(a);
  if (!first) return std::nullopt;
  std::uint64_t last = size ? size - 1 : 0;
  if (!b.empty()) {
    auto l = num(b);
    if (!l || *l < *first) return std::nullopt;
    last = std::min(*l, last);
  }
  if (*first >= size) return ByteRange{0, 0, false};
  return ByteRange{*first, last, true};
}

json::object media_summary(const db::Row& r, std::size_t i) {
  // id, hash, ext, kind, mime, width, height
  json::object o{{"id", r.str(i)},
                 {"url", "/media/" + r.str(i + 1) + "." + r.str(i + 2)},
                 {"kind", r.str(i + 3)},
                 {"mime", r.str(i + 4)}};
  o["width"] = r.is_null(i + 5) ? json::value(nullptr) : json::value(r.i64(i + 5));
  o["height"] = r.is_null(i + 6) ? json::value(nullptr) : json::value(r.i64(i + 6));
  return o;
}

json::value media_summary_or_null(const db::Row& r, std::size_t i) {
  return r.is_null(i) ? json::value(nullptr) : json::value(media_summary(r, i));
}

json::value media_summary_of(db::Connection& c, const std::optional<std::string>& media_id) {
  if (!media_id) return nullptr;
  auto m =
      c.query("SELECT id, hash, ext, kind, mime, width, height FROM media WHERE id = $1", *media_id).first();
  if (!m) return nullptr;
  return media_summary(*m, 0);
}

namespace {

resources::Resource medias_resource(std::string data_dir) {
  using namespace resources;
  auto r = area("medias", "media", {"คลังสื่อ", "Media library"});
  r.title_field = "originalName";
  r.subtitle_field = "mime";
  r.default_sort = "-createdAt";
  r.allow_create = false;  // POST /api/admin/media (upload)
  r.fields = {
      choice("kind", {"ประเภท", "Kind"},
             {{"image", {"รูปภาพ", "Image"}}, {"video", {"วิดีโอ", "Video"}}, {"pdf", {"PDF", "PDF"}}})
          .read_only()
          .filterable()
          .sortable(),
      text("mime", {"ชนิดไฟล์", "MIME type"}).read_only().filterable(),
      integer("bytes", {"ขนาด (ไบต์)", "Size (bytes)"}).read_only().sortable(),
      integer("width", {"กว้าง", "Width"}).read_only(),
      integer("height", {"สูง", "Height"}).read_only(),
      integer("durationMs", {"ความยาว (มิลลิวินาที)", "Length (ms)"}).read_only(),
      text("originalName", {"ชื่อไฟล์", "File name"}).searchable().sortable().max(255),
      text("alt", {"คำอธิบายภาพ", "Alternative text"}).searchable().max(500),
      text("hash", {"SHA-256", "SHA-256"}).read_only(),
      text("ext", {"นามสกุลไฟล์", "Extension"}).read_only(),
      reference("uploadedBy", {"ผู้อัปโหลด", "Uploaded by"}, "users")
          .column("uploaded_by")
          .read_only()
          .filterable(),
  };
  r.present = [](json::object& item) {
    if (item["hash"].is_string() && item["ext"].is_string())
      item["url"] =
          "/media/" + std::string(item["hash"].as_string()) + "." + std::string(item["ext"].as_string());
  };
  r.after_commit = [data_dir](const std::string& kind, const json::object& item) {
    if (kind != "delete") return;
    std::error_code ec;
    fs::remove(media_path(data_dir, item.at("hash").as_string(), item.at("ext").as_string()), ec);
  };
  return r;
}

// Photo albums: published like every other area (no audience: for everyone).
resources::Resource galleries_resource() {
  using namespace resources;
  auto r = area("galleries", "galleries", {"อัลบั้มภาพ", "Galleries"});
  r.list_columns = {"title", "status", "cover"};
  r.default_sort = "-createdAt";
  r.fields = {
      text("title", {"ชื่ออัลบั้ม", "Title"}).required().searchable().sortable(),
      long_text("description", {"คำอธิบาย", "Description"}).max(5000),
      reference("cover", {"ภาพปก", "Cover"}, "medias").column("cover_media_id"),
  };
  publishable(r);
  searchable(r, {.title = {"title"}, .body = {"description"}});
  return r;
}

// The photos of an album, in the editors' order (they may type positions: 10, 20, ...).
resources::Resource gallery_items_resource() {
  using namespace resources;
  auto r = area("gallery-items", "gallery_items", {"ภาพในอัลบั้ม", "Gallery items"});
  r.title_field = "caption";
  r.fields = {
      reference("media", {"สื่อ", "Media"}, "medias").column("media_id").required(),
      integer("position", {"ลำดับ", "Position"}).sortable().min(0).max(1000000).fallback(0),
      text("caption", {"คำบรรยาย", "Caption"}).searchable().max(500),
  };
  ordered(r, reference("gallery", {"อัลบั้ม", "Gallery"}, "galleries"), "gallery-items.order");
  return r;
}

std::string percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> upload_name(const Context& ctx) {
  std::string raw = percent_decode(ctx.req["X-Filename"]);
  auto slash = raw.find_last_of("/\\");
  if (slash != std::string::npos) raw = raw.substr(slash + 1);
  if (raw.empty() || !resources::csv::valid_utf8(raw) || has_control_chars(raw)) return std::nullopt;
  if (utf8_length(raw) > 255) return std::nullopt;
  return raw;
}

namespace {

// Runs inside the transaction that stores (or finds) the media row, with its id: e.g. record the uploader.
using OnStored = std::function<void(db::Connection&, const std::string& media_id)>;

// The one upload path: the declared type must agree with the bytes, `image_max` > 0 takes images only (up
// to that size), the file is stored once by hash. Answers the media item and whether it is new.
boost::asio::awaitable<std::pair<json::object, bool>> store_upload(Context& ctx, std::size_t image_max,
                                                                   const OnStored& on_stored) {
  auto declared = canonical_mime(ctx.header(http::beast_http::field::content_type));
  if (!declared)
    throw ApiError(Status::unsupported_media_type, err::UNSUPPORTED_MEDIA_TYPE, msg::UPLOAD_TYPE);
  const std::string& body = ctx.req.body();
  if (body.empty()) throw ApiError::validation({{"file", msg::FILE_EMPTY}});
  auto type = sniff(body);
  if (!type || !declared_matches(*declared, *type))
    throw ApiError(
        Status::unsupported_media_type, err::UNSUPPORTED_MEDIA_TYPE,
        type ? http::Message(msg::CONTENT_MISMATCH, {{"actual", type->mime}, {"declared", *declared}})
             : http::Message(msg::UNSUPPORTED_CONTENT));
  if (image_max > 0 && type->kind != "image")
    throw ApiError(Status::unsupported_media_type, err::UNSUPPORTED_MEDIA_TYPE, msg::MUST_BE_IMAGE);
  if (image_max > 0 && body.size() > image_max) {
    throw ApiError(Status::payload_too_large, err::PAYLOAD_TOO_LARGE,
                   http::Message(msg::IMAGE_TOO_LARGE, {{"size", image_max / (1024 * 1024)}}));
  }
  if (body.size() > size_limit(type->kind)) {
    throw ApiError(Status::payload_too_large, err::PAYLOAD_TOO_LARGE,
                   http::Message(type->kind == "image"   ? msg::IMAGE_TOO_LARGE
                                 : type->kind == "video" ? msg::VIDEO_TOO_LARGE
                                                         : msg::PDF_TOO_LARGE,
                                 {{"size", size_limit(type->kind) / (1024 * 1024)}}));
  }
  auto name = upload_name(ctx);
  std::string data_dir = ctx.app.config.data_dir;
  struct Stored {
    std::string hash;
    std::optional<Size> size;
    std::optional<std::int64_t> duration_ms;  // videos, from the file's own header
  };
  Stored stored = co_await ctx.app.db->offload([&]() {
    Stored s;
    s.hash = sha256_hex(body);
    std::string path = media_path(data_dir, s.hash, type->ext);
    if (!fs::exists(path)) write_atomically(path, body);
    if (type->kind == "image") s.size = image_size(body);
    if (type->kind == "video") s.duration_ms = mp4_duration_ms(body);
    return s;
  });
  if (type->kind == "image" && !stored.size)
    throw ApiError(Status::unsupported_media_type, err::UNSUPPORTED_MEDIA_TYPE, msg::IMAGE_DAMAGED);
  const auto* res = resources::registry().find("medias");
  std::string actor = ctx.user->id, ip = ctx.client_ip;
  auto insert = [&](db::Connection& c) -> std::pair<json::object, bool> {
    if (auto row = c.query("SELECT id FROM media WHERE hash = $1", stored.hash).first()) {
      if (on_stored) on_stored(c, row->str(0));
      return {*resources::load_item(c, *res, row->str(0)), false};
    }
    std::string id = uuid_v7();
    auto now = now_ms();
    std::optional<std::int64_t> w, h;
    if (stored.size) w = stored.size->width, h = stored.size->height;
    c.query(
        "INSERT INTO media (id, hash, kind, mime, ext, bytes, width, height, duration_ms, original_name, "
        "uploaded_by, created_at, updated_at, version) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, 1)",
        id, stored.hash, type->kind, type->mime, type->ext, static_cast<std::int64_t>(body.size()), w, h,
        stored.duration_ms, name, actor, now);
    if (on_stored) on_stored(c, id);
    auto item = *resources::load_item(c, *res, id);
    audit::record(c, actor, "create", "medias", id, std::nullopt, item, ip);
    return {item, true};
  };
  std::pair<json::object, bool> result;
  bool raced = false;
  try {
    result = co_await ctx.app.db->transact(insert);
  } catch (const db::Error& e) {
    if (e.kind() != db::ErrorKind::unique_violation) throw;
    raced = true;
  }
  if (raced)
    result = co_await ctx.app.db->transact(insert);  // the same bytes arrived at once: answer that row
  co_return result;
}

Awaitable upload(Context& ctx) {
  auto result = co_await store_upload(ctx, 0, {});
  co_return http::json_response(ctx, result.first, result.second ? Status::created : Status::ok);
}

constexpr std::size_t photo_max_bytes = 8u * 1024 * 1024;  // phones resize before upload; this is generous

// POST /api/media/photos: any signed-in person's photo (campaign entries, success stories), images only,
// with a per-person budget; the uploader is recorded so an area accepts only one's own photos.
Awaitable upload_photo(Context& ctx, const std::shared_ptr<http::ClientBudget>& budget) {
  budget->spend(ctx, 1);
  std::string uid = ctx.user->id;
  auto result = co_await store_upload(
      ctx, photo_max_bytes, [&](db::Connection& c, const std::string& id) { record_upload(c, id, uid); });
  const auto& m = result.first;
  // A staff photo is shown large in a feed: its phone sizes are rendered before anyone asks.
  render_ahead(*ctx.app.db, ctx.app.config.data_dir, m.at("url").as_string());
  json::object photo{{"id", m.at("id")},     {"url", m.at("url")},     {"kind", m.at("kind")},
                     {"mime", m.at("mime")}, {"width", m.at("width")}, {"height", m.at("height")}};
  co_return http::json_response(ctx, json::object{{"photo", std::move(photo)}}, Status::created);
}

bool valid_media_file(std::string_view file, std::string& hash, std::string& ext) {
  auto dot = file.find('.');
  if (dot != 64) return false;
  hash = std::string(file.substr(0, 64));
  ext = std::string(file.substr(65));
  if (hash.find_first_not_of("0123456789abcdef") != std::string::npos) return false;
  for (const char* ok : {"png", "jpg", "webp", "gif", "pdf", "mp4", "mov"})
    if (ext == ok) return true;
  return false;
}

Awaitable serve_media(Context& ctx) {
  std::string hash, ext;
  if (!valid_media_file(ctx.params.at("file"), hash, ext)) throw ApiError::not_found();
  std::string path = media_path(ctx.app.config.data_dir, hash, ext);
  std::error_code ec;
  std::uint64_t size = fs::file_size(path, ec);
  if (ec) throw ApiError::not_found();
  std::string etag = "\"" + hash + "\"";
  http::Response res{Status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(http::beast_http::field::etag, etag);
  res.set(http::beast_http::field::cache_control, "public, max-age=31536000, immutable");
  res.set(http::beast_http::field::accept_ranges, "bytes");
  if (ctx.header(http::beast_http::field::if_none_match) == etag) {
    res.result(Status::not_modified);
    co_return res;
  }
  res.set(http::beast_http::field::content_type, mime_for_ext(ext));
  std::uint64_t first = 0, last = size ? size - 1 : 0;
  bool partial = false;
  std::string range_header = ctx.header(http::beast_http::field::range);
  std::string if_range = ctx.header(http::beast_http::field::if_range);
  if (!range_header.empty() && (if_range.empty() || if_range == etag)) {
    if (auto range = parse_range(range_header, size)) {
      if (!range->satisfiable) {
        res.result(Status::range_not_satisfiable);
        res.set(http::beast_http::field::content_range, "bytes */" + std::to_string(size));
        res.prepare_payload();
        co_return res;
      }
      first = range->first;
      last = range->last;
      partial = true;
    }
  }
  std::uint64_t length = size ? last - first + 1 : 0;
  if (partial) {
    res.result(Status::partial_content);
    res.set(http::beast_http::field::content_range,
            "bytes " + std::to_string(first) + "-" + std::to_string(last) + "/" + std::to_string(size));
  }
  if (ctx.req.method() == http::beast_http::verb::head) {
    res.content_length(length);  // no body for HEAD, only its length
    co_return res;
  }
  if (length > 0) {
    res.body() = co_await ctx.app.db->offload([&]() {
      std::string data(length, '\0');
      std::ifstream in(path, std::ios::binary);
      in.seekg(static_cast<std::streamoff>(first));
      in.read(data.data(), static_cast<std::streamsize>(length));
      if (!in) throw std::runtime_error("cannot read " + path);
      return data;
    });
  }
  res.prepare_payload();
  co_return res;
}

// Staff side: published galleries (the kit's staff gate: status and window).
resources::StaffQuery galleries(const resources::StaffGate& gate) {
  return gate.from("galleries", "g").join("LEFT JOIN media m ON m.id = g.cover_media_id");
}

Awaitable list_galleries(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    json::array items;
    auto rows =
        galleries(gate)
            .select(
                "g.id, g.title, g.description, g.updated_at, (SELECT COUNT(*) FROM gallery_items i WHERE "
                "i.gallery_id = g.id), m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height")
            .order_by("g.updated_at DESC, g.id DESC")
            .limit(200)
            .rows(c);
    for (const auto& r : rows)
      items.push_back(json::object{{"id", r.str(0)},
                                   {"title", r.str(1)},
                                   {"description", http::value_or_null(r.opt_str(2))},
                                   {"updatedAt", iso8601(r.i64(3))},
                                   {"itemCount", r.i64(4)},
                                   {"cover", media_summary_or_null(r, 5)}});
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_gallery(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx,
      [&](db::Connection& c, const resources::StaffGate& gate,
          const std::string& id) -> std::optional<json::object> {
        auto g = galleries(gate)
                     .select(
                         "g.id, g.title, g.description, g.updated_at, m.id, m.hash, m.ext, m.kind, m.mime, "
                         "m.width, m.height")
                     .by_id(c, id);
        if (!g) return std::nullopt;
        json::array items;
        auto rows = c.query(
            "SELECT i.id, i.caption, i.position, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height "
            "FROM gallery_items i JOIN media m ON m.id = i.media_id WHERE i.gallery_id = $1 "
            "ORDER BY i.position, i.created_at, i.id",
            id);
        for (const auto& r : rows.rows)
          items.push_back(json::object{{"id", r.str(0)},
                                       {"caption", http::value_or_null(r.opt_str(1))},
                                       {"position", r.i64(2)},
                                       {"media", media_summary(r, 3)}});
        return json::object{{"gallery", json::object{{"id", g->str(0)},
                                                     {"title", g->str(1)},
                                                     {"description", http::value_or_null(g->opt_str(2))},
                                                     {"updatedAt", iso8601(g->i64(3))},
                                                     {"cover", media_summary_or_null(*g, 4)},
                                                     {"items", std::move(items)}}}};
      });
}

}  // namespace

void record_upload(db::Connection& c, const std::string& media_id, const std::string& user_id) {
  c.query(
      "INSERT INTO photo_uploads (media_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (media_id, "
      "user_id) DO NOTHING",
      media_id, user_id, now_ms());
}

bool uploaded_by(db::Connection& c, const std::string& media_id, const std::string& user_id) {
  return !c.query("SELECT 1 FROM photo_uploads WHERE media_id = $1 AND user_id = $2", media_id, user_id)
              .empty();
}

void register_routes(http::Services& app) {
  init_images();
  auto& reg = resources::registry();
  reg.add(medias_resource(app.config.data_dir));
  reg.add(galleries_resource());
  reg.add(gallery_items_resource());
  http::Route up{http::beast_http::verb::post, "/api/admin/media", upload, Access::editor};
  up.max_body_bytes = max_upload_bytes;
  app.router.add(up);
  auto photos = std::make_shared<http::ClientBudget>(RateBudget::Limits{20, 10}, RateBudget::Limits{20, 10});
  http::Route photo{http::beast_http::verb::post, "/api/media/photos",
                    [photos](Context& ctx) { return upload_photo(ctx, photos); }, Access::signed_in};
  photo.max_body_bytes = photo_max_bytes + 1024;
  app.router.add(photo);
  app.router.get("/media/:file", serve_media, http::Access::anyone);
  app.router.get("/api/galleries", list_galleries, http::Access::signed_in);
  app.router.get("/api/galleries/:id", get_gallery, http::Access::signed_in);
  register_image_routes(app);
}

}  // namespace shopfloor::media
