// The one gate for staff reads of a publishable area (traits.hpp: publishable(), audience_field()): an item
// is for the viewer when it is published, inside its window now and in the viewer's audience; anything else
// is answered as if it did not exist (404). The gate writes that part of every such query itself, from the
// table's declaration (its status, window and audience columns, by name), so no area can forget it:
//
//   Awaitable list_slides(http::Context& ctx) {
//     auto body = co_await resources::staff_read(ctx, [&](db::Connection& c, const StaffGate& gate) {
//       auto rows = gate.from("home_slides", "s")
//                       .select("s.id, s.title, m.hash")
//                       .join("JOIN media m ON m.id = s.image_media_id")
//                       .order_by("s.position, s.id")
//                       .limit(10)
//                       .rows(c);
//       ...
//     });
//   }
//
// tests/unit/staff_reads_test.cpp fails when a staff route's SQL names a publishable table instead.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "auth/session_registry.hpp"
#include "db/database.hpp"
#include "http/context.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "resources/audience.hpp"
#include "util/ids.hpp"

namespace shopfloor::resources {

class StaffGate;

// One read of a publishable table for one viewer. The area gives its columns, joins, conditions and order,
// each fragment with its own $1..$n (renumbered into the query); the gate adds the table's status and window
// conditions and reads its audience column itself (appended as the last column of every row).
class StaffQuery {
 public:
  // Columns of the table (by its alias) and of what is joined.
  StaffQuery& select(std::string_view columns, std::vector<db::Value> params = {});
  StaffQuery& join(std::string_view join, std::vector<db::Value> params = {});
  StaffQuery& where(std::string_view condition, std::vector<db::Value> params = {});
  StaffQuery& order_by(std::string_view order, std::vector<db::Value> params = {});
  // For items without an audience of their own: the audience of their parent, joined as `table alias ON
  // on` (a pulse's "you said, we did" updates are for the pulse's audience).
  StaffQuery& audience_from(std::string_view table, std::string_view alias, std::string_view on);
  // At most n rows the viewer may see (the audience is matched after the SQL, so this is not a SQL LIMIT).
  StaffQuery& limit(std::size_t n);

  // The window, when the area's own rules need more than "started and not ended":
  // items that ended at most `ms` ago are still read (a closed poll shown with its results; no argument:
  // however long ago),
  StaffQuery& shown_after_end(std::int64_t ms = std::numeric_limits<std::int64_t>::max());
  // or status and audience only, whatever the window (the caller answers "not open" itself).
  StaffQuery& any_window();

  std::vector<db::Row> rows(db::Connection& c) const;
  std::optional<db::Row> first(db::Connection& c) const;
  // The item with this id (nullopt for an id that is not plausible, without asking the database).
  std::optional<db::Row> by_id(db::Connection& c, const std::string& id) const;

  // The statement and parameters rows() runs (for tests and EXPLAIN).
  std::pair<std::string, std::vector<db::Value>> sql() const;

 private:
  friend class StaffGate;
  StaffQuery(const StaffGate& gate, std::string table, std::string alias);

  struct Fragment {
    std::string sql;
    std::vector<db::Value> params;
  };
  const StaffGate& gate_;
  std::string table_, alias_;
  std::string status_column_, start_column_, end_column_, audience_column_;  // of the declaration
  std::vector<Fragment> select_, join_, where_, order_;
  std::size_t limit_ = std::numeric_limits<std::size_t>::max();
  enum class Window { now, after_end, any } window_ = Window::now;
  std::int64_t after_end_ms_ = 0;
};

class StaffGate {
 public:
  StaffGate(Viewer viewer, std::int64_t now) : viewer_(std::move(viewer)), now_(now) {}
  // Nobody signed in (share pages): only items for everyone pass.
  static StaffGate anyone(std::int64_t now) { return StaffGate(Viewer{}, now); }
  // The back office's preview of an item as staff will see it: every status, window and audience passes.
  static StaffGate preview(std::int64_t now) {
    StaffGate g(Viewer{}, now);
    g.preview_ = true;
    return g;
  }

  const Viewer& viewer() const { return viewer_; }
  const std::string& user_id() const { return viewer_.user_id; }
  std::int64_t now() const { return now_; }
  bool is_preview() const { return preview_; }

  // A read of `table` (declared publishable()) under `alias`. Outside the server (a command-line seed, with
  // no declarations registered) the conventional columns: status, start_at, end_at, audience_json.
  StaffQuery from(std::string table, std::string alias = "t") const;

  // For rows already in memory (a cached catalogue): the same rule.
  bool admits(std::string_view status, std::optional<std::int64_t> start_at,
              std::optional<std::int64_t> end_at, const Audience& audience) const {
    return preview_ || (is_published(status, start_at, end_at, now_) && matches(audience, viewer_));
  }
  bool admits(const Audience& audience) const { return preview_ || matches(audience, viewer_); }

 private:
  Viewer viewer_;
  std::int64_t now_;
  bool preview_ = false;
};

// What every staff handler starts with: the signed-in viewer, the time and the gate, inside a read (or
// write) transaction. fn(db::Connection&, const StaffGate&) returns the handler's answer.
template <class F>
auto staff_transact(http::Context& ctx, F fn, db::TxMode mode)
    -> boost::asio::awaitable<std::invoke_result_t<F&, db::Connection&, const StaffGate&>> {
  // The viewer from the session's audience columns: no statement of its own (audience.hpp).
  const http::SessionUser* user = ctx.user ? &*ctx.user : nullptr;
  auth::SessionCache& cache = ctx.app.get<auth::SessionRegistry>().cache();
  co_return co_await ctx.app.db->transact(
      [&fn, user, &cache](db::Connection& c) {
        StaffGate gate{load_viewer(c, user, cache), now_ms()};
        return fn(c, static_cast<const StaffGate&>(gate));
      },
      mode);
}
template <class F>
auto staff_read(http::Context& ctx, F fn) {
  return staff_transact(ctx, std::move(fn), db::TxMode::read);
}
template <class F>
auto staff_write(http::Context& ctx, F fn) {
  return staff_transact(ctx, std::move(fn), db::TxMode::write);
}
// A staff route answering one item by its ":id" (GET /api/polls/:id): fn(db::Connection&, const StaffGate&,
// const std::string& id) returns the answer, or nothing when the viewer may not see the item (404).
template <class F>
boost::asio::awaitable<http::Response> staff_item(http::Context& ctx, F fn) {
  std::string id = ctx.params.at("id");
  auto body =
      co_await staff_read(ctx, [&](db::Connection& c, const StaffGate& gate) { return fn(c, gate, id); });
  co_return http::json_or_not_found(ctx, body);
}
// The same for an area that finds its item first: find(c, gate, id) gives the item the viewer may see, or
// nothing (404); answer(c, gate, id, item) gives the answer.
template <class Find, class Answer>
boost::asio::awaitable<http::Response> staff_item(http::Context& ctx, Find find, Answer answer) {
  co_return co_await staff_item(ctx,
                                [&](db::Connection& c, const StaffGate& gate,
                                    const std::string& id) -> std::optional<boost::json::object> {
                                  auto item = find(c, gate, id);
                                  if (!item) return std::nullopt;
                                  return answer(c, gate, id, *item);
                                });
}

// Who is in any of `audiences`: active staff, narrowed in SQL by the stores, regions and positions the
// audiences name (a superset), then matched here (groups included). `where` narrows further on users `u` and
// stores `s` with its own $1..$n. For work done for a whole audience at once (a broadcast, the notices of a
// mandatory course, a report), one query however many audiences.
std::vector<Viewer> people_in(db::Connection& c, std::span<const Audience> audiences,
                              std::string_view where = {}, std::vector<db::Value> params = {});
inline std::vector<Viewer> people_in(db::Connection& c, const Audience& audience) {
  return people_in(c, std::span<const Audience>(&audience, 1));
}

// A publishable table named in SQL that reads it whatever its status, window and audience: the person's own
// records (their redemptions, claims, attempts) keep showing what they were about. In a file that serves
// staff, tests/unit/staff_reads_test.cpp accepts a publishable table only through the gate or this.
inline std::string any_state(std::string_view table) {
  return std::string(table);
}

// A publishable table named in SQL that reads more of an item the gate admitted above, in the same
// transaction (its long fields): accepted by the staff-reads test like any_state().
inline std::string admitted(std::string_view table) {
  return std::string(table);
}

// "$1 ... $n" in `sql` as "$<1+offset> ... $<n+offset>" (how the gate joins fragments into one statement).
std::string shift_placeholders(std::string_view sql, std::size_t offset);

}  // namespace shopfloor::resources
