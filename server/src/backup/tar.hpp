// A plain POSIX ustar archive, written and read as a stream: the backup's one file (backup/backup.hpp).
// Only regular files; names up to 255 bytes (prefix + name); sizes above 8 GiB in the base-256 form GNU tar
// and libarchive read. No compression: the database pages and the media (JPEG, WebP, MP4) gain little from
// gzip, and an uncompressed archive can be listed and checked with any `tar tvf`.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace shopfloor::backup {

class TarWriter {
 public:
  explicit TarWriter(const std::string& path);  // creates (truncates) the file
  ~TarWriter();
  TarWriter(const TarWriter&) = delete;
  TarWriter& operator=(const TarWriter&) = delete;

  // Copies a file into the archive; returns the sha256 (hex) of what was written, hashed while copying.
  std::string add_file(const std::string& name, const std::string& source, unsigned mode);
  std::string add_bytes(const std::string& name, std::string_view bytes, unsigned mode);
  void finish();  // the end-of-archive blocks, then flushed to disk (fsync)
  std::uint64_t bytes_written() const { return written_; }

 private:
  void header(const std::string& name, std::uint64_t size, unsigned mode);
  void write(const void* data, std::size_t n);
  void pad(std::uint64_t size);
  std::FILE* f_ = nullptr;
  std::uint64_t written_ = 0;
};

class TarReader {
 public:
  struct Entry {
    std::string name;
    std::uint64_t size = 0;
    unsigned mode = 0644;
  };
  explicit TarReader(const std::string& path);
  ~TarReader();
  TarReader(const TarReader&) = delete;
  TarReader& operator=(const TarReader&) = delete;

  // The next regular file, or nullopt at the end. Throws on a damaged header or an entry that is not a file.
  std::optional<Entry> next();
  // Reads the current entry's data in chunks; returns 0 at its end.
  std::size_t read(char* buf, std::size_t n);

 private:
  std::FILE* f_ = nullptr;
  std::uint64_t left_ = 0;     // data bytes of the current entry not read yet
  std::uint64_t padding_ = 0;  // then this many bytes to the next header
};

}  // namespace shopfloor::backup
