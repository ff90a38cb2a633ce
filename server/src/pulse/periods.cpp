#include "pulse/periods.hpp"

#include <chrono>
#include <cstdio>

namespace shopfloor::pulse {

namespace {

using namespace std::chrono;
constexpr std::int64_t day_ms = 86'400'000, bangkok_ms = 7 * 3'600'000;
constexpr std::int64_t first_monday = 4;  // 1970-01-05, days since the epoch

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

std::int64_t days_of(const year_month_day& d) {
  return sys_days(d).time_since_epoch().count();
}

year_month_day date_of(std::int64_t days) {
  return year_month_day(sys_days(std::chrono::days(days)));
}

// The Monday of ISO week 1 of `y`: the week holding 4 January.
std::int64_t iso_week_one(int y) {
  auto jan4 = days_of(year(y) / January / 4);
  return jan4 - (jan4 - first_monday - floor_div(jan4 - first_monday, 7) * 7);
}

}  // namespace

Recurrence recurrence_of(std::string_view name) {
  return name == "monthly" ? Recurrence::monthly : Recurrence::weekly;
}

std::int64_t period_at(Recurrence r, std::int64_t epoch_ms) {
  std::int64_t days = floor_div(epoch_ms + bangkok_ms, day_ms);
  if (r == Recurrence::weekly) return floor_div(days - first_monday, 7);
  auto d = date_of(days);
  return static_cast<int>(d.year()) * 12 + static_cast<unsigned>(d.month()) - 1;
}

std::int64_t start_of(Recurrence r, std::int64_t period) {
  std::int64_t days =
      r == Recurrence::weekly
          ? period * 7 + first_monday
          : days_of(year(static_cast<int>(floor_div(period, 12))) /
                    month(static_cast<unsigned>(period - floor_div(period, 12) * 12 + 1)) / 1);
  return days * day_ms - bangkok_ms;
}

std::string key_of(Recurrence r, std::int64_t period) {
  char out[16];
  if (r == Recurrence::monthly) {
    std::snprintf(out, sizeof out, "%04lld-%02lld", static_cast<long long>(floor_div(period, 12)),
                  static_cast<long long>(period - floor_div(period, 12) * 12 + 1));
    return out;
  }
  // The ISO year is the year of the week's Thursday.
  std::int64_t monday = period * 7 + first_monday;
  int y = static_cast<int>(date_of(monday + 3).year());
  std::int64_t week = (monday - iso_week_one(y)) / 7 + 1;
  std::snprintf(out, sizeof out, "%04d-W%02lld", y, static_cast<long long>(week));
  return out;
}

std::optional<std::int64_t> period_of_key(Recurrence r, std::string_view key) {
  int y = 0, n = 0;
  char rest = 0;
  std::string k(key);
  bool parsed = r == Recurrence::weekly ? std::sscanf(k.c_str(), "%4d-W%2d%c", &y, &n, &rest) == 2
                                        : std::sscanf(k.c_str(), "%4d-%2d%c", &y, &n, &rest) == 2;
  if (!parsed || y < 2000 || y > 2200 || n < 1 || n > (r == Recurrence::weekly ? 53 : 12))
    return std::nullopt;
  std::int64_t period = r == Recurrence::weekly ? (iso_week_one(y) - first_monday) / 7 + (n - 1)
                                                : static_cast<std::int64_t>(y) * 12 + (n - 1);
  if (key_of(r, period) != key) return std::nullopt;  // e.g. week 53 of a 52-week year
  return period;
}

}  // namespace shopfloor::pulse
