#include "push/broadcasts.hpp"

#include "messages/messages.hpp"
#include "push/queue.hpp"

namespace shopfloor::push {

void fan_out_broadcasts() {
  messages::on_delivered([](db::Connection& c, const messages::DeliveredPage& page) {
    Push p;
    p.title = both(page.title);
    p.body = {"ข้อความใหม่จากสำนักงาน แตะเพื่ออ่าน", "A new message from the office. Tap to read it."};
    p.url = p.tag = "/messager/b/" + page.broadcast_id;
    p.kind = "messages";
    p.broadcast_id = page.broadcast_id;
    queue_push(c, page.users, p, page.now);
  });
}

}  // namespace shopfloor::push
