#include "surveys/ballots.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <random>

#include "surveys/staff.hpp"
#include "util/base64.hpp"

namespace shopfloor::surveys::ballots {

namespace {

// nonce || secret box of the payload, in base64.
std::string seal(const Key& key, std::string_view payload) {
  std::vector<unsigned char> out(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES + payload.size());
  randombytes_buf(out.data(), crypto_secretbox_NONCEBYTES);
  crypto_secretbox_easy(out.data() + crypto_secretbox_NONCEBYTES,
                        reinterpret_cast<const unsigned char*>(payload.data()), payload.size(), out.data(),
                        key.data());
  return base64(std::string_view(reinterpret_cast<const char*>(out.data()), out.size()));
}

std::optional<std::string> unseal(const Key& key, const std::string& sealed) {
  std::vector<unsigned char> raw(sealed.size());
  std::size_t n = 0;
  if (sodium_base642bin(raw.data(), raw.size(), sealed.data(), sealed.size(), nullptr, &n, nullptr,
                        sodium_base64_VARIANT_ORIGINAL) != 0 ||
      n < crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES)
    return std::nullopt;
  std::string out(n - crypto_secretbox_NONCEBYTES - crypto_secretbox_MACBYTES, '\0');
  if (crypto_secretbox_open_easy(reinterpret_cast<unsigned char*>(out.data()),
                                 raw.data() + crypto_secretbox_NONCEBYTES, n - crypto_secretbox_NONCEBYTES,
                                 raw.data(), key.data()) != 0)
    return std::nullopt;
  return out;
}

std::vector<std::string> take_out(db::Connection& c, const Key& key, const std::string& box, std::size_t min);

}  // namespace

Key key_from(std::string_view auth_secret) {
  Key k;
  static constexpr std::string_view label = "shopfloor/surveys/ballots/v1";
  crypto_generichash(k.data(), k.size(), reinterpret_cast<const unsigned char*>(label.data()), label.size(),
                     reinterpret_cast<const unsigned char*>(auth_secret.data()),
                     std::min<std::size_t>(auth_secret.size(), crypto_generichash_KEYBYTES_MAX));
  return k;
}

void cast(db::Connection& c, const Key& key, const std::string& box, std::string_view payload) {
  c.query("INSERT INTO ballots (id, box, sealed) VALUES ($1, $2, $3)", random_uuid(), box,
          seal(key, payload));
}

std::int64_t waiting(db::Connection& c, const std::string& box) {
  auto row = c.query("SELECT COUNT(*) FROM ballots WHERE box = $1", box).first();
  return row ? row->i64(0) : 0;
}

std::vector<std::string> open(db::Connection& c, const Key& key, const std::string& box) {
  return take_out(c, key, box, min_open);
}

std::vector<std::string> open_all(db::Connection& c, const Key& key, const std::string& box) {
  return take_out(c, key, box, 1);
}

namespace {

std::vector<std::string> take_out(db::Connection& c, const Key& key, const std::string& box,
                                  std::size_t min) {
  // One opener per box at a time (PostgreSQL; SQLite has one writer anyway): each then sees every ballot
  // committed before it, so a race cannot leave a full box unopened or open a handful alone.
  if (!c.is_sqlite()) c.query("SELECT pg_advisory_xact_lock(hashtext($1))", box);
  if (waiting(c, box) < static_cast<std::int64_t>(min)) return {};
  // Taken out in one statement: of two openers, the second finds the box empty.
  auto rows = c.query("DELETE FROM ballots WHERE box = $1 RETURNING id, sealed", box).rows;
  if (rows.size() < min) {
    // Should not happen under the lock; fewer than `min` opened together would stand out, so they wait.
    for (const auto& r : rows)
      c.query("INSERT INTO ballots (id, box, sealed) VALUES ($1, $2, $3)", r.str(0), box, r.str(1));
    return {};
  }
  std::vector<std::string> out;
  for (const auto& r : rows) {
    if (auto payload = unseal(key, r.str(1))) {
      out.push_back(std::move(*payload));
    } else {
      // Sealed under another AUTH_SECRET: kept (nothing is lost) for an opener that has that key.
      spdlog::error("ballot {} in {} does not open under this AUTH_SECRET; kept", r.str(0), box);
      c.query("INSERT INTO ballots (id, box, sealed) VALUES ($1, $2, $3)", r.str(0), box, r.str(1));
    }
  }
  std::random_device seed;
  std::shuffle(out.begin(), out.end(), std::mt19937_64{seed()});
  return out;
}

}  // namespace

}  // namespace shopfloor::surveys::ballots
