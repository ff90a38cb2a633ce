// What a file really is, from its first bytes (never from its name or the type the client declared).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace shopfloor::media {

struct FileType {
  std::string kind;  // image, video, pdf
  std::string
      mime;  // image/png, image/jpeg, image/webp, image/gif, application/pdf, video/mp4, video/quicktime
  std::string ext;  // png, jpg, webp, gif, pdf, mp4, mov
};

// PNG, JPEG, WebP, GIF, PDF, MP4/MOV (ISO BMFF "ftyp" box; HEIF/AVIF brands are not videos). Else nullopt.
std::optional<FileType> sniff(std::string_view bytes);

// The canonical mime for a declared Content-Type (parameters and case ignored; image/jpg → image/jpeg),
// or nullopt when it is not a type the library accepts.
std::optional<std::string> canonical_mime(std::string_view content_type);

// A declared type agrees with the sniffed one (MP4 and QuickTime share the container, so either is fine).
bool declared_matches(const std::string& declared_mime, const FileType& actual);

// Largest accepted upload for a kind: images 15 MiB, PDF 50 MiB, video 200 MiB.
std::size_t size_limit(const std::string& kind);
inline constexpr std::size_t max_upload_bytes = 200u * 1024 * 1024;

std::string mime_for_ext(std::string_view ext);

}  // namespace shopfloor::media
