// The media library (uploads checked by content, stored once by SHA-256), file serving with ranges,
// galleries, and optimised images (/_image, libvips).
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "http/area.hpp"

namespace shopfloor::db {
class Database;
}

namespace shopfloor::media {

// A media item as the API shows it ({id, url, kind, mime, width, height}) from 7 columns starting at i:
// m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height.
boost::json::object media_summary(const db::Row& r, std::size_t i);
// The same, or null when the id column is NULL (an optional picture, a LEFT JOIN that found none).
boost::json::value media_summary_or_null(const db::Row& r, std::size_t i);
// The same read by id: null when there is no id or no such item.
boost::json::value media_summary_of(db::Connection& c, const std::optional<std::string>& media_id);

// DATA_DIR/media/ab/cd/<hash>.<ext>
std::string media_path(const std::string& data_dir, std::string_view hash, std::string_view ext);
// Writes a stored file whole under a temporary name, then renames it: a racing reader sees all or nothing.
void write_atomically(const std::string& path, const std::string& bytes);

// Renders a library image's phone-sized variants (/_image at the widths a phone's srcset picks, default
// quality, AVIF or else WebP) on the blocking pool, once per photo and process, so the first person to see it
// large on a phone does not wait for the encode: the Stories tab's photo paints from the HTML before the app
// has run (issue 29). Called for the tab's largest paint and for each staff photo uploaded. Not a library
// image: nothing.
void render_ahead(db::Database& db, const std::string& data_dir, std::string_view url);

// A rendered variant of a library image (`url` at `width` and quality `q`, in the format /_image would send
// to a client whose Accept header is `accept`) as a data: URL, when it is in the cache already and at most
// `max_bytes`: the Stories tab's first photo, drawn inside the app's HTML (issue 29). Nothing otherwise: not
// rendered yet (render_ahead is on it), larger, or not a library image.
std::optional<std::string> rendered_data_url(const std::string& data_dir, std::string_view url, int width,
                                             int q, std::string_view accept, std::size_t max_bytes);

// Starts libvips once per process (safe to call again).
void init_images();

// Image size from the file header via libvips; nullopt when libvips cannot read it.
struct Size {
  int width = 0, height = 0;
};
std::optional<Size> image_size(const std::string& bytes);

// X-Filename (percent-encoded UTF-8) → a safe display name (no folders, no control characters, ≤ 255
// characters), or nullopt. Shared by every upload route (media, form files).
std::optional<std::string> upload_name(const http::Context& ctx);

// A photo this person uploaded through POST /api/media/photos (areas accept only one's own photos).
bool uploaded_by(db::Connection& c, const std::string& media_id, const std::string& user_id);
// Records that the person uploaded the photo (the photos route does, once per person and photo; so does the
// demo seed for the pictures its people post).
void record_upload(db::Connection& c, const std::string& media_id, const std::string& user_id);

// Routes: POST /api/admin/media, POST /api/media/photos (signed in, images only), GET/HEAD
// /media/<hash>.<ext>, /_image, /api/galleries; resources medias, galleries, gallery-items.
void register_routes(http::Services& app);
void register_image_routes(http::Services& app);

// Parses "bytes=a-b" / "bytes=a-" / "bytes=-n" against a size. nullopt: not a (single) range we serve, so
// answer the whole file; {0,0,false}: unsatisfiable (416).
struct ByteRange {
  std::uint64_t first = 0, last = 0;
  bool satisfiable = true;
};
std::optional<ByteRange> parse_range(std::string_view header, std::uint64_t size);

}  // namespace shopfloor::media
