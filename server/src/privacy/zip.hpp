// A ZIP archive written in memory (deflate through zlib): the "download my data" file. Small archives
// only (one person's data): no ZIP64, at most 65,535 entries. Debian's minizip writes through file
// callbacks and libzip would be a new dependency for ~80 lines of format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace shopfloor::privacy {

class ZipWriter {
 public:
  // Adds a file (UTF-8 name, '/' separated) with its bytes; `modified_ms` is its time (epoch ms, UTC).
  void add(std::string_view name, std::string_view bytes, std::int64_t modified_ms);
  // The whole archive; the writer is empty afterwards.
  std::string finish();

 private:
  struct Entry {
    std::string name;
    std::uint32_t crc = 0, compressed = 0, size = 0, offset = 0;
    std::uint16_t method = 0, time = 0, date = 0;
  };
  // The fields a local header and its central directory record share, from "version needed" to the name's
  // length.
  static void put_entry_fields(std::string& out, const Entry& e);
  std::string out_;
  std::vector<Entry> entries_;
};

}  // namespace shopfloor::privacy
