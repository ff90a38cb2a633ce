#include "push/deliveries.hpp"

#include "util/ids.hpp"

namespace shopfloor::push {

namespace {

std::string param(const notifications::Notice& n, const char* key) {
  const auto* v = n.params.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

}  // namespace

std::optional<Push> push_of(const notifications::Notice& n) {
  Push p;
  if (n.type == "badge_earned") {
    p.title = {"ได้รับเหรียญใหม่", "You earned a new badge"};
    p.body = both(param(n, "badge"));
    p.kind = "badges";
  } else if (n.type == "redemption_status") {
    std::string status = param(n, "status"), reward = param(n, "reward"), reason = param(n, "reason");
    if (status == "approved")
      p.title = {"อนุมัติการแลกรางวัลแล้ว", "Your reward is approved"};
    else if (status == "fulfilled")
      p.title = {"ได้รับรางวัลแล้ว", "Your reward has been handed over"};
    else if (status == "rejected")
      p.title = {"ไม่อนุมัติการแลกรางวัล", "Your redemption was not approved"};
    else
      return std::nullopt;  // pending and cancelled: the person's own doing, or told on the spot
    p.body = both(reason.empty() ? reward : reward + " — " + reason);
    p.kind = "rewards";
  } else if (n.type == "course_assigned") {
    p.title = {"มีหลักสูตรใหม่ให้คุณเรียน", "A new course for you"};
    p.body = both(param(n, "course"));
    p.kind = "courses";
  } else if (n.type == "course_due") {
    p.title = {"หลักสูตรใกล้ถึงกำหนดส่ง", "A course is due soon"};
    p.body = both(param(n, "course"));
    p.kind = "courses";
  } else if (n.type == "message") {
    p.title = {"ข้อความใหม่จากสำนักงาน", "A new message from the office"};
    p.body = both(param(n, "title"));
    p.kind = "messages";
  } else if (n.type == "event_promoted") {
    p.title = {"คุณได้ที่นั่งแล้ว", "You have a seat now"};
    p.body = both(param(n, "title"));
    p.kind = "events";
  } else {
    return std::nullopt;
  }
  // A newer push about the same thing (a course, a thread, a redemption list) replaces the older one.
  p.url = n.link.empty() ? "/notifications" : n.link;
  p.tag = p.url;
  return p;
}

void deliver_notices() {
  notifications::set_delivery([](db::Connection& c, const notifications::Notice& n, const std::string& id) {
    auto p = push_of(n);
    if (!p) return;
    p->notification_id = id;
    queue_push(c, n.user_id, *p, now_ms());
  });
}

}  // namespace shopfloor::push
