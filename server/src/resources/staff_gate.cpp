#include "resources/staff_gate.hpp"

#include <algorithm>
#include <cctype>

#include "resources/people_pages.hpp"
#include "resources/resource.hpp"

namespace shopfloor::resources {

std::string shift_placeholders(std::string_view sql, std::size_t offset) {
  if (offset == 0) return std::string(sql);
  std::string out;
  out.reserve(sql.size() + 8);
  for (std::size_t i = 0; i < sql.size();) {
    if (sql[i] == '$' && i + 1 < sql.size() && std::isdigit(static_cast<unsigned char>(sql[i + 1]))) {
      std::size_t j = i + 1;
      std::size_t n = 0;
      while (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j])))
        n = n * 10 + (sql[j++] - '0');
      out += "$" + std::to_string(n + offset);
      i = j;
    } else {
      out += sql[i++];
    }
  }
  return out;
}

StaffQuery StaffGate::from(std::string table, std::string alias) const {
  return StaffQuery(*this, std::move(table), std::move(alias));
}

StaffQuery::StaffQuery(const StaffGate& gate, std::string table, std::string alias)
    : gate_(gate), table_(std::move(table)), alias_(std::move(alias)) {
  const Resource* r = registry().publishable_table(table_);
  auto column = [&](const char* field, const char* conventional) {
    if (!r) return alias_ + "." + conventional;
    const Field* f = r->field(field);
    return f ? alias_ + "." + f->column : std::string();
  };
  status_column_ = column("status", "status");
  start_column_ = column("startAt", "start_at");
  end_column_ = column("endAt", "end_at");
  audience_column_ = column("audience", "audience_json");  // none: for everyone (badges, sticker sets)
}

StaffQuery& StaffQuery::select(std::string_view columns, std::vector<db::Value> params) {
  select_.push_back({std::string(columns), std::move(params)});
  return *this;
}
StaffQuery& StaffQuery::join(std::string_view join, std::vector<db::Value> params) {
  join_.push_back({std::string(join), std::move(params)});
  return *this;
}
StaffQuery& StaffQuery::where(std::string_view condition, std::vector<db::Value> params) {
  where_.push_back({std::string(condition), std::move(params)});
  return *this;
}
StaffQuery& StaffQuery::order_by(std::string_view order, std::vector<db::Value> params) {
  order_.push_back({std::string(order), std::move(params)});
  return *this;
}
StaffQuery& StaffQuery::audience_from(std::string_view table, std::string_view alias, std::string_view on) {
  const Resource* r = registry().publishable_table(table);
  const Field* f = r ? r->field("audience") : nullptr;
  audience_column_ = std::string(alias) + "." + (f ? f->column : std::string("audience_json"));
  join_.insert(join_.begin(),
               {"JOIN " + std::string(table) + " " + std::string(alias) + " ON " + std::string(on), {}});
  return *this;
}

StaffQuery& StaffQuery::limit(std::size_t n) {
  limit_ = n;
  return *this;
}
StaffQuery& StaffQuery::shown_after_end(std::int64_t ms) {
  window_ = Window::after_end;
  after_end_ms_ = ms;
  return *this;
}
StaffQuery& StaffQuery::any_window() {
  window_ = Window::any;
  return *this;
}

std::pair<std::string, std::vector<db::Value>> StaffQuery::sql() const {
  std::vector<db::Value> params;
  // Each fragment's $1..$n follow the parameters already placed.
  auto place = [&](const Fragment& f) {
    std::string s = shift_placeholders(f.sql, params.size());
    params.insert(params.end(), f.params.begin(), f.params.end());
    return s;
  };
  auto list = [&](const std::vector<Fragment>& fragments, std::string_view separator) {
    std::string out;
    for (const auto& f : fragments) out += (out.empty() ? "" : std::string(separator)) + place(f);
    return out;
  };
  std::string sql = "SELECT " + (select_.empty() ? alias_ + ".id" : list(select_, ", "));
  if (!audience_column_.empty()) sql += ", " + audience_column_;
  sql += " FROM " + table_ + " " + alias_;
  if (!join_.empty()) sql += " " + list(join_, " ");
  std::vector<std::string> conditions;
  if (!gate_.is_preview()) {
    conditions.push_back(status_column_ + " = 'published'");
    if (window_ != Window::any) {
      params.push_back(gate_.now());
      std::string now = "$" + std::to_string(params.size());
      conditions.push_back("(" + start_column_ + " IS NULL OR " + start_column_ + " <= " + now + ")");
      if (window_ == Window::now) {
        conditions.push_back("(" + end_column_ + " IS NULL OR " + end_column_ + " > " + now + ")");
      } else if (after_end_ms_ < gate_.now()) {  // else: however long ago
        params.push_back(gate_.now() - after_end_ms_);
        conditions.push_back("(" + end_column_ + " IS NULL OR " + end_column_ + " > $" +
                             std::to_string(params.size()) + ")");
      }
    }
  }
  for (const auto& f : where_) conditions.push_back("(" + place(f) + ")");
  for (std::size_t i = 0; i < conditions.size(); ++i) sql += (i ? " AND " : " WHERE ") + conditions[i];
  if (!order_.empty()) sql += " ORDER BY " + list(order_, ", ");
  return {std::move(sql), std::move(params)};
}

std::vector<db::Row> StaffQuery::rows(db::Connection& c) const {
  auto [sql, params] = this->sql();
  std::vector<db::Row> out;
  for (auto& row : c.exec(sql, params).rows) {
    if (out.size() >= limit_) break;
    if (audience_column_.empty() || gate_.admits(parse_audience(row.str(row.size() - 1))))
      out.push_back(std::move(row));
  }
  return out;
}

std::optional<db::Row> StaffQuery::first(db::Connection& c) const {
  StaffQuery one = *this;
  one.limit_ = 1;
  auto rows = one.rows(c);
  if (rows.empty()) return std::nullopt;
  return std::move(rows.front());
}

std::optional<db::Row> StaffQuery::by_id(db::Connection& c, const std::string& id) const {
  if (!plausible_id(id)) return std::nullopt;
  StaffQuery one = *this;
  one.where(alias_ + ".id = $1", {id});
  return one.first(c);
}

namespace {

// The active staff who may be in any of `audiences` (a superset: people_of() keeps those who are), narrowed
// by `where` on users `u` and stores `s` with its own $1..$n; `params` gets the statement's parameters.
std::string people_sql(db::Connection& c, std::span<const Audience> audiences, std::string_view where,
                       std::vector<db::Value>& params) {
  std::string sql =
      "SELECT u.id, u.store_id, s.region_id, u.position, u.groups_json, u.name FROM users u LEFT JOIN stores "
      "s "
      "ON s.id = u.store_id WHERE u.role = 'staff' AND u.status = 'active'";
  if (!where.empty()) sql += " AND (" + std::string(where) + ")";
  // The union of what each audience can match: an audience that names no store, region or position leaves
  // everyone in.
  std::vector<std::string> any;
  const std::size_t own_params = params.size();
  for (const auto& a : audiences) {
    std::vector<std::string> all;
    auto in = [&](const std::vector<std::string>& values, const char* column) {
      if (values.empty()) return;
      std::string list;
      for (const auto& v : values) {
        params.push_back(v);
        list += (list.empty() ? "$" : ", $") + std::to_string(params.size());
      }
      all.push_back(std::string(column) + " IN (" + list + ")");
    };
    in(a.stores, "u.store_id");
    in(a.regions, "s.region_id");
    if (!a.positions.empty()) {
      // Contains, case-folded on both sides: never narrower than matches()' trimmed ASCII-lower equality.
      std::string contains =
          c.is_sqlite() ? "instr(LOWER(u.position), LOWER($" : "strpos(LOWER(u.position), LOWER($";
      std::string one;
      for (const auto& p : a.positions) {
        params.push_back(p);
        one += (one.empty() ? "" : " OR ") + contains + std::to_string(params.size()) + ")) > 0";
      }
      all.push_back("(" + one + ")");
    }
    if (all.empty()) {  // this audience may be anyone
      any.clear();
      params.resize(own_params);
      break;
    }
    std::string both;
    for (const auto& x : all) both += (both.empty() ? "" : " AND ") + x;
    any.push_back("(" + both + ")");
  }
  if (!any.empty()) {
    sql += " AND (";
    for (std::size_t i = 0; i < any.size(); ++i) sql += (i ? " OR " : "") + any[i];
    sql += ")";
  }
  return sql;
}

// Of the rows people_sql() read, the people in one of the audiences (groups included).
std::vector<Viewer> people_of(db::Connection& c, std::span<const Audience> audiences,
                              const std::vector<db::Row>& rows) {
  std::vector<Viewer> out;
  for (auto& v : load_viewers_from(c, rows)) {
    for (const auto& a : audiences)
      if (matches(a, v)) {
        out.push_back(std::move(v));
        break;
      }
  }
  return out;
}

}  // namespace

std::vector<Viewer> people_in(db::Connection& c, std::span<const Audience> audiences, std::string_view where,
                              std::vector<db::Value> params) {
  if (audiences.empty()) return {};
  std::string sql = people_sql(c, audiences, where, params);
  return people_of(c, audiences, c.exec(sql, params).rows);
}

std::int64_t count_people(db::Connection& c, std::span<const Audience> audiences) {
  if (audiences.empty()) return 0;
  bool exact = std::all_of(audiences.begin(), audiences.end(), [](const Audience& a) {
    return a.positions.empty() && a.groups.empty() && a.subgroups.empty();
  });
  if (!exact) return static_cast<std::int64_t>(people_in(c, audiences).size());
  std::vector<db::Value> params;
  // The statement first: it fills `params`.
  std::string sql = "SELECT COUNT(*) FROM (" + people_sql(c, audiences, "", params) + ") p";
  return c.exec(sql, params).first()->i64(0);
}

PeoplePage people_page(db::Connection& c, std::span<const Audience> audiences, const std::string& after_user,
                       int limit) {
  PeoplePage page;
  if (audiences.empty() || limit <= 0) return page;
  std::vector<db::Value> params{after_user};
  std::string sql =
      people_sql(c, audiences, "u.id > $1", params) + " ORDER BY u.id LIMIT " + std::to_string(limit);
  auto rows = c.exec(sql, params).rows;
  page.done = rows.size() < static_cast<std::size_t>(limit);
  if (rows.empty()) return page;
  page.last = rows.back().str(0);
  page.people = people_of(c, audiences, rows);
  return page;
}

}  // namespace shopfloor::resources
