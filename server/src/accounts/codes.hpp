// One-time account codes (issue 26): activation codes for roster people, reset codes, and emailed reset
// links, all in `account_codes`. Codes an admin issues are short (8 characters of an alphabet without
// 0/O/1/I/L, shown as ABCD-EFGH) and are only ever checked together with the person they were issued to,
// so a guess is a guess at one person's code. Links carry a long random token and stand alone. Only an
// HMAC of a code (keyed with AUTH_SECRET) is stored; the plain code exists once, in the issuing answer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"

namespace shopfloor::accounts {

enum class Purpose { activation, reset, reset_link };

std::string_view purpose_name(Purpose p);
std::optional<Purpose> parse_purpose(std::string_view name);

// 23456789ABCDEFGHJKMNPQRSTUVWXYZ: digits and capitals a person cannot misread for another.
inline constexpr std::string_view kAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
inline constexpr std::size_t kCodeLength = 8;

// A fresh code, "ABCD-EFGH".
std::string new_code();
// What a person typed, as stored codes are hashed: capitals, without spaces and dashes. Empty when it
// cannot be a code (wrong length, a character outside the alphabet).
std::string normalize_code(std::string_view typed);
// "ABCDEFGH" → "ABCD-EFGH".
std::string display_code(std::string_view normalized);

// The stored hash of a person's short code, and of a link token.
std::string code_hash(const std::string& secret, Purpose purpose, const std::string& user_id,
                      const std::string& normalized);
std::string link_hash(const std::string& secret, const std::string& token);

struct Issued {
  std::string id, code;  // code: "ABCD-EFGH" for short codes, the token for a link
  std::int64_t expires_at = 0;
};

// Inside a write transaction: revokes the person's live codes of this purpose (a re-issue), stores a new
// one and audits both. `actor` is the issuing admin (empty for a link the person asked for). `plain`: a
// code chosen by the caller (only the demo seed's known code); empty = a fresh random one.
Issued issue(db::Connection& c, const std::string& secret, Purpose purpose, const std::string& user_id,
             const std::string& actor, const std::string& batch_id, std::int64_t expires_at,
             const std::string& ip, const std::string& plain = {});

// Revokes the person's live codes of this purpose; audits each. Returns how many.
int revoke_live(db::Connection& c, const std::string& user_id, Purpose purpose, const std::string& actor,
                const std::string& ip, std::int64_t now);
// Revokes one code if it is still live; audits it. Returns whether it was.
bool revoke(db::Connection& c, const std::string& id, const std::string& actor, const std::string& ip,
            std::int64_t now);

// The live code (id) a person's typed code matches, if any.
std::optional<std::string> find_live(db::Connection& c, const std::string& secret, Purpose purpose,
                                     const std::string& user_id, const std::string& normalized,
                                     std::int64_t now);
struct LiveLink {
  std::string id, user_id;
};
std::optional<LiveLink> find_live_link(db::Connection& c, const std::string& secret, const std::string& token,
                                       std::int64_t now);

// Uses a live code: a conditional UPDATE, so of two uses at once exactly one returns true. Audited with the
// person as the actor.
bool use(db::Connection& c, const std::string& id, const std::string& user_id, const std::string& ip,
         std::int64_t now);

}  // namespace shopfloor::accounts
