// The back office's list of issued certificates: per store, valid / expiring / expired now, filtered by
// store and standing, paged; and the same as a CSV or XLSX download (one sheet per store).
#include "certificates/issue.hpp"
#include "certificates/routes.hpp"
#include "http/handler.hpp"
#include "resources/export.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::certificates {

namespace {

constexpr std::int64_t max_page = 500;

struct Filter {
  std::string where = "WHERE 1 = 1";
  std::vector<db::Value> params;
};

// ?store=<id>, ?course=<id>, ?path=<id>, ?status=valid|expiring|expired (anything else: every standing), ?q=
// (name or employee code).
Filter filter_of(const Context& ctx, std::int64_t now) {
  Filter f;
  auto add = [&](const std::string& sql, db::Value v) {
    f.params.push_back(std::move(v));
    std::string n = "$" + std::to_string(f.params.size());
    std::string s = sql;
    for (auto at = s.find('?'); at != std::string::npos; at = s.find('?')) s.replace(at, 1, n);
    f.where += " AND " + s;
  };
  if (auto store = ctx.query("store"); store && !store->empty()) add("u.store_id = ?", *store);
  if (auto course = ctx.query("course"); course && !course->empty()) add("ce.course_id = ?", *course);
  if (auto path = ctx.query("path"); path && !path->empty()) add("ce.path_id = ?", *path);
  auto status = ctx.query("status").value_or("");
  if (status == "expired") add("ce.expires_at <= ?", now);
  if (status == "expiring") {
    add("ce.expires_at > ?", now);
    add("ce.expires_at <= ?", now + expiring_days * day_ms);
  }
  if (status == "valid") add("ce.expires_at > ?", now + expiring_days * day_ms);
  if (auto q = ctx.query("q"); q && !q->empty())
    add("(LOWER(u.name) LIKE ? OR LOWER(u.employee_code) LIKE ?)", "%" + ascii_lower(*q) + "%");
  return f;
}

std::string list_select(const Filter& f) {
  return "SELECT ce.id, u.id, u.name, u.employee_code, s.id, s.code, s.name, d.title, " +
         std::string(subject_title_sql) + ", ce.issued_at, ce.expires_at, ce.renewals, " +
         subject_kind_sql("ce") +
         " FROM certificates ce JOIN users u ON u.id = ce.user_id LEFT JOIN stores s ON s.id = u.store_id "
         "JOIN " +
         resources::any_state("certificate_definitions") + " d ON d.id = ce.definition_id" +
         subject_joins("ce") + f.where;
}

Awaitable list_certificates(Context& ctx) {
  std::int64_t limit =
      std::clamp<std::int64_t>(std::atoll(ctx.query("limit").value_or("100").c_str()), 1, max_page);
  std::int64_t offset = std::max<std::int64_t>(std::atoll(ctx.query("offset").value_or("0").c_str()), 0);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::int64_t now = now_ms();
    auto f = filter_of(ctx, now);
    json::array items;
    auto page = f.params;
    page.push_back(limit);
    page.push_back(offset);
    for (const auto& r :
         c.exec(list_select(f) + " ORDER BY s.code, u.name, ce.expires_at, ce.id LIMIT $" +
                    std::to_string(f.params.size() + 1) + " OFFSET $" + std::to_string(f.params.size() + 2),
                page)
             .rows)
      items.push_back(json::object{
          {"id", r.str(0)},
          {"person", json::object{{"id", r.str(1)}, {"name", r.str(2)}, {"employeeCode", r.str(3)}}},
          {"store", r.is_null(4) ? json::value(nullptr)
                                 : json::value(json::object{
                                       {"id", r.str(4)}, {"code", r.str(5)}, {"name", r.str(6)}})},
          {"title", r.str(7)},
          {"course", r.str(8)},  // the course's or the path's title; kind says which
          {"kind", r.str(12)},
          {"issuedAt", iso8601(r.i64(9))},
          {"expiresAt", iso8601(r.i64(10))},
          {"renewals", r.i64(11)},
          {"status", standing(r.i64(10), now)}});
    auto total = c.exec("SELECT COUNT(*) FROM (" + list_select(f) + ") t", f.params).rows.front().i64(0);
    return json::object{{"items", std::move(items)}, {"total", total}, {"limit", limit}, {"offset", offset}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable export_certificates(Context& ctx) {
  co_return co_await resources::export_read(ctx, [&](db::Connection& c) {
    std::int64_t now = now_ms();
    auto f = filter_of(ctx, now);
    resources::ExportTable table;
    table.filename = "certificates";
    table.header = {"employeeCode", "name", "certificate", "course", "issuedAt", "expiresAt", "status"};
    for (const auto& r :
         c.exec(list_select(f) + " ORDER BY s.code, u.name, ce.expires_at, ce.id", f.params).rows)
      table.rows_in(r.is_null(5) ? "" : r.str(5) + " " + r.str(6))
          .push_back({r.str(3), r.str(2), r.str(7), r.str(8), iso8601(r.i64(9)), iso8601(r.i64(10)),
                      standing(r.i64(10), now)});
    return table;
  });
}

}  // namespace

void register_admin_routes(http::Services& app) {
  resources::add_list_and_export(app.router, "/api/admin/certificates", list_certificates,
                                 export_certificates, http::Access::editor);
}

}  // namespace shopfloor::certificates
