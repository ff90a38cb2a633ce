// GET /_image?url=/media/<hash>.<ext>&w=&q= : local images resized with libvips (never upscaled), encoded as
// AVIF or WebP when the browser accepts them, cached on disk; the same uncached variant asked for by many
// requests at once is computed once. Starting a new render spends the caller's render budget (per IP when
// anonymous, per user when signed in); cache hits and waiting for a running render are free.
#include <vips/vips.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "auth/sessions.hpp"
#include "http/client_budget.hpp"
#include "http/handler.hpp"
#include "media/media.hpp"
#include "media/sniff.hpp"
#include "util/base64.hpp"
#include "util/ids.hpp"
#include "util/library_images.hpp"
#include "util/text.hpp"

namespace shopfloor::media {

namespace fs = std::filesystem;
using http::Status;

namespace {

bool g_avif = false;

std::string vips_message() {
  std::string m = vips_error_buffer();
  vips_error_clear();
  while (!m.empty() && m.back() == '\n') m.pop_back();
  return m;
}

std::string encode(VipsImage* img, const std::string& format, int q) {
  std::string suffix;
  if (format == "avif")
    suffix = ".avif[Q=" + std::to_string(q) + ",effort=2,strip]";
  else if (format == "webp")
    suffix = ".webp[Q=" + std::to_string(q) + ",strip]";
  else if (format == "jpg")
    suffix = ".jpg[Q=" + std::to_string(q) + ",strip]";
  else
    suffix = ".png[strip]";
  void* buf = nullptr;
  std::size_t len = 0;
  if (vips_image_write_to_buffer(img, suffix.c_str(), &buf, &len, nullptr))
    throw std::runtime_error("libvips cannot encode " + format + ": " + vips_message());
  std::string out(static_cast<const char*>(buf), len);
  g_free(buf);
  return out;
}

std::string render(const std::string& src, int width, int q, const std::string& format) {
  VipsImage* out = nullptr;
  if (vips_thumbnail(src.c_str(), &out, width, "height", 10000000, "size", VIPS_SIZE_DOWN, nullptr))
    throw std::runtime_error("libvips cannot read " + src + ": " + vips_message());
  try {
    std::string bytes = encode(out, format, q);
    g_object_unref(out);
    return bytes;
  } catch (...) {
    g_object_unref(out);
    throw;
  }
}

struct Flights {
  std::mutex m;
  std::map<std::string, std::shared_future<void>> running;
};
Flights& flights() {
  static Flights f;
  return f;
}

// The format a variant is sent in to a client whose Accept header is `accept`: AVIF, else WebP, else the
// source's own.
std::string format_for(std::string_view accept, const std::string& ext) {
  if (g_avif && accept.find("image/avif") != std::string_view::npos) return "avif";
  if (accept.find("image/webp") != std::string_view::npos) return "webp";
  return ext == "jpg" ? "jpg" : (ext == "webp" ? "webp" : "png");
}

// A variant's cache key and file: DATA_DIR/cache/images/<ab>/<hash>-<width>-<q>.<format>.
std::string variant_key(const std::string& hash, int width, int q, const std::string& format) {
  return hash + "-" + std::to_string(width) + "-" + std::to_string(q) + "." + format;
}
std::string variant_path(const std::string& data_dir, const std::string& hash, const std::string& key) {
  return (fs::path(data_dir) / "cache" / "images" / hash.substr(0, 2) / key).string();
}

// Renders a variant whose flight this caller started (`promise`, registered under `key` in flights()) into
// the cache, unless a finished render put it there meanwhile; settles the promise for whoever waits and takes
// the flight off the list. Returns the error, if the render failed.
std::exception_ptr render_flight(const std::string& key, const std::string& cached, const std::string& src,
                                 int width, int q, const std::string& format, std::promise<void>& promise) {
  std::exception_ptr error;
  try {
    if (!fs::exists(cached)) write_atomically(cached, render(src, width, q, format));
    promise.set_value();
  } catch (...) {
    error = std::current_exception();
    promise.set_exception(error);
  }
  std::lock_guard lock(flights().m);
  flights().running.erase(key);
  return error;
}

std::string message_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown error";
  }
}

// The widths a phone's srcset picks for a photo across the screen (360-414 CSS pixels at 1.75-3x, and the
// 560-pixel column on a desktop): rendered ahead by render_ahead().
constexpr int phone_widths[] = {640, 750, 828, 1080, 1200};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

ApiError bad(const std::string& field, const http::Message& message) {
  return ApiError(Status::bad_request, err::BAD_REQUEST, message, {{field, message}});
}

Awaitable image(Context& ctx, std::shared_ptr<http::ClientBudget> renders) {
  std::string url = ctx.query("url").value_or("");
  // Only our own media: "/media/<64 hex>.<image ext>".
  auto local = library_image(url);
  if (!local) throw bad("url", msg::LOCAL_IMAGES_ONLY);
  const std::string &hash = local->hash, &ext = local->ext;
  auto w = parse_int(ctx.query("w").value_or(""));
  if (!w || !image_width_allowed(*w)) throw bad("w", msg::IMAGE_WIDTH);
  int width = static_cast<int>(*w), q = 75;
  if (auto qs = ctx.query("q")) {
    auto n = parse_int(*qs);
    if (!n || *n < 1 || *n > 100) throw bad("q", msg::IMAGE_QUALITY);
    q = static_cast<int>(*n);
  }
  std::string format = format_for(ctx.header(http::beast_http::field::accept), ext);

  const std::string& data_dir = ctx.app.config.data_dir;
  std::string src = media_path(data_dir, hash, ext);
  if (!fs::exists(src)) throw ApiError::not_found(msg::NO_SUCH_IMAGE);
  std::string key = variant_key(hash, width, q, format);
  std::string cached = variant_path(data_dir, hash, key);
  std::string etag = "\"" + key + "\"";

  http::Response res{Status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(http::beast_http::field::cache_control, "public, max-age=31536000, immutable");
  res.set(http::beast_http::field::vary, "Accept");
  res.set(http::beast_http::field::etag, etag);
  if (ctx.header(http::beast_http::field::if_none_match) == etag) {
    res.result(Status::not_modified);
    co_return res;
  }
  std::string outcome = "hit";
  if (!fs::exists(cached)) {
    co_await auth::current_user(ctx);  // who pays, should this request start the render
    std::shared_future<void> flight;
    std::shared_ptr<std::promise<void>> promise;
    {
      std::lock_guard lock(flights().m);
      auto it = flights().running.find(key);
      if (it != flights().running.end()) {
        flight = it->second;
      } else if (!fs::exists(cached)) {  // (a render may have finished while this request looked)
        // Only the request that starts a render pays (throws 429 when over budget); waiting is free.
        renders->spend(ctx, 1);
        promise = std::make_shared<std::promise<void>>();
        flight = promise->get_future().share();
        flights().running.emplace(key, flight);
      }
    }
    if (promise) {
      outcome = "miss";
      // The error reaches this request through the flight, as it reaches the waiting ones.
      co_await ctx.app.db->offload([&]() { render_flight(key, cached, src, width, q, format, *promise); });
    } else if (flight.valid()) {
      // Another request is computing this variant: wait for it without holding a thread.
      outcome = "shared";
      boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
      auto delay = std::chrono::milliseconds(2);
      while (flight.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
        timer.expires_after(delay);
        co_await timer.async_wait(boost::asio::use_awaitable);
        delay = std::min(delay * 2, std::chrono::milliseconds(50));
      }
    }
    try {
      if (flight.valid()) flight.get();
    } catch (const std::exception& e) {
      spdlog::warn("image {} failed: {}", key, e.what());
      throw ApiError(Status::unprocessable_entity, err::VALIDATION_FAILED, msg::IMAGE_NOT_CONVERTIBLE,
                     {{"url", msg::IMAGE_UNREADABLE}});
    }
  }
  res.set(http::beast_http::field::content_type, mime_for_ext(format));
  res.set("X-Image-Cache", outcome);
  if (ctx.req.method() == http::beast_http::verb::head) {
    std::error_code ec;
    res.content_length(fs::file_size(cached, ec));
    co_return res;
  }
  res.body() = co_await ctx.app.db->offload([&]() { return read_file(cached); });
  res.prepare_payload();
  co_return res;
}

}  // namespace

void write_atomically(const std::string& path, const std::string& bytes) {
  fs::create_directories(fs::path(path).parent_path());
  std::string tmp = path + ".tmp-" + random_hex(6);
  {
    std::ofstream out(tmp, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + tmp);
  }
  fs::rename(tmp, path);
}

void render_ahead(db::Database& db, const std::string& data_dir, std::string_view url) {
  auto local = library_image(url);
  if (!local) return;
  {
    // Once per photo and process: the Stories tab's HTML asks on every load.
    static std::mutex m;
    static std::set<std::string> asked;
    std::lock_guard lock(m);
    if (asked.size() > 10000) asked.clear();
    if (!asked.insert(local->hash).second) return;
  }
  std::string hash = local->hash, src = media_path(data_dir, hash, local->ext);
  const std::string format = g_avif ? "avif" : "webp";  // what phones ask for (every current one takes AVIF)
  db.run_in_background([data_dir, hash, src, format]() noexcept {
    const int q = 75;  // the web's default quality (lib/image.tsx)
    for (int width : phone_widths) {
      std::string key = variant_key(hash, width, q, format), cached = variant_path(data_dir, hash, key);
      std::promise<void> promise;
      {
        // As a request would: not while a request renders it, and a request that comes meanwhile waits.
        std::lock_guard lock(flights().m);
        if (flights().running.contains(key) || fs::exists(cached)) continue;
        flights().running.emplace(key, promise.get_future().share());
      }
      if (auto error = render_flight(key, cached, src, width, q, format, promise))
        spdlog::warn("image {} not rendered ahead: {}", key, message_of(error));
    }
  });
}

std::optional<std::string> rendered_data_url(const std::string& data_dir, std::string_view url, int width,
                                             int q, std::string_view accept, std::size_t max_bytes) {
  auto local = library_image(url);
  if (!local) return std::nullopt;
  const std::string format = format_for(accept, local->ext);
  // Only in a format the browser says it takes (a data: URL has no Content-Type to fall back on).
  if (accept.find("image/" + format) == std::string_view::npos) return std::nullopt;
  const std::string cached = variant_path(data_dir, local->hash, variant_key(local->hash, width, q, format));
  // A variant's bytes never change (its name is its source's hash, width, quality and format): each is read
  // once, then drawn into every page from here rather than read again on each request.
  static std::mutex m;
  static std::map<std::string, std::string> drawn;  // variant file → its data: URL
  {
    std::lock_guard lock(m);
    if (auto it = drawn.find(cached); it != drawn.end()) return it->second;
  }
  std::error_code ec;
  auto size = fs::file_size(cached, ec);
  if (ec || size == 0 || size > max_bytes) return std::nullopt;
  std::string data_url;
  try {
    data_url = "data:" + mime_for_ext(format) + ";base64," + base64(read_file(cached));
  } catch (const std::exception&) {
    return std::nullopt;  // removed meanwhile: the page preloads it instead
  }
  std::lock_guard lock(m);
  if (drawn.size() >= 64) drawn.clear();  // a handful of photos are a screen's largest paint at a time
  return drawn.emplace(cached, std::move(data_url)).first->second;
}

void init_images() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (VIPS_INIT("shopfloor")) throw std::runtime_error("cannot start libvips: " + vips_message());
    vips_cache_set_max(100);
    vips_cache_set_max_mem(64 * 1024 * 1024);
    // Can this libvips write AVIF (libheif with an AV1 encoder)? Else the browser gets WebP.
    VipsImage* probe = nullptr;
    if (!vips_black(&probe, 16, 16, "bands", 3, nullptr)) {
      try {
        encode(probe, "avif", 50);
        g_avif = true;
      } catch (const std::exception& e) {
        spdlog::warn("AVIF output unavailable, using WebP instead: {}", e.what());
      }
      g_object_unref(probe);
    }
  });
}

std::optional<Size> image_size(const std::string& bytes) {
  VipsImage* img = vips_image_new_from_buffer(bytes.data(), bytes.size(), "", nullptr);
  if (!img) {
    vips_error_clear();
    return std::nullopt;
  }
  Size s{vips_image_get_width(img), vips_image_get_height(img)};
  g_object_unref(img);
  return s;
}

void register_image_routes(http::Services& app) {
  const Config& c = app.config;
  auto renders = std::make_shared<http::ClientBudget>(
      RateBudget::Limits{c.image_render_ip_burst, c.image_render_ip_per_min},
      RateBudget::Limits{c.image_render_user_burst, c.image_render_user_per_min});
  app.router.get(
      "/_image", [renders](Context& ctx) { return image(ctx, renders); }, http::Access::anyone);
}

}  // namespace shopfloor::media
