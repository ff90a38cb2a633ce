// The kit's exports (the redemptions pick list, gift picks, attendees, survey answers, reports): rows grouped
// (by store, usually), as CSV (one file, the group first on each row) or XLSX (one sheet per group, written
// with libxlsxwriter).
#pragma once

#include <string>
#include <vector>

#include "http/context.hpp"

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
};

enum class ExportFormat { csv, xlsx };

// ?format=csv|xlsx (csv when absent); 400 EXPORT_FORMAT otherwise.
ExportFormat export_format(const http::Context& ctx);

// The file as a download (Content-Disposition: attachment).
http::Response export_response(const http::Context& ctx, const ExportTable& table, ExportFormat format);

}  // namespace shopfloor::resources
