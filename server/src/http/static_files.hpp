// Serves the built web app (web/dist): content types, ETag/304, immutable caching for hashed assets,
// precompressed .br/.gz variants, and the SPA fallback to index.html.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "http/context.hpp"

namespace shopfloor::http {

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);

  // The response for a GET/HEAD of ctx.path, or nullopt when there is no such file and no fallback.
  // `signed_in`: the request carries a session cookie (the app's HTML then preloads the signed-in reads).
  // `largest_paint`: the screen's largest library photo for that person (Services::largest_paints).
  std::optional<Response> serve(const Context& ctx, bool signed_in = false,
                                const std::optional<std::string>& largest_paint = std::nullopt);

  static std::string_view content_type(std::string_view extension);

  // The screen's largest photo, as rendered for a client that accepts `accept`, as a data: URL small enough
  // to go inside the HTML (nothing when it is not: the page then preloads it). Set by the app (media).
  using InlinePhoto = std::function<std::optional<std::string>(std::string_view library_url, int width,
                                                               int quality, std::string_view accept)>;
  void set_inline_photo(InlinePhoto inline_photo) { inline_photo_ = std::move(inline_photo); }

 private:
  struct File {
    std::string identity, gzip, brotli;
    std::string etag;
    std::string type;
    std::filesystem::file_time_type mtime;
  };
  std::shared_ptr<const File> load(const std::filesystem::path& file);
  std::optional<std::filesystem::path> resolve(std::string_view url_path) const;

  struct FirstScreen {
    std::shared_ptr<const File> source;  // the file it was read from: re-read when that changes
    std::vector<std::string> always, signed_in;
    std::map<std::string, std::vector<std::string>, std::less<>> routes;
    // The route's own lazy JS chunks (written into the file by the web build): preloaded as modules, so a tab
    // whose screen is a lazy chunk does not wait for the entry to run before asking for it.
    std::map<std::string, std::vector<std::string>, std::less<>> modules;
    // Their stylesheets: the app waits for them before it draws the lazy screen.
    std::map<std::string, std::vector<std::string>, std::less<>> styles;
    // How the route's largest photo is drawn: the <img>'s `sizes` and its srcset's widths and quality.
    struct Image {
      std::string sizes;
      std::vector<std::int64_t> widths;
      std::int64_t quality = 75;
    };
    std::map<std::string, Image, std::less<>> images;
  };

  // first-screen.json as last read (re-read when the file changes); null when the build has none.
  std::shared_ptr<const FirstScreen> first_screen();
  // The URL of the screen's largest photo for this request (nothing when the route declares none or the photo
  // is not ours): the candidate of the screen's srcset the browser would pick on the screen the client hints
  // describe, else on the common staff phone. The header preloads it and the loading screen draws it, one
  // file for both: a preload without imagesrcset is not viewport-dependent, so the browser asks for it as the
  // response arrives, with the reads, not once it has parsed the HTML's first chunk.
  struct Photo {
    std::string url;          // the /_image URL
    std::string library_url;  // the photo itself, "/media/<hash>.<ext>"
    int width = 0, quality = 0;
  };
  std::optional<Photo> photo_of(const Context& ctx, const std::optional<std::string>& largest_paint);
  // The Link header that preloads the first screen's reads for the app's HTML at `path`, from the web build's
  // first-screen.json (empty when the build has none); with `photo`, that photo first.
  std::string first_screen_links(std::string_view path, bool signed_in,
                                 const std::optional<std::string>& photo);
  // The <img> of that photo for index.html's loading screen, which draws the screen's frame around it at the
  // marker `<!--sf-boot-photo:PATH-->` (the app's first card keeps the same file: web lib/image.tsx). With
  // `data_url` it draws the photo from inside the HTML and names its URL in data-src.
  static std::string photo_img(std::string_view url, const std::optional<std::string>& data_url);

  std::filesystem::path root_;
  InlinePhoto inline_photo_;
  std::mutex mutex_;
  std::shared_ptr<const FirstScreen> first_screen_;
  std::map<std::filesystem::path, std::shared_ptr<const File>> cache_;
};

}  // namespace shopfloor::http
