#include "push/deliveries.hpp"

#include <string_view>

#include "util/ids.hpp"

namespace shopfloor::push {

namespace {

std::string param(const notifications::Notice& n, const char* key) {
  const auto* v = n.params.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// Notice types whose push is a fixed title over one of the notice's parameters.
struct Plain {
  std::string_view type;
  Text title;
  const char* body_param;
  const char* kind;
};
const Plain plain_pushes[] = {
    {"badge_earned", {"ได้รับเหรียญใหม่", "You earned a new badge"}, "badge", "badges"},
    {"course_assigned", {"มีหลักสูตรใหม่ให้คุณเรียน", "A new course for you"}, "course", "courses"},
    {"course_due", {"หลักสูตรใกล้ถึงกำหนดส่ง", "A course is due soon"}, "course", "courses"},
    {"course_due_tomorrow", {"หลักสูตรครบกำหนดพรุ่งนี้", "A course is due tomorrow"}, "course", "courses"},
    {"certificate_expiring",
     {"ใบรับรองใกล้หมดอายุ: เรียนทบทวน", "Your certificate expires soon: learn it again"},
     "certificate",
     "courses"},
    {"message", {"ข้อความใหม่จากสำนักงาน", "A new message from the office"}, "title", "messages"},
    {"event_promoted", {"คุณได้ที่นั่งแล้ว", "You have a seat now"}, "title", "events"},
};

}  // namespace

std::optional<Push> push_of(const notifications::Notice& n) {
  Push p;
  if (n.type == "redemption_status") {
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
  } else if (n.type == "drill_streak") {
    const auto* days = n.params.if_contains("streak");
    std::string count = days && days->is_int64() ? std::to_string(days->as_int64()) : std::string("?");
    p.title = {"ฝึกวันนี้ 3 นาที ก่อนสถิติต่อเนื่องหาย", "Today's 3-minute drill keeps your streak"};
    p.body = {"คุณฝึกต่อเนื่องมา " + count + " วัน สถิติจะหายเมื่อสิ้นวันนี้",
              "You have drilled " + count + " days in a row: the streak ends at midnight"};
    p.kind = "courses";
  } else if (n.type == "event_reminder") {
    bool hour = param(n, "when") == "hour";
    p.title = hour ? Text{"กิจกรรมจะเริ่มภายในหนึ่งชั่วโมง", "Starting within the hour"}
                   : Text{"กิจกรรมที่คุณลงทะเบียนไว้ใกล้ถึงแล้ว", "Coming up: an event you signed up for"};
    p.body = both(param(n, "title") + " · " + param(n, "at"));
    p.kind = "events";
    p.urgency = hour ? "high" : "normal";
    p.ttl_s = hour ? 3600 : 24 * 3600;  // a reminder after the start is of no use
  } else if (n.type == "live_quiz_started") {
    p.title = {"ควิซสดกำลังจะเริ่ม แตะเพื่อเข้าร่วม", "A live quiz is starting: tap to join"};
    p.body = both(param(n, "title") + " · PIN " + param(n, "pin"));
    p.kind = "events";
    p.urgency = "high";
    p.ttl_s = 30 * 60;  // an idle lobby closes after LIVE_LOBBY_IDLE_MINUTES (30 by default)
  } else {
    const Plain* plain = nullptr;
    for (const auto& candidate : plain_pushes)
      if (candidate.type == n.type) plain = &candidate;
    if (!plain) return std::nullopt;
    p.title = plain->title;
    p.body = both(param(n, plain->body_param));
    p.kind = plain->kind;
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
