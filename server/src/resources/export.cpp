#include "resources/export.hpp"

#include <unistd.h>
#include <xlsxwriter.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "db/database.hpp"
#include "http/api_error.hpp"
#include "http/services.hpp"
#include "resources/csv.hpp"
#include "util/ids.hpp"

namespace shopfloor::resources {

std::vector<std::vector<std::string>>& ExportTable::rows_in(const std::string& group) {
  auto [it, added] = group_index.emplace(group, groups.size());
  if (added) groups.push_back({group, {}});
  return groups[it->second].rows;
}

boost::asio::awaitable<http::Response> export_read(http::Context& ctx,
                                                   std::function<ExportTable(db::Connection&)> build) {
  auto format = export_format(ctx);
  co_return co_await ctx.app.db->read(
      [&](db::Connection& c) { return export_response(ctx, build(c), format); });
}

void add_list_and_export(http::Router& router, const std::string& path, http::Handler list,
                         http::Handler file, http::Access access) {
  router.get(path, std::move(list), access);
  router.get(path + "/export", std::move(file), access);
}

ExportFormat export_format(const http::Context& ctx) {
  auto f = ctx.query("format").value_or("csv");
  if (f == "csv") return ExportFormat::csv;
  if (f == "xlsx") return ExportFormat::xlsx;
  throw http::ApiError::bad_request(msg::EXPORT_FORMAT);
}

namespace {

std::string to_csv(const ExportTable& t) {
  std::string out(csv::bom);
  bool grouped = !t.group_column.empty();
  std::vector<std::string> header;
  if (grouped) header.push_back(t.group_column);
  header.insert(header.end(), t.header.begin(), t.header.end());
  out += csv::line(header);
  for (const auto& g : t.groups)
    for (const auto& row : g.rows) {
      std::vector<std::string> cells;
      if (grouped) cells.push_back(g.name);
      cells.insert(cells.end(), row.begin(), row.end());
      out += csv::line(cells);
    }
  return out;
}

// Excel's sheet names: at most 31 characters (counted here in UTF-8 code points), none of []:*?/\ and
// unique regardless of case.
std::string sheet_name(std::string name, std::set<std::string>& used) {
  for (auto& ch : name)
    if (std::string_view("[]:*?/\\").find(ch) != std::string_view::npos) ch = '-';
  if (name.empty()) name = "-";
  auto cut = [](const std::string& s, std::size_t max_chars) {
    std::size_t chars = 0, i = 0;
    for (; i < s.size(); ++i)
      if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && ++chars > max_chars) break;
    return s.substr(0, i);
  };
  std::string base = cut(name, 28), candidate = base;
  for (int n = 2;; ++n) {
    std::string lower;
    for (char ch : candidate) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (used.insert(lower).second) return candidate;
    candidate = base + " " + std::to_string(n);
  }
}

std::string to_xlsx(const ExportTable& t) {
  // libxlsxwriter 1.1.4 (Debian 12) writes to a file only: a private temporary file, read back and removed.
  char path[] = "/tmp/shopfloor-export-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("cannot create a temporary file for the export");
  close(fd);
  lxw_workbook_options options{};
  options.constant_memory = LXW_FALSE;
  options.tmpdir = const_cast<char*>("/tmp");
  lxw_workbook* wb = workbook_new_opt(path, &options);
  if (!wb) {
    std::remove(path);
    throw std::runtime_error("cannot start the XLSX workbook");
  }
  lxw_format* bold = workbook_add_format(wb);
  format_set_bold(bold);
  std::set<std::string> used;
  auto groups = t.groups;
  if (groups.empty()) groups.push_back({"", {}});
  for (const auto& g : groups) {
    lxw_worksheet* ws = workbook_add_worksheet(wb, sheet_name(g.name, used).c_str());
    for (std::size_t c = 0; c < t.header.size(); ++c) {
      worksheet_write_string(ws, 0, static_cast<lxw_col_t>(c), t.header[c].c_str(), bold);
      worksheet_set_column(ws, static_cast<lxw_col_t>(c), static_cast<lxw_col_t>(c), 22, nullptr);
    }
    worksheet_freeze_panes(ws, 1, 0);
    for (std::size_t r = 0; r < g.rows.size(); ++r)
      for (std::size_t c = 0; c < g.rows[r].size(); ++c)
        // Strings stay strings: a code such as "=1+1" is never a formula in the sheet.
        worksheet_write_string(ws, static_cast<lxw_row_t>(r + 1), static_cast<lxw_col_t>(c),
                               g.rows[r][c].c_str(), nullptr);
  }
  lxw_error err = workbook_close(wb);
  std::string data;
  if (err == LXW_NO_ERROR) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    data = ss.str();
  }
  std::remove(path);
  if (err != LXW_NO_ERROR) throw std::runtime_error(std::string("XLSX export failed: ") + lxw_strerror(err));
  return data;
}

}  // namespace

http::Response export_response(const http::Context& ctx, const ExportTable& table, ExportFormat format) {
  bool xlsx = format == ExportFormat::xlsx;
  http::Response res{http::Status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(
      http::beast_http::field::content_type,
      xlsx ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv; charset=utf-8");
  res.set(http::beast_http::field::content_disposition,
          "attachment; filename=\"" + table.filename +
              (table.dated ? "-" + iso8601(now_ms()).substr(0, 10) : "") + (xlsx ? ".xlsx\"" : ".csv\""));
  res.set(http::beast_http::field::cache_control, "no-store");
  res.body() = xlsx ? to_xlsx(table) : to_csv(table);
  res.prepare_payload();
  return res;
}

}  // namespace shopfloor::resources
