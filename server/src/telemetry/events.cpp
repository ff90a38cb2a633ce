#include "telemetry/events.hpp"

#include <cmath>

#include "util/enum_names.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::telemetry {

namespace json = boost::json;

namespace {
std::map<std::string, std::string, std::less<>>& counted() {
  static std::map<std::string, std::string, std::less<>> m;
  return m;
}
}  // namespace

void count_items(std::string resource, std::string table) {
  counted()[std::move(resource)] = std::move(table);
}

const std::map<std::string, std::string, std::less<>>& counted_items() {
  return counted();
}

static constexpr EnumNames<EventType, 7> event_types{{{EventType::activity, "activity"},
                                                      {EventType::click, "click"},
                                                      {EventType::page_time, "page_time"},
                                                      {EventType::scroll_time, "scroll_time"},
                                                      {EventType::page_view, "page_view"},
                                                      {EventType::web_vital, "web_vital"},
                                                      {EventType::item, "item"}}};

std::string_view type_name(EventType t) {
  return event_types.name(t);
}

static std::optional<EventType> parse_type(std::string_view s) {
  return event_types.parse(s);
}

namespace {
struct Reader {
  const json::object& o;
  const std::string& prefix;
  http::FieldErrors& errors;

  void fail(const char* field, const http::Message& message) {
    errors.insert_or_assign(prefix + "." + field, message);
  }

  // The field's value, or null when absent (REQUIRED when it must be there).
  const json::value* present(const char* field, bool required) {
    auto* v = o.if_contains(field);
    if (v && !v->is_null()) return v;
    if (required) fail(field, msg::REQUIRED);
    return nullptr;
  }

  std::optional<std::string> text(const char* field, bool required, std::size_t max_bytes) {
    auto* v = present(field, required);
    if (!v) return std::nullopt;
    if (!v->is_string()) {
      fail(field, msg::MUST_BE_TEXT);
      return std::nullopt;
    }
    if (v->as_string().size() > max_bytes) {
      fail(field, {msg::MAX_BYTES, {{"count", max_bytes}}});
      return std::nullopt;
    }
    return std::string(v->as_string());
  }

  std::optional<double> number(const char* field, bool required) {
    auto* v = present(field, required);
    if (!v) return std::nullopt;
    if (!v->is_number()) {
      fail(field, msg::MUST_BE_NUMBER);
      return std::nullopt;
    }
    double d = v->to_number<double>();
    if (!std::isfinite(d)) {
      fail(field, msg::MUST_BE_FINITE_NUMBER);
      return std::nullopt;
    }
    return d;
  }
};
}  // namespace

std::optional<Event> parse_event(const json::value& v, const std::string& who, std::int64_t now,
                                 const std::string& prefix, http::FieldErrors& errors, bool& spoofed) {
  if (!v.is_object()) {
    errors[prefix] = msg::MUST_BE_OBJECT;
    return std::nullopt;
  }
  const std::size_t errors_before = errors.size();
  Reader r{v.as_object(), prefix, errors};
  Event e{};
  auto type = r.text("type", true, 32);
  if (type) {
    if (auto t = parse_type(*type))
      e.type = *t;
    else
      r.fail("type", msg::UNKNOWN_EVENT_TYPE);
  }
  if (auto user = r.text("userId", true, 64)) {
    if (*user != who && *user != "anonymous") spoofed = true;
    e.user_id = *user;
  }
  // Client clocks drift: keep the client's time only when it is plausible, else use ours.
  e.at = now;
  if (auto t = r.number("time", false); t && std::abs(*t - static_cast<double>(now)) < 24.0 * 3600 * 1000)
    e.at = static_cast<std::int64_t>(*t);
  if (errors.size() != errors_before) return std::nullopt;

  auto duration = [&]() -> std::int64_t {
    auto d = r.number("duration", true);
    if (d && (*d < 0 || *d > 24.0 * 3600 * 1000)) r.fail("duration", msg::DURATION_RANGE);
    return d ? static_cast<std::int64_t>(*d) : 0;
  };
  switch (e.type) {
    case EventType::activity: {
      e.url = r.text("page", true, max_url_bytes).value_or("");
      e.action = r.text("action", true, 32).value_or("");
      if (!e.action.empty() && e.action != "view") r.fail("action", msg::VIEW_ACTION);
      break;
    }
    case EventType::click:
      e.element = r.text("element", true, max_element_bytes).value_or("");
      e.url = r.text("url", false, max_url_bytes).value_or("");
      break;
    case EventType::page_time:
    case EventType::scroll_time:
      e.duration_ms = duration();
      e.url = r.text("url", true, max_url_bytes).value_or("");
      break;
    case EventType::page_view:
      e.url = r.text("url", true, max_url_bytes).value_or("");
      e.referrer = r.text("referrer", false, max_url_bytes);
      break;
    case EventType::web_vital: {
      e.vital_name = r.text("name", true, 16).value_or("");
      if (!e.vital_name.empty() && e.vital_name != "LCP" && e.vital_name != "INP" && e.vital_name != "CLS" &&
          e.vital_name != "FCP" && e.vital_name != "TTFB")
        r.fail("name", msg::WEB_VITAL);
      auto value = r.number("value", true);
      if (value && (*value < 0 || *value > 1e7)) r.fail("value", msg::OUT_OF_RANGE);
      e.vital_value = value.value_or(0);
      e.vital_rating = r.text("rating", false, 32);
      e.url = r.text("url", true, max_url_bytes).value_or("");
      break;
    }
    case EventType::item: {
      // Counts shown to editors: only signed-in people (who see the items) add to them.
      if (who == "anonymous") r.fail("userId", msg::SIGN_IN_TO_CONTINUE);
      e.resource = r.text("resource", true, 64).value_or("");
      if (!e.resource.empty() && !counted().contains(e.resource)) r.fail("resource", msg::NO_SUCH_RESOURCE);
      e.item_id = r.text("id", true, 64).value_or("");
      if (!e.item_id.empty() && !plausible_id(e.item_id)) r.fail("id", msg::MUST_BE_ID);
      e.action = r.text("action", true, 32).value_or("");
      if (!e.action.empty() && e.action != "view" && e.action != "tap")
        r.fail("action", msg::VIEW_OR_TAP_ACTION);
      e.url = r.text("url", false, max_url_bytes).value_or("");
      break;
    }
  }
  if (has_control_chars(e.url)) r.fail(e.type == EventType::activity ? "page" : "url", msg::NO_CONTROL_CHARS);
  if (errors.size() != errors_before) return std::nullopt;
  return e;
}

bool valid_batch_key(std::string_view key) {
  if (key.size() < 8 || key.size() > 64) return false;
  for (char ch : key)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
          ch == '_'))
      return false;
  return true;
}

}  // namespace shopfloor::telemetry
