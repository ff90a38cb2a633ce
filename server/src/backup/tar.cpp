#include "backup/tar.hpp"

#include <unistd.h>

#include <array>
#include <cstring>
#include <stdexcept>

#include "backup/sha256.hpp"

namespace shopfloor::backup {

namespace {

constexpr std::size_t block = 512;

void put_octal(char* field, std::size_t width, std::uint64_t value) {
  // width - 1 octal digits, zero-padded, then a NUL, as every tar reads
  for (std::size_t i = width - 1; i-- > 0; value >>= 3) field[i] = static_cast<char>('0' + (value & 7));
  field[width - 1] = '\0';
}

void put_size(char* field, std::uint64_t size) {
  if (size < (1ULL << 33)) return put_octal(field, 12, size);
  // base-256: the high bit of the first byte set, then the size big-endian (GNU tar, libarchive)
  std::memset(field, 0, 12);
  field[0] = static_cast<char>(0x80);
  for (int i = 11; i >= 4; --i, size >>= 8) field[i] = static_cast<char>(size & 0xff);
}

std::uint64_t get_number(const char* field, std::size_t width) {
  if (static_cast<unsigned char>(field[0]) & 0x80) {
    std::uint64_t v = 0;
    for (std::size_t i = 1; i < width; ++i) v = (v << 8) | static_cast<unsigned char>(field[i]);
    return v;
  }
  std::uint64_t v = 0;
  std::size_t i = 0;
  while (i < width && field[i] == ' ') ++i;
  for (; i < width && field[i] >= '0' && field[i] <= '7'; ++i)
    v = v * 8 + static_cast<unsigned>(field[i] - '0');
  return v;
}

unsigned checksum(const char* h) {
  unsigned sum = 0;
  for (std::size_t i = 0; i < block; ++i)
    sum += (i >= 148 && i < 156) ? ' ' : static_cast<unsigned char>(h[i]);
  return sum;
}

std::string field_string(const char* field, std::size_t width) {
  return std::string(field, strnlen(field, width));
}

}  // namespace

TarWriter::TarWriter(const std::string& path) : f_(std::fopen(path.c_str(), "wb")) {
  if (!f_) throw std::runtime_error("cannot create " + path + ": " + std::strerror(errno));
}

TarWriter::~TarWriter() {
  if (f_) std::fclose(f_);
}

void TarWriter::write(const void* data, std::size_t n) {
  if (std::fwrite(data, 1, n, f_) != n)
    throw std::runtime_error(std::string("archive write failed: ") + std::strerror(errno));
  written_ += n;
}

void TarWriter::pad(std::uint64_t size) {
  static const std::array<char, block> zeros{};
  if (auto rest = size % block) write(zeros.data(), block - rest);
}

void TarWriter::header(const std::string& name, std::uint64_t size, unsigned mode) {
  std::array<char, block> h{};
  std::string prefix, base = name;
  if (name.size() > 100) {  // ustar: split at a '/' into prefix (155) and name (100)
    auto cut = name.rfind('/', 155);
    while (cut != std::string::npos && name.size() - cut - 1 > 100) cut = std::string::npos;
    if (cut == std::string::npos || cut == 0)
      throw std::runtime_error("name too long for the archive: " + name);
    prefix = name.substr(0, cut);
    base = name.substr(cut + 1);
  }
  std::memcpy(h.data(), base.data(), base.size());
  put_octal(&h[100], 8, mode & 07777);
  put_octal(&h[108], 8, 0);
  put_octal(&h[116], 8, 0);
  put_size(&h[124], size);
  put_octal(&h[136], 12, static_cast<std::uint64_t>(time(nullptr)));
  h[156] = '0';
  std::memcpy(&h[257], "ustar", 6);
  std::memcpy(&h[263], "00", 2);
  std::memcpy(&h[345], prefix.data(), prefix.size());
  put_octal(&h[148], 7, checksum(h.data()));
  h[155] = ' ';
  write(h.data(), h.size());
}

std::string TarWriter::add_bytes(const std::string& name, std::string_view bytes, unsigned mode) {
  header(name, bytes.size(), mode);
  write(bytes.data(), bytes.size());
  pad(bytes.size());
  Sha256 sha;
  sha.update(bytes.data(), bytes.size());
  return sha.hex();
}

std::string TarWriter::add_file(const std::string& name, const std::string& source, unsigned mode) {
  std::FILE* in = std::fopen(source.c_str(), "rb");
  if (!in) throw std::runtime_error("cannot read " + source + ": " + std::strerror(errno));
  std::fseek(in, 0, SEEK_END);
  auto size = static_cast<std::uint64_t>(std::ftell(in));
  std::fseek(in, 0, SEEK_SET);
  header(name, size, mode);
  Sha256 sha;
  std::array<char, 1 << 16> buf;
  std::uint64_t copied = 0;
  while (copied < size) {
    auto n = std::fread(buf.data(), 1, std::min<std::uint64_t>(buf.size(), size - copied), in);
    if (n == 0) break;
    sha.update(buf.data(), n);
    write(buf.data(), n);
    copied += n;
  }
  std::fclose(in);
  if (copied != size) throw std::runtime_error(source + " changed size while it was archived");
  pad(size);
  return sha.hex();
}

void TarWriter::finish() {
  static const std::array<char, 2 * block> zeros{};
  write(zeros.data(), zeros.size());
  if (std::fflush(f_) != 0 || fsync(fileno(f_)) != 0)
    throw std::runtime_error(std::string("archive flush failed: ") + std::strerror(errno));
  std::fclose(f_);
  f_ = nullptr;
}

TarReader::TarReader(const std::string& path) : f_(std::fopen(path.c_str(), "rb")) {
  if (!f_) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
}

TarReader::~TarReader() {
  if (f_) std::fclose(f_);
}

std::optional<TarReader::Entry> TarReader::next() {
  std::array<char, 1 << 16> skip;
  for (std::uint64_t rest = left_ + padding_; rest > 0;) {
    auto n = std::fread(skip.data(), 1, std::min<std::uint64_t>(skip.size(), rest), f_);
    if (n == 0) throw std::runtime_error("the archive is truncated");
    rest -= n;
  }
  left_ = padding_ = 0;
  std::array<char, block> h;
  if (std::fread(h.data(), 1, block, f_) != block) throw std::runtime_error("the archive is truncated");
  if (std::all_of(h.begin(), h.end(), [](char c) { return c == 0; })) return std::nullopt;
  if (get_number(&h[148], 8) != checksum(h.data()))
    throw std::runtime_error("the archive has a damaged header");
  Entry e;
  auto prefix = field_string(&h[345], 155);
  e.name = field_string(&h[0], 100);
  if (!prefix.empty()) e.name = prefix + "/" + e.name;
  e.size = get_number(&h[124], 12);
  e.mode = static_cast<unsigned>(get_number(&h[100], 8)) & 0777;
  if (h[156] != '0' && h[156] != '\0')
    throw std::runtime_error("the archive holds something other than files: " + e.name);
  left_ = e.size;
  padding_ = (block - e.size % block) % block;
  return e;
}

std::size_t TarReader::read(char* buf, std::size_t n) {
  if (left_ == 0) return 0;
  auto got = std::fread(buf, 1, std::min<std::uint64_t>(n, left_), f_);
  if (got == 0) throw std::runtime_error("the archive is truncated");
  left_ -= got;
  return got;
}

}  // namespace shopfloor::backup
