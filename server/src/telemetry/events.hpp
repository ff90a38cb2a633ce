// Telemetry events (SPEC §4): what the client records, validated at the edge before anything is stored.
#pragma once

#include <boost/json/value.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/api_error.hpp"

namespace shopfloor::telemetry {

// item: a person saw ("view") or tapped ("tap") one item of an area that counts them (counted_items()).
enum class EventType { activity, click, page_time, scroll_time, page_view, web_vital, item };

struct Event {
  EventType type;
  std::string user_id;  // a user id or "anonymous"
  std::int64_t at = 0;  // epoch ms
  std::string url;      // page for activity; clicked page for clicks (may be empty)
  std::string action;   // activity: "view"
  std::string element;  // click: markup, at most max_element_bytes
  std::int64_t duration_ms = 0;
  std::optional<std::string> referrer;
  std::string vital_name;  // LCP, INP, CLS, FCP, TTFB
  double vital_value = 0;
  std::optional<std::string> vital_rating;
  std::string resource, item_id;  // item: the area (e.g. "home-slides") and the item's id; action view/tap
  // The device's key of the batch the event came in (empty: none), the same on every resend, and which
  // add() to the write buffer brought it (the first of two adds of one key is the one kept).
  std::string batch_key;
  std::uint64_t batch_no = 0;
};

// A batch key as the tracker makes it (a UUID): 8 to 64 of A-Z, a-z, 0-9, '-' and '_'.
bool valid_batch_key(std::string_view key);

// Areas whose items count views and taps: resource name → its table, which has `impressions` and `taps`
// columns the telemetry writer keeps as running totals. Areas register at start, before serving.
void count_items(std::string resource, std::string table);
const std::map<std::string, std::string, std::less<>>& counted_items();

inline constexpr std::size_t max_element_bytes = 1024;
inline constexpr std::size_t max_url_bytes = 2048;
inline constexpr std::size_t max_events_per_batch = 200;

// Parses one event object. `who` is the signed-in user's id (or "anonymous"): an event recorded as
// anyone else is refused. Errors go into `errors` under "<prefix>.<field>"; returns nullopt on any.
std::optional<Event> parse_event(const boost::json::value& v, const std::string& who, std::int64_t now,
                                 const std::string& prefix, http::FieldErrors& errors, bool& spoofed);

std::string_view type_name(EventType t);

}  // namespace shopfloor::telemetry
