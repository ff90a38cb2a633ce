// A person's own list, newest first, a page at a time (notifications, the points ledger): ids are UUIDv7,
// so id order is creation order and the last id of one page is where the next begins.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::db {

struct NewestPage {
  std::vector<Row> rows;  // at most `limit`
  bool more = false;      // older rows follow
};

// `select_from` is "SELECT <columns> FROM <table>"; the table has user_id and id. `before` is the last id of
// the previous page, "" for the first.
inline NewestPage newest_first(Connection& c, const std::string& select_from, const std::string& user_id,
                               const std::string& before, std::int64_t limit) {
  std::vector<Value> params{user_id, limit + 1};
  std::string sql = select_from + " WHERE user_id = $1";
  if (!before.empty()) {
    params.emplace_back(before);
    sql += " AND id < $3";
  }
  NewestPage page;
  page.rows = c.exec(sql + " ORDER BY id DESC LIMIT $2", params).rows;
  page.more = static_cast<std::int64_t>(page.rows.size()) > limit;
  if (page.more) page.rows.erase(page.rows.begin() + limit, page.rows.end());
  return page;
}

}  // namespace shopfloor::db
