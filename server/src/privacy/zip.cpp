#include "privacy/zip.hpp"

#include <zlib.h>

#include <ctime>
#include <stdexcept>
#include <utility>

#include "util/deflate.hpp"

namespace shopfloor::privacy {

namespace {

void put16(std::string& s, std::uint32_t v) {
  s += static_cast<char>(v & 0xff);
  s += static_cast<char>((v >> 8) & 0xff);
}
void put32(std::string& s, std::uint32_t v) {
  put16(s, v & 0xffff);
  put16(s, v >> 16);
}

}  // namespace

void ZipWriter::put_entry_fields(std::string& out, const Entry& e) {
  put16(out, 20);      // version needed: 2.0 (deflate)
  put16(out, 0x0800);  // names are UTF-8
  put16(out, e.method);
  put16(out, e.time);
  put16(out, e.date);
  put32(out, e.crc);
  put32(out, e.compressed);
  put32(out, e.size);
  put16(out, static_cast<std::uint32_t>(e.name.size()));
}

void ZipWriter::add(std::string_view name, std::string_view bytes, std::int64_t modified_ms) {
  if (entries_.size() >= 0xffff || out_.size() + bytes.size() >= 0xffff0000u)
    throw std::length_error("archive too large for a plain ZIP");
  Entry e;
  e.name = std::string(name);
  e.size = static_cast<std::uint32_t>(bytes.size());
  e.crc = static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
  std::string packed = util::deflate_raw(bytes);
  std::string_view data = bytes;
  if (packed.size() < bytes.size()) {
    e.method = 8;
    data = packed;
  }
  e.compressed = static_cast<std::uint32_t>(data.size());
  std::time_t t = static_cast<std::time_t>(modified_ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  e.time = static_cast<std::uint16_t>((tm.tm_hour << 11) | (tm.tm_min << 5) | (tm.tm_sec / 2));
  e.date = static_cast<std::uint16_t>(((tm.tm_year - 80) << 9) | ((tm.tm_mon + 1) << 5) | tm.tm_mday);
  e.offset = static_cast<std::uint32_t>(out_.size());
  put32(out_, 0x04034b50);
  put_entry_fields(out_, e);
  put16(out_, 0);  // extra
  out_ += e.name;
  out_ += data;
  entries_.push_back(std::move(e));
}

std::string ZipWriter::finish() {
  auto start = static_cast<std::uint32_t>(out_.size());
  for (const auto& e : entries_) {
    put32(out_, 0x02014b50);
    put16(out_, 0x0314);  // made by: Unix, 2.0
    put_entry_fields(out_, e);
    put16(out_, 0);               // extra
    put16(out_, 0);               // comment
    put16(out_, 0);               // disk
    put16(out_, 0);               // internal attributes
    put32(out_, 0100644u << 16);  // external: a regular file, rw-r--r--
    put32(out_, e.offset);
    out_ += e.name;
  }
  auto size = static_cast<std::uint32_t>(out_.size()) - start;
  put32(out_, 0x06054b50);
  put16(out_, 0);
  put16(out_, 0);
  put16(out_, static_cast<std::uint32_t>(entries_.size()));
  put16(out_, static_cast<std::uint32_t>(entries_.size()));
  put32(out_, size);
  put32(out_, start);
  put16(out_, 0);
  entries_.clear();
  return std::exchange(out_, {});
}

}  // namespace shopfloor::privacy
