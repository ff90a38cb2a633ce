#include "http/static_files.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "http/srcset.hpp"
#include "util/deflate.hpp"
#include "util/html_escape.hpp"
#include "util/ids.hpp"
#include "util/library_images.hpp"
#include "util/percent_encode.hpp"

namespace shopfloor::http {

namespace fs = std::filesystem;

StaticFiles::StaticFiles(fs::path root) : root_(fs::weakly_canonical(std::move(root))) {}

std::string_view StaticFiles::content_type(std::string_view ext) {
  static const std::map<std::string_view, std::string_view> types = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json; charset=utf-8"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".avif", "image/avif"},
      {".ico", "image/x-icon"},
      {".woff", "font/woff"},
      {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},
      {".txt", "text/plain; charset=utf-8"},
      {".map", "application/json"},
      {".pdf", "application/pdf"},
      {".mp4", "video/mp4"},
      {".wasm", "application/wasm"},
      {".xml", "application/xml"},
  };
  auto it = types.find(ext);
  return it == types.end() ? "application/octet-stream" : it->second;
}

static std::optional<std::string> read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return std::move(ss).str();
}

std::optional<fs::path> StaticFiles::resolve(std::string_view url_path) const {
  if (url_path.find('\0') != std::string_view::npos || url_path.find('\\') != std::string_view::npos)
    return std::nullopt;
  fs::path rel = fs::path(std::string(url_path)).relative_path();
  for (const auto& part : rel)
    if (part == ".." || part == ".") return std::nullopt;
  fs::path full = root_ / rel;
  std::error_code ec;
  if (!fs::is_regular_file(full, ec)) return std::nullopt;
  return full;
}

std::shared_ptr<const StaticFiles::File> StaticFiles::load(const fs::path& file) {
  std::error_code ec;
  auto mtime = fs::last_write_time(file, ec);
  if (ec) return nullptr;
  {
    std::lock_guard lock(mutex_);
    auto it = cache_.find(file);
    if (it != cache_.end() && it->second->mtime == mtime) return it->second;
  }
  auto body = read_file(file);
  if (!body) return nullptr;
  auto f = std::make_shared<File>();
  f->identity = std::move(*body);
  // Precompressed siblings are used only when they are at least as new as the file itself.
  for (auto [suffix, slot] : {std::pair{".br", &f->brotli}, std::pair{".gz", &f->gzip}}) {
    fs::path sibling = file;
    sibling += suffix;
    if (fs::is_regular_file(sibling, ec) && fs::last_write_time(sibling, ec) >= mtime)
      if (auto data = read_file(sibling)) *slot = std::move(*data);
  }
  f->etag = "\"" + sha256_hex(f->identity).substr(0, 32) + "\"";
  f->type = std::string(content_type(file.extension().string()));
  f->mtime = mtime;
  std::lock_guard lock(mutex_);
  cache_[file] = f;
  return f;
}

static bool accepts(const Context& ctx, std::string_view coding) {
  std::string accept = ctx.header(beast_http::field::accept_encoding);
  // Good enough for real browsers: they list codings without q=0.
  auto pos = accept.find(coding);
  if (pos == std::string::npos) return false;
  auto rest = std::string_view(accept).substr(pos + coding.size());
  return !(rest.starts_with(";q=0") && !rest.starts_with(";q=0."));
}

// Nothing in a URL the web build names could break the Link header.
static bool header_safe(std::string_view url) {
  return url.find_first_of("<>,; \"\\\r\n") == std::string_view::npos &&
         url.find("..") == std::string_view::npos;
}

// A URL the web build may ask to preload: one of our own API reads.
static bool preloadable(std::string_view url) {
  return url.starts_with("/api/") && header_safe(url);
}

// One of the build's own JS chunks.
static bool preloadable_module(std::string_view url) {
  return url.starts_with("/assets/") && url.ends_with(".js") && header_safe(url);
}

// One of the build's own stylesheets.
static bool preloadable_style(std::string_view url) {
  return url.starts_with("/assets/") && url.ends_with(".css") && header_safe(url);
}

static std::vector<std::string> preloadable_urls(const boost::json::value* list,
                                                 bool (*allowed)(std::string_view) = preloadable) {
  std::vector<std::string> out;
  if (!list || !list->is_array()) return out;
  for (const auto& v : list->as_array())
    if (v.is_string() && allowed(v.as_string())) out.emplace_back(v.as_string());
  return out;
}

// A `sizes` value the web build declares: plain text (no quotes, markup or separators), as the srcset uses.
static bool plain_sizes(std::string_view sizes) {
  return !sizes.empty() && sizes.size() < 200 && sizes.find_first_of("\"\\\r\n<>;") == std::string_view::npos;
}

// The web's imageUrl(): /_image?url=<encodeURIComponent(src)>&w=<w>&q=<q>.
static std::string image_url(std::string_view src, std::int64_t w, std::int64_t q) {
  return "/_image?url=" + percent_encode(src) + "&w=" + std::to_string(w) + "&q=" + std::to_string(q);
}

std::shared_ptr<const StaticFiles::FirstScreen> StaticFiles::first_screen() {
  auto file = resolve("/first-screen.json");
  auto source = file ? load(*file) : nullptr;
  if (!source) return nullptr;
  std::shared_ptr<const FirstScreen> declared;
  {
    std::lock_guard lock(mutex_);
    declared = first_screen_;
  }
  if (!declared || declared->source != source) {
    auto fresh = std::make_shared<FirstScreen>();
    fresh->source = source;
    boost::system::error_code ec;
    auto doc = boost::json::parse(source->identity, ec);
    if (!ec && doc.is_object()) {
      const auto& o = doc.as_object();
      fresh->always = preloadable_urls(o.if_contains("always"));
      fresh->signed_in = preloadable_urls(o.if_contains("signedIn"));
      if (const auto* routes = o.if_contains("routes"); routes && routes->is_object())
        for (const auto& [route, urls] : routes->as_object())
          fresh->routes.emplace(std::string(route), preloadable_urls(&urls));
      if (const auto* modules = o.if_contains("modules"); modules && modules->is_object())
        for (const auto& [route, urls] : modules->as_object())
          fresh->modules.emplace(std::string(route), preloadable_urls(&urls, preloadable_module));
      if (const auto* styles = o.if_contains("styles"); styles && styles->is_object())
        for (const auto& [route, urls] : styles->as_object())
          fresh->styles.emplace(std::string(route), preloadable_urls(&urls, preloadable_style));
      if (const auto* images = o.if_contains("images"); images && images->is_object())
        for (const auto& [route, spec] : images->as_object()) {
          const auto* sizes = spec.is_object() ? spec.as_object().if_contains("sizes") : nullptr;
          const auto* widths = spec.is_object() ? spec.as_object().if_contains("widths") : nullptr;
          const auto* quality = spec.is_object() ? spec.as_object().if_contains("quality") : nullptr;
          if (!sizes || !sizes->is_string() || !plain_sizes(sizes->as_string()) || !widths ||
              !widths->is_array() || !quality || !quality->is_int64())
            continue;
          FirstScreen::Image image{std::string(sizes->as_string()), {}, quality->as_int64()};
          for (const auto& w : widths->as_array())
            if (w.is_int64() && image_width_allowed(w.as_int64())) image.widths.push_back(w.as_int64());
          if (!image.widths.empty() && image.quality > 0 && image.quality <= 100)
            fresh->images.emplace(std::string(route), std::move(image));
        }
    }
    std::lock_guard lock(mutex_);
    first_screen_ = fresh;
    declared = std::move(fresh);
  }
  return declared;
}

// The screen the request's client hints describe (sent once a response has asked: Accept-CH), else the
// common staff phone's.
static Screen viewport_of(const Context& ctx) {
  auto hint = [&](std::string_view name) {
    auto it = ctx.req.find(name);
    return it == ctx.req.end() ? std::string_view{} : std::string_view(it->value());
  };
  return screen_from_hints(hint("Sec-CH-Viewport-Width"), hint("Sec-CH-DPR")).value_or(common_phone);
}

std::optional<StaticFiles::Photo> StaticFiles::photo_of(const Context& ctx,
                                                        const std::optional<std::string>& largest_paint) {
  if (!largest_paint || !library_image(*largest_paint)) return std::nullopt;
  auto declared = first_screen();
  if (!declared) return std::nullopt;
  auto image = declared->images.find(ctx.path);
  if (image == declared->images.end()) return std::nullopt;
  const auto& spec = image->second;
  auto width = srcset_pick(spec.widths, spec.sizes, viewport_of(ctx));
  return Photo{image_url(*largest_paint, width, spec.quality), *largest_paint, static_cast<int>(width),
               static_cast<int>(spec.quality)};
}

std::string StaticFiles::photo_img(std::string_view url, const std::optional<std::string>& data_url) {
  std::string img =
      R"(<img class="sf-boot-photo" alt="" width="800" height="600" fetchpriority="high" decoding="sync" src=")";
  append_html_escaped(img, data_url ? std::string_view(*data_url) : url, HtmlQuotes::double_only);
  if (data_url) {
    img += R"(" data-src=")";
    append_html_escaped(img, url, HtmlQuotes::double_only);
  }
  return img + R"(">)";
}

std::string StaticFiles::first_screen_links(std::string_view path, bool signed_in,
                                            const std::optional<std::string>& photo) {
  auto declared = first_screen();
  if (!declared) return {};
  std::string links;
  auto add = [&](const std::vector<std::string>& urls,
                 std::string_view as = "; rel=preload; as=fetch; crossorigin=anonymous") {
    for (const auto& url : urls) {
      if (!links.empty()) links += ", ";
      links += "<" + url + ">";
      links += as;
    }
  };
  // The screen's largest photo first, the file the loading screen draws (photo_of), so the image finds it
  // downloaded; and first, so over HTTP/1.1's six connections it is not queued behind the reads and the JS
  // (it paints before they have run). Not with imagesrcset: Chrome holds a viewport-dependent header preload
  // until the HTML's first chunk is parsed, and by then the reads hold every connection.
  if (photo) links += "<" + *photo + ">; rel=preload; as=image; fetchpriority=high";
  add(declared->always);
  if (signed_in) {
    add(declared->signed_in);
    if (auto it = declared->routes.find(path); it != declared->routes.end()) add(it->second);
    // Low priority, as index.html's scripts (web/scripts/deferred-styles.ts): the HTML paints first.
    if (auto it = declared->modules.find(path); it != declared->modules.end())
      add(it->second, "; rel=modulepreload; fetchpriority=low");
    if (auto it = declared->styles.find(path); it != declared->styles.end())
      add(it->second, "; rel=preload; as=style; crossorigin=anonymous");  // Vite's loader asks in CORS mode
  }
  return links;
}

std::optional<Response> StaticFiles::serve(const Context& ctx, bool signed_in,
                                           const std::optional<std::string>& largest_paint) {
  std::string_view path = ctx.path;
  auto file = resolve(path == "/" ? "/index.html" : path);
  bool fallback = false;
  if (!file) {
    // SPA fallback: a route of the app (no extension in its last segment) gets index.html.
    auto last = path.substr(path.rfind('/') + 1);
    if (last.find('.') != std::string_view::npos) return std::nullopt;
    file = resolve("/index.html");
    fallback = true;
    if (!file) return std::nullopt;
  }
  auto f = load(*file);
  if (!f) return std::nullopt;

  Response res{beast_http::status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(beast_http::field::content_type, f->type);
  bool hashed = !fallback && path.starts_with("/assets/");
  res.set(beast_http::field::cache_control, hashed ? "public, max-age=31536000, immutable" : "no-cache");
  res.set("X-Content-Type-Options", "nosniff");
  if (!f->brotli.empty() || !f->gzip.empty()) res.set(beast_http::field::vary, "Accept-Encoding");
  // The app's HTML names the first screen's reads, so the browser fetches them while it loads the JS instead
  // of one after another once it has run (issue 29). Also on a 304: it refreshes the cached response's
  // headers.
  const bool app_html = fallback || path == "/" || path == "/index.html";
  const auto photo = app_html && signed_in ? photo_of(ctx, largest_paint) : std::nullopt;
  // A photo already rendered for this browser and a few kB goes inside the HTML: it is drawn with the first
  // paint, with no request to wait for a connection behind the reads (issue 29); a larger or new one is
  // preloaded.
  std::optional<std::string> inlined;
  if (photo && inline_photo_)
    inlined = inline_photo_(photo->library_url, photo->width, photo->quality,
                            ctx.header(beast_http::field::accept));
  // The screen's size in the next requests' client hints, so the next visit's photo preload is the exact
  // candidate for this phone (photo_of).
  if (app_html) res.set("Accept-CH", "Sec-CH-DPR, Sec-CH-Viewport-Width");
  if (app_html)
    if (auto links =
            first_screen_links(path, signed_in, photo && !inlined ? std::optional(photo->url) : std::nullopt);
        !links.empty())
      res.set(beast_http::field::link, links);

  // The screen's largest photo in the HTML's loading screen, where index.html marks its place in the screen's
  // frame: it is on screen before the app's JS has run (issue 29). That page is this person's, sent whole:
  // never from a shared cache, never answered with a 304 for the shared file.
  if (photo) {
    const std::string marker = "<!--sf-boot-photo:" + std::string(path) + "-->";
    if (auto at = f->identity.find(marker); at != std::string::npos) {
      res.set(beast_http::field::cache_control, "private, no-cache");
      res.set(beast_http::field::vary, "Accept, Accept-Encoding, Sec-CH-DPR, Sec-CH-Viewport-Width");
      std::string page =
          f->identity.substr(0, at) + photo_img(photo->url, inlined) + f->identity.substr(at + marker.size());
      if (accepts(ctx, "gzip")) {  // a few kB: compressed as it is sent
        page = util::gzip(page);
        res.set(beast_http::field::content_encoding, "gzip");
      }
      if (ctx.req.method() == beast_http::verb::head) {
        res.content_length(page.size());
      } else {
        res.body() = std::move(page);
        res.prepare_payload();
      }
      return res;
    }
  }

  // Each encoding is its own representation, so it gets its own strong ETag.
  const std::string* body = &f->identity;
  std::string etag = f->etag;
  if (!f->brotli.empty() && accepts(ctx, "br")) {
    body = &f->brotli;
    etag.insert(etag.size() - 1, "-br");
    res.set(beast_http::field::content_encoding, "br");
  } else if (!f->gzip.empty() && accepts(ctx, "gzip")) {
    body = &f->gzip;
    etag.insert(etag.size() - 1, "-gz");
    res.set(beast_http::field::content_encoding, "gzip");
  }
  res.set(beast_http::field::etag, etag);
  std::string if_none_match = ctx.header(beast_http::field::if_none_match);
  if (!if_none_match.empty() && (if_none_match == "*" || if_none_match.find(etag) != std::string::npos)) {
    res.result(beast_http::status::not_modified);
    res.erase(beast_http::field::content_encoding);
    res.content_length(0);
    return res;
  }
  if (ctx.req.method() == beast_http::verb::head) {
    res.content_length(body->size());
  } else {
    res.body() = *body;
    res.prepare_payload();
  }
  return res;
}

}  // namespace shopfloor::http
