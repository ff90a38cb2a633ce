// The one gate for staff reads of a publishable area (traits.hpp: publishable + audience): an item is for
// the viewer when it is published, inside its window now and in the viewer's audience; anything else is
// answered as if it did not exist (404). SQL takes status and window; the audience is matched here, so no
// area re-implements either.
//
//   StaffGate gate{viewer, now};
//   auto row = gate.item(c, "exams", "id, title", id);          // nullopt → 404
//   auto rows = gate.rows(c, "SELECT s.id, s.title, s.audience_json FROM home_slides s WHERE 1 = 1" +
//                            gate.published("s", 1) + " ORDER BY s.position", {now}, 2);
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "resources/audience.hpp"

namespace shopfloor::resources {

class StaffGate {
 public:
  StaffGate(const Viewer& viewer, std::int64_t now) : viewer_(viewer), now_(now) {}

  const Viewer& viewer() const { return viewer_; }
  std::int64_t now() const { return now_; }

  // " AND <alias>.status = 'published' AND <window holds now>": bind now() as parameter n.
  std::string published(std::string_view alias, int n) const { return published_sql(alias, n); }
  bool admits(std::string_view audience_json) const { return matches(audience_json, viewer_); }
  // For rows already in memory (e.g. a cached catalogue).
  bool admits(std::string_view status, std::optional<std::int64_t> start_at,
              std::optional<std::int64_t> end_at, const Audience& audience) const {
    return is_published(status, start_at, end_at, now_) && matches(audience, viewer_);
  }

  // The rows of `sql` (already restricted with published()) whose column `audience_column` admits the
  // viewer, in order, at most `limit`.
  std::vector<db::Row> rows(db::Connection& c, const std::string& sql, const std::vector<db::Value>& params,
                            std::size_t audience_column,
                            std::size_t limit = std::numeric_limits<std::size_t>::max()) const;

  // One item of `table` by id, its `columns` selected (audience_json is added last): nullopt unless the
  // viewer may read it now.
  std::optional<db::Row> item(db::Connection& c, std::string_view table, std::string_view columns,
                              const std::string& id) const;

 private:
  const Viewer& viewer_;
  std::int64_t now_;
};

}  // namespace shopfloor::resources
