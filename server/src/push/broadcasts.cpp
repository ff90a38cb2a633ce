#include "push/broadcasts.hpp"

#include "jobs/leased_batches.hpp"
#include "push/queue.hpp"
#include "push/sender.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::push {

namespace {

// A node that dies mid-batch leaves the broadcast to another after this (a batch takes well under it); the
// lease and batch loop are jobs/leased_batches.hpp's, shared with the audience jobs.
constexpr std::int64_t fanout_lease_ms = 60'000;

void on_sent(db::Connection& c, const triggers::Happening& h) {
  auto title = c.query("SELECT title FROM broadcasts WHERE id = $1", h.subject_id).first();
  if (!title) return;
  c.query(
      "INSERT INTO push_fanouts (broadcast_id, title, created_at) VALUES ($1, $2, $3) "
      "ON CONFLICT (broadcast_id) DO NOTHING",
      h.subject_id, title->str(0), now_ms());
  Sender::wake_after_commit(c);
}

}  // namespace

void fan_out_broadcasts() {
  triggers::listen(triggers::broadcast_sent, on_sent);
}

bool expand_fanouts(http::Services& app, int batch, std::int64_t now) {
  static const jobs::LeasedTable fanouts{"push_fanouts", "broadcast_id", "title", fanout_lease_ms};
  return jobs::step_oldest(
      *app.db, fanouts,
      [&](db::Connection& c, const db::Row& job) -> std::optional<std::string> {
        std::string id = job.str(0);
        std::vector<std::string> people;
        for (const auto& r :
             c.query("SELECT user_id FROM broadcast_deliveries WHERE broadcast_id = $1 AND user_id > "
                     "$2 ORDER BY user_id LIMIT " +
                         std::to_string(batch),
                     id, job.str(1))
                 .rows)
          people.push_back(r.str(0));
        if (people.empty()) return std::nullopt;  // every recipient has theirs (or the broadcast was deleted)
        Push p;
        p.title = both(job.str(2));
        p.body = {"ข้อความใหม่จากสำนักงาน แตะเพื่ออ่าน", "A new message from the office. Tap to read it."};
        p.url = p.tag = "/messager/b/" + id;
        p.kind = "messages";
        p.broadcast_id = id;
        queue_push(c, people, p, now);
        return people.back();
      },
      now);
}

}  // namespace shopfloor::push
