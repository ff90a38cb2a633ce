#include "push/preferences.hpp"

#include <algorithm>

#include "http/api_error.hpp"
#include "http/messages.hpp"

namespace shopfloor::push {

namespace json = boost::json;

namespace {

constexpr std::int64_t minute_ms = 60'000;
constexpr std::int64_t day_minutes = 24 * 60;
constexpr std::int64_t bangkok_offset_minutes = 7 * 60;  // UTC+7, no daylight saving

bool is_kind(std::string_view k) {
  return std::find(kinds.begin(), kinds.end(), k) != kinds.end();
}

// 0..1439 → "HH:MM".
std::string hhmm(int minutes) {
  auto two = [](int n) {
    return std::string(1, static_cast<char>('0' + n / 10)) + static_cast<char>('0' + n % 10);
  };
  return two(minutes / 60) + ":" + two(minutes % 60);
}

// "HH:MM", 00:00 to 23:59.
std::optional<int> parse_hhmm(const json::value* v) {
  if (!v || !v->is_string()) return std::nullopt;
  std::string_view s = v->as_string();
  if (s.size() != 5 || s[2] != ':') return std::nullopt;
  for (std::size_t i : {0u, 1u, 3u, 4u})
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
  int h = (s[0] - '0') * 10 + (s[1] - '0'), m = (s[3] - '0') * 10 + (s[4] - '0');
  if (h > 23 || m > 59) return std::nullopt;
  return h * 60 + m;
}

}  // namespace

Preferences preferences_of(const std::string& muted, std::optional<std::int64_t> quiet_from,
                           std::optional<std::int64_t> quiet_to) {
  Preferences p;
  for (std::size_t start = 0; start < muted.size();) {
    auto comma = muted.find(',', start);
    if (comma == std::string::npos) comma = muted.size();
    if (comma > start) p.muted.insert(muted.substr(start, comma - start));
    start = comma + 1;
  }
  if (quiet_from && quiet_to && *quiet_from != *quiet_to)
    p.quiet = QuietHours{static_cast<int>(*quiet_from), static_cast<int>(*quiet_to)};
  return p;
}

Preferences load_preferences(db::Connection& c, const std::string& user_id) {
  auto r =
      c.query("SELECT muted, quiet_from, quiet_to FROM push_settings WHERE user_id = $1", user_id).first();
  if (!r) return {};
  return preferences_of(r->str(0), r->opt_i64(1), r->opt_i64(2));
}

std::int64_t release_at(const Preferences& p, std::int64_t now) {
  if (!p.quiet) return now;
  std::int64_t minute = (now / minute_ms + bangkok_offset_minutes) % day_minutes;
  auto [from, to] = *p.quiet;
  bool quiet = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!quiet) return now;
  std::int64_t wait = (to - minute + day_minutes) % day_minutes;  // whole minutes to the end
  return (now / minute_ms + wait) * minute_ms;
}

json::object preferences_json(const Preferences& p) {
  json::object on;
  for (auto k : kinds) on[k] = p.wants(k);
  json::value quiet = nullptr;
  if (p.quiet) quiet = json::object{{"from", hhmm(p.quiet->from)}, {"to", hhmm(p.quiet->to)}};
  return json::object{{"kinds", std::move(on)}, {"quietHours", std::move(quiet)}};
}

void apply_patch(Preferences& p, const json::object& body) {
  http::FieldErrors errors;
  for (const auto& [key, value] : body) {
    if (key == "kinds") {
      if (!value.is_object()) {
        errors["kinds"] = msg::MUST_BE_OBJECT;
        continue;
      }
      for (const auto& [kind, on] : value.as_object()) {
        std::string field = "kinds." + std::string(kind);
        if (!is_kind(kind))
          errors[field] = msg::PUSH_KIND_UNKNOWN;
        else if (!on.is_bool())
          errors[field] = msg::MUST_BE_BOOLEAN;
        else if (on.as_bool())
          p.muted.erase(std::string(kind));
        else
          p.muted.insert(std::string(kind));
      }
    } else if (key == "quietHours") {
      if (value.is_null()) {
        p.quiet.reset();
        continue;
      }
      const auto* o = value.if_object();
      auto from = o ? parse_hhmm(o->if_contains("from")) : std::nullopt;
      auto to = o ? parse_hhmm(o->if_contains("to")) : std::nullopt;
      if (!from || !to || *from == *to || o->size() != 2)
        errors["quietHours"] = msg::PUSH_QUIET_HOURS;
      else
        p.quiet = QuietHours{*from, *to};
    } else {
      errors[std::string(key)] = msg::UNKNOWN_FIELD;
    }
  }
  if (!errors.empty()) throw http::ApiError::validation(std::move(errors));
}

void save_preferences(db::Connection& c, const std::string& user_id, const Preferences& p, std::int64_t now) {
  std::string muted;
  for (const auto& k : p.muted) muted += (muted.empty() ? "" : ",") + k;
  std::optional<std::int64_t> from, to;  // NULL: no quiet hours
  if (p.quiet) {
    from = p.quiet->from;
    to = p.quiet->to;
  }
  c.query(
      "INSERT INTO push_settings (user_id, muted, quiet_from, quiet_to, updated_at) VALUES ($1, $2, $3, $4, "
      "$5) "
      "ON CONFLICT (user_id) DO UPDATE SET muted = $2, quiet_from = $3, quiet_to = $4, updated_at = $5",
      user_id, muted, from, to, now);
  // Pushes held for the old quiet hours go by the new ones (now, when there are none). Only never-tried,
  // unclaimed rows: a retry's backoff is the push service's wish, not the person's.
  std::int64_t release = release_at(p, now);
  c.query(
      "UPDATE push_outbox SET next_at = $2, created_at = $2 WHERE attempts = 0 AND claimed_until IS NULL AND "
      "next_at > $3 AND subscription_id IN (SELECT id FROM push_subscriptions WHERE user_id = $1)",
      user_id, release, now);
}

}  // namespace shopfloor::push
