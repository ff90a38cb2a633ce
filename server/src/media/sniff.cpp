#include "media/sniff.hpp"

#include "util/text.hpp"

namespace shopfloor::media {

std::optional<FileType> sniff(std::string_view b) {
  if (b.starts_with(std::string_view("\x89PNG\r\n\x1a\n", 8))) return FileType{"image", "image/png", "png"};
  if (b.size() >= 3 && b.starts_with("\xFF\xD8\xFF")) return FileType{"image", "image/jpeg", "jpg"};
  if (b.starts_with("GIF87a") || b.starts_with("GIF89a")) return FileType{"image", "image/gif", "gif"};
  if (b.size() >= 12 && b.starts_with("RIFF") && b.substr(8, 4) == "WEBP")
    return FileType{"image", "image/webp", "webp"};
  if (b.starts_with("%PDF-")) return FileType{"pdf", "application/pdf", "pdf"};
  if (b.size() >= 12 && b.substr(4, 4) == "ftyp") {
    auto brand = b.substr(8, 4);
    if (brand == "qt  ") return FileType{"video", "video/quicktime", "mov"};
    for (std::string_view still : {"avif", "avis", "heic", "heix", "hevc", "mif1", "msf1"})
      if (brand == still) return std::nullopt;
    return FileType{"video", "video/mp4", "mp4"};
  }
  return std::nullopt;
}

std::optional<std::string> canonical_mime(std::string_view content_type) {
  std::string t = ascii_lower(std::string(content_type.substr(0, content_type.find(';'))));
  while (!t.empty() && t.back() == ' ') t.pop_back();
  while (!t.empty() && t.front() == ' ') t.erase(0, 1);
  if (t == "image/jpg" || t == "image/pjpeg") t = "image/jpeg";
  for (const char* ok : {"image/png", "image/jpeg", "image/webp", "image/gif", "application/pdf", "video/mp4",
                         "video/quicktime"})
    if (t == ok) return t;
  return std::nullopt;
}

bool declared_matches(const std::string& declared, const FileType& actual) {
  if (declared == actual.mime) return true;
  return actual.kind == "video" && (declared == "video/mp4" || declared == "video/quicktime");
}

std::size_t size_limit(const std::string& kind) {
  if (kind == "image") return 15u * 1024 * 1024;
  if (kind == "pdf") return 50u * 1024 * 1024;
  return max_upload_bytes;
}

std::string mime_for_ext(std::string_view ext) {
  if (ext == "png") return "image/png";
  if (ext == "jpg") return "image/jpeg";
  if (ext == "webp") return "image/webp";
  if (ext == "gif") return "image/gif";
  if (ext == "avif") return "image/avif";
  if (ext == "pdf") return "application/pdf";
  if (ext == "mp4") return "video/mp4";
  if (ext == "mov") return "video/quicktime";
  return "application/octet-stream";
}

}  // namespace shopfloor::media
