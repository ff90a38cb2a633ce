#include "accounts/codes.hpp"

#include <fmt/format.h>
#include <sodium.h>

#include "resources/audit.hpp"
#include "util/enum_names.hpp"
#include "util/ids.hpp"

namespace shopfloor::accounts {

namespace json = boost::json;

namespace {

std::string hmac_hex(const std::string& secret, std::string_view message) {
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()),
                                message.size());
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_final(&state, mac);
  std::string hex(crypto_auth_hmacsha256_BYTES * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), mac, sizeof mac);
  hex.pop_back();
  return hex;
}

json::object audit_row(const std::string& user_id, Purpose purpose, std::int64_t expires_at) {
  return json::object{
      {"userId", user_id}, {"purpose", purpose_name(purpose)}, {"expiresAt", iso8601(expires_at)}};
}

// Live codes are found by (person, purpose) and one hash: the index on user_id keeps it to a few rows.
// A code still usable: neither used nor revoked, not expired (the number of `now`'s parameter follows the $).
// The queries are built with fmt: GCC 12 reports false -Warray-bounds on std::string + here.
constexpr const char* kLive = "used_at IS NULL AND revoked_at IS NULL AND expires_at > $";

constexpr EnumNames<Purpose, 3> purpose_names{
    {{Purpose::activation, "activation"}, {Purpose::reset, "reset"}, {Purpose::reset_link, "reset_link"}}};

// A live code closed (used or revoked) by `set`, whose parameters come first in `params` (now as $1): its
// person, purpose and expiry; nullopt when the code was not live.
struct Closed {
  std::string user_id;
  Purpose purpose;
  std::int64_t expires_at;
};
std::optional<Closed> close_live(db::Connection& c, const std::string& id, std::string_view set,
                                 std::vector<db::Value> params) {
  params.push_back(id);
  auto row =
      c.exec(fmt::format("UPDATE account_codes SET {} WHERE id = ${} AND {}1 RETURNING user_id, purpose, "
                         "expires_at",
                         set, params.size(), kLive),
             params)
          .first();
  if (!row) return std::nullopt;
  return Closed{row->str(0), parse_purpose(row->str(1)).value_or(Purpose::activation), row->i64(2)};
}

}  // namespace

std::string_view purpose_name(Purpose p) {
  return purpose_names.name(p);
}

std::optional<Purpose> parse_purpose(std::string_view name) {
  return purpose_names.parse(name);
}

std::string new_code() {
  std::string raw;
  for (std::size_t i = 0; i < kCodeLength; ++i)
    raw.push_back(kAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kAlphabet.size()))]);
  return display_code(raw);
}

std::string normalize_code(std::string_view typed) {
  std::string out;
  for (char ch : typed) {
    if (ch == ' ' || ch == '-' || ch == '\t') continue;
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    if (kAlphabet.find(ch) == std::string_view::npos) return {};
    out.push_back(ch);
    if (out.size() > kCodeLength) return {};
  }
  return out.size() == kCodeLength ? out : std::string{};
}

std::string display_code(std::string_view normalized) {
  if (normalized.size() != kCodeLength) return std::string(normalized);
  auto half = kCodeLength / 2;  // built in one piece: GCC 12 warns (-Wstringop-overflow) on insert() here
  return std::string(normalized.substr(0, half)) + "-" + std::string(normalized.substr(half));
}

std::string code_hash(const std::string& secret, Purpose purpose, const std::string& user_id,
                      const std::string& normalized) {
  std::string message = std::string(purpose_name(purpose)) + "\n" + user_id + "\n" + normalized;
  return hmac_hex(secret, message);
}

std::string link_hash(const std::string& secret, const std::string& token) {
  return hmac_hex(secret, "reset_link\n" + token);
}

Issued issue(db::Connection& c, const std::string& secret, Purpose purpose, const std::string& user_id,
             const std::string& actor, const std::string& batch_id, std::int64_t expires_at,
             const std::string& ip, const std::string& plain) {
  auto now = now_ms();
  revoke_live(c, user_id, purpose, actor, ip, now);
  Issued out;
  out.id = uuid_v7();
  out.expires_at = expires_at;
  std::string hash;
  if (purpose == Purpose::reset_link) {
    out.code = random_token(32);
    hash = link_hash(secret, out.code);
  } else {
    out.code = plain.empty() ? new_code() : display_code(normalize_code(plain));
    hash = code_hash(secret, purpose, user_id, normalize_code(out.code));
  }
  c.query(
      "INSERT INTO account_codes (id, user_id, purpose, code_hash, batch_id, issued_by, created_at, "
      "expires_at) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
      out.id, user_id, purpose_name(purpose), hash, batch_id,
      actor.empty() ? std::nullopt : std::optional(actor), now, expires_at);
  auto after = audit_row(user_id, purpose, expires_at);
  after["batchId"] = batch_id;
  audit::record(c, actor.empty() ? user_id : actor, "account-code.issue", "account-codes", out.id,
                std::nullopt, after, ip);
  return out;
}

int revoke_live(db::Connection& c, const std::string& user_id, Purpose purpose, const std::string& actor,
                const std::string& ip, std::int64_t now) {
  auto live =
      c.query(fmt::format("SELECT id FROM account_codes WHERE user_id = $1 AND purpose = $2 AND {}3", kLive),
              user_id, purpose_name(purpose), now);
  int n = 0;
  for (const auto& r : live.rows) n += revoke(c, r.str(0), actor.empty() ? user_id : actor, ip, now) ? 1 : 0;
  return n;
}

bool revoke(db::Connection& c, const std::string& id, const std::string& actor, const std::string& ip,
            std::int64_t now) {
  auto closed = close_live(c, id, "revoked_at = $1, revoked_by = $2", {now, actor});
  if (!closed) return false;
  audit::record(c, actor, "account-code.revoke", "account-codes", id,
                audit_row(closed->user_id, closed->purpose, closed->expires_at), std::nullopt, ip);
  return true;
}

std::optional<std::string> find_live(db::Connection& c, const std::string& secret, Purpose purpose,
                                     const std::string& user_id, const std::string& normalized,
                                     std::int64_t now) {
  if (normalized.empty()) return std::nullopt;
  auto row = c.query(fmt::format("SELECT id FROM account_codes WHERE code_hash = $1 AND user_id = $2 AND "
                                 "purpose = $3 AND {}4",
                                 kLive),
                     code_hash(secret, purpose, user_id, normalized), user_id, purpose_name(purpose), now)
                 .first();
  if (!row) return std::nullopt;
  return row->str(0);
}

std::optional<LiveLink> find_live_link(db::Connection& c, const std::string& secret, const std::string& token,
                                       std::int64_t now) {
  if (token.empty() || token.size() > 100) return std::nullopt;
  auto row = c.query(fmt::format("SELECT id, user_id FROM account_codes WHERE code_hash = $1 AND purpose = "
                                 "'reset_link' AND {}2",
                                 kLive),
                     link_hash(secret, token), now)
                 .first();
  if (!row) return std::nullopt;
  return LiveLink{row->str(0), row->str(1)};
}

bool use(db::Connection& c, const std::string& id, const std::string& user_id, const std::string& ip,
         std::int64_t now) {
  auto closed = close_live(c, id, "used_at = $1", {now});
  if (!closed) return false;
  auto after = audit_row(user_id, closed->purpose, closed->expires_at);
  after["usedAt"] = iso8601(now);
  audit::record(c, user_id, "account-code.use", "account-codes", id, std::nullopt, after, ip);
  return true;
}

}  // namespace shopfloor::accounts
