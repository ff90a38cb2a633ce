// The kit's exports (the redemptions pick list, gift picks, attendees, survey answers, reports): rows grouped
// (by store, usually), as CSV (one file, the group first on each row) or XLSX (one sheet per group, written
// with libxlsxwriter).
#pragma once

#include <boost/asio/awaitable.hpp>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "http/context.hpp"
#include "http/response.hpp"
#include "http/router.hpp"

namespace shopfloor::db {
class Connection;
}

namespace shopfloor::resources {

struct ExportGroup {
  std::string name;  // the store ("" = delivery / no store)
  std::vector<std::vector<std::string>> rows;
};

struct ExportTable {
  std::string filename;  // without extension
  std::vector<std::string> header;
  std::vector<ExportGroup> groups;
  // The CSV's first column names the group ("store"); empty = one group, no such column.
  std::string group_column = "store";
  // The export's day is added to the file name (not when the name holds its own range).
  bool dated = true;

  // The rows of the group named `group`, the group added (in first-seen order) when new: the pick lists and
  // attendee lists group by store as they go. Groups pushed by hand are not seen here.
  std::vector<std::vector<std::string>>& rows_in(const std::string& group);
  std::map<std::string, std::size_t> group_index = {};  // rows_in()'s: group name -> place in groups
};

enum class ExportFormat { csv, xlsx };

// ?format=csv|xlsx (csv when absent); 400 EXPORT_FORMAT otherwise.
ExportFormat export_format(const http::Context& ctx);

// The file as a download (Content-Disposition: attachment).
http::Response export_response(const http::Context& ctx, const ExportTable& table, ExportFormat format);

// A whole export route: ?format= checked first (400 before anything is read), the table built in one read
// transaction, answered as the file.
boost::asio::awaitable<http::Response> export_read(http::Context& ctx,
                                                   std::function<ExportTable(db::Connection&)> build);

// A back-office list and its download, for the same people: GET `path` answers `list`, GET `path`/export
// answers `file` (an export_read route). The screens find every download at its list's address + "/export".
void add_list_and_export(http::Router& router, const std::string& path, http::Handler list,
                         http::Handler file, http::Access access);

}  // namespace shopfloor::resources
