// Serves the built web app (web/dist): content types, ETag/304, immutable caching for hashed assets,
// precompressed .br/.gz variants, and the SPA fallback to index.html.
#pragma once

#include <filesystem>
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
  std::optional<Response> serve(const Context& ctx);

  static std::string_view content_type(std::string_view extension);

 private:
  struct File {
    std::string identity, gzip, brotli;
    std::string etag;
    std::string type;
    std::filesystem::file_time_type mtime;
  };
  std::shared_ptr<const File> load(const std::filesystem::path& file);
  std::optional<std::filesystem::path> resolve(std::string_view url_path) const;

  std::filesystem::path root_;
  std::mutex mutex_;
  std::map<std::filesystem::path, std::shared_ptr<const File>> cache_;
};

}  // namespace shopfloor::http
