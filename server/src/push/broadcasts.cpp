#include "push/broadcasts.hpp"

#include "push/queue.hpp"
#include "push/sender.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::push {

namespace {

// A node that dies mid-batch leaves the broadcast to another after this (a batch takes well under it).
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
  // Most looks find nothing: a read first, as the senders' claim does.
  bool waiting = app.db->transact_sync(
      [&](db::Connection& c) {
        return !c.query(
                     "SELECT 1 FROM push_fanouts WHERE claimed_until IS NULL OR claimed_until < $1 LIMIT 1",
                     now)
                    .empty();
      },
      db::TxMode::read);
  if (!waiting) return false;
  return app.db->transact_sync([&](db::Connection& c) {
    // Claimed with a lease, conditionally: of two nodes, one gets it (the other's UPDATE finds it taken).
    auto job = c.query(
                    "SELECT broadcast_id, title, after_user FROM push_fanouts WHERE claimed_until IS NULL OR "
                    "claimed_until < $1 ORDER BY created_at LIMIT 1",
                    now)
                   .first();
    if (!job) return false;
    std::string id = job->str(0), after = job->str(2);
    if (c.query("UPDATE push_fanouts SET claimed_until = $2 WHERE broadcast_id = $1 AND after_user = $3 AND "
                "(claimed_until IS NULL OR claimed_until < $4)",
                id, now + fanout_lease_ms, after, now)
            .affected == 0)
      return false;
    std::vector<std::string> people;
    for (const auto& r :
         c.query("SELECT user_id FROM broadcast_deliveries WHERE broadcast_id = $1 AND user_id > "
                 "$2 ORDER BY user_id LIMIT " +
                     std::to_string(batch),
                 id, after)
             .rows)
      people.push_back(r.str(0));
    if (people.empty()) {  // every recipient has theirs (or the broadcast was deleted)
      c.query("DELETE FROM push_fanouts WHERE broadcast_id = $1", id);
      return true;
    }
    Push p;
    p.title = both(job->str(1));
    p.body = {"ข้อความใหม่จากสำนักงาน แตะเพื่ออ่าน", "A new message from the office. Tap to read it."};
    p.url = p.tag = "/messager/b/" + id;
    p.kind = "messages";
    p.broadcast_id = id;
    queue_push(c, people, p, now);
    // Released at once for the next batch (this node's next look, or another's).
    c.query("UPDATE push_fanouts SET after_user = $2, claimed_until = NULL WHERE broadcast_id = $1", id,
            people.back());
    return true;
  });
}

}  // namespace shopfloor::push
