// Periods of a pulse survey in Asia/Bangkok time (UTC+7, no daylight saving): ISO weeks (Monday 00:00) or
// calendar months. A period is a whole number, so "the last n periods" is arithmetic: weeks since Monday
// 1970-01-05 (Bangkok), or year * 12 + (month - 1). The key shown to people is "2026-W48" or "2026-11".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shopfloor::pulse {

enum class Recurrence { weekly, monthly };

Recurrence recurrence_of(std::string_view name);  // anything but "monthly" is weekly

std::int64_t period_at(Recurrence r, std::int64_t epoch_ms);
std::string key_of(Recurrence r, std::int64_t period);
std::optional<std::int64_t> period_of_key(Recurrence r, std::string_view key);  // nullopt: not a key of r
std::int64_t start_of(Recurrence r, std::int64_t period);                       // epoch ms (UTC)

}  // namespace shopfloor::pulse
