#include "util/base64.hpp"

#include <sodium.h>

namespace shopfloor {

namespace {

std::string encode(std::string_view bytes, int variant) {
  std::string out(sodium_base64_encoded_len(bytes.size(), variant), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                    bytes.size(), variant);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

}  // namespace

std::string base64(std::string_view bytes) {
  return encode(bytes, sodium_base64_VARIANT_ORIGINAL);
}

std::string base64url(std::string_view bytes) {
  return encode(bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

std::optional<std::string> from_base64url(std::string_view text) {
  std::string out(text.size() * 3 / 4 + 1, '\0');
  std::size_t len = 0;
  const char* end = nullptr;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(),
                        nullptr, &len, &end, sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
      end != text.data() + text.size())
    return std::nullopt;
  out.resize(len);
  return out;
}

}  // namespace shopfloor
