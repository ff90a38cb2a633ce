#include "resources/engine.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "db/params.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/audit.hpp"
#include "resources/csv.hpp"
#include "resources/fields.hpp"
#include "resources/ordering.hpp"
#include "resources/search.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::resources {

using http::Access;
using http::Status;

namespace {

// Fields that are read back (stored in a column and not write-only), in declaration order.
std::vector<const Field*> readable_fields(const Resource& r) {
  std::vector<const Field*> out;
  for (const auto& f : r.fields)
    if (!f.column.empty() && !f.write_only) out.push_back(&f);
  return out;
}

std::string select_list(const Resource& r) {
  std::string s = "id, created_at, updated_at, version";
  for (const Field* f : readable_fields(r)) s += ", " + f->column;
  return s;
}

json::object row_to_item(const Resource& r, const db::Row& row) {
  json::object item;
  item["id"] = row.str(0);
  std::size_t i = 4;
  for (const Field* f : readable_fields(r)) item[f->name] = field_json(*f, row, i++);
  item["createdAt"] = iso8601(row.i64(1));
  item["updatedAt"] = iso8601(row.i64(2));
  item["version"] = row.i64(3);
  if (r.present) r.present(item);
  return item;
}

const Resource& find_resource(const Context& ctx) {
  const Resource* r = registry().find(ctx.params.at("resource"));
  if (!r) throw ApiError::not_found(msg::NO_SUCH_RESOURCE);
  return *r;
}

const Resource& readable(const Context& ctx) {
  const Resource& r = find_resource(ctx);
  if (!may_read(r, *ctx.user)) throw ApiError::forbidden();
  return r;
}

const Resource& writable(const Context& ctx) {
  const Resource& r = find_resource(ctx);
  if (!may_write(r, *ctx.user)) throw ApiError::forbidden();
  return r;
}

// "createdAt" / "updatedAt" or a declared field's column.
std::optional<std::string> sort_column(const Resource& r, std::string_view name) {
  if (name == "createdAt") return "created_at";
  if (name == "updatedAt") return "updated_at";
  const Field* f = r.field(name);
  if (f && f->sortable && !f->column.empty()) return f->column;
  return std::nullopt;
}

// Search text matches case-insensitively: lower(column) against the lower-cased, escaped text.
std::string like_pattern(std::string_view q) {
  return like_contains(ascii_lower(std::string(q)));
}

struct Selection {
  std::string where;  // "" or " WHERE ..."
  std::vector<db::Value> params;
  std::string order;  // " ORDER BY ..."
};

std::string search_clause(const Resource& r, std::size_t param_index) {
  std::string clause;
  for (const auto& f : r.fields) {
    if (!f.searchable || f.column.empty()) continue;
    if (!clause.empty()) clause += " OR ";
    clause += "lower(" + f.column + ") LIKE $" + std::to_string(param_index) + like_escape_clause;
  }
  return clause;
}

// Reads q, filter[field] / field, sort from the query string; throws 400 with fields for bad values.
Selection selection(const Resource& r, const Context& ctx) {
  Selection s;
  std::vector<std::string> conds;
  http::FieldErrors errors;
  if (auto q = ctx.query("q"); q && !q->empty()) {
    if (utf8_length(*q) > 100) errors["q"] = msg::AT_MOST_100_CHARS;
    std::string clause = search_clause(r, s.params.size() + 1);
    if (!clause.empty()) {
      s.params.emplace_back(like_pattern(*q));
      conds.push_back("(" + clause + ")");
    }
  }
  for (const auto& [key, value] : ctx.query_params()) {
    std::string name = key;
    bool explicit_filter = false;
    if (key.starts_with("filter[") && key.ends_with("]")) {
      name = key.substr(7, key.size() - 8);
      explicit_filter = true;
    } else if (key == "q" || key == "sort" || key == "page" || key == "pageSize") {
      continue;
    }
    const Field* f = r.field(name);
    if (!f || !f->filterable || f->column.empty()) {
      if (explicit_filter) errors[key] = msg::CANNOT_FILTER;
      continue;
    }
    if (value.empty()) {
      conds.push_back(f->column + " IS NULL");
      continue;
    }
    db::Value v = value;
    if (f->type == FieldType::boolean) {
      if (value == "true" || value == "1")
        v = std::int64_t{1};
      else if (value == "false" || value == "0")
        v = std::int64_t{0};
      else
        errors[key] = msg::MUST_BE_BOOLEAN;
    } else if (f->type == FieldType::integer) {
      if (auto n = parse_int(value))
        v = *n;
      else
        errors[key] = msg::MUST_BE_WHOLE_NUMBER;
    } else if (f->type == FieldType::enumeration) {
      bool ok = false;
      for (const auto& o : f->options) ok = ok || o.value == value;
      if (!ok) errors[key] = msg::NOT_ALLOWED_VALUE;
    } else if (f->type == FieldType::string_list) {
      // Membership: the stored JSON array contains the exact string (a '%' or '_' in it is literal).
      s.params.emplace_back(like_contains(json::serialize(json::string(value))));
      conds.push_back(f->column + " LIKE $" + std::to_string(s.params.size()) + like_escape_clause);
      continue;
    }
    s.params.push_back(std::move(v));
    conds.push_back(f->column + " = $" + std::to_string(s.params.size()));
  }
  std::string sort = ctx.query("sort").value_or(r.default_sort);
  bool desc = sort.starts_with("-");
  auto col = sort_column(r, desc ? std::string_view(sort).substr(1) : std::string_view(sort));
  if (!col) errors["sort"] = msg::CANNOT_SORT;
  if (!errors.empty()) throw ApiError(Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY, errors);
  for (std::size_t i = 0; i < conds.size(); ++i) s.where += (i ? " AND " : " WHERE ") + conds[i];
  const char* dir = desc ? " DESC" : " ASC";
  s.order = " ORDER BY " + *col + dir + ", id" + dir;
  return s;
}

// Media fields name items of their kind in the media library (a reference, or a json list of ids).
void check_media_kind(db::Connection& c, const Field& f, const db::Value& value, http::FieldErrors& errors) {
  if (errors.count(f.name)) return;
  const std::string& kind = f.media_kind;
  if (f.type == FieldType::json) {
    boost::system::error_code ec;
    auto list = json::parse(std::get<std::string>(value), ec);
    if (ec || !list.is_array()) return;
    for (const auto& id : list.as_array()) {
      auto row = c.query("SELECT kind FROM media WHERE id = $1", std::string(id.as_string())).first();
      if (!row || row->str(0) != kind) {
        errors[f.name] = msg::IMAGES_FROM_LIBRARY;
        return;
      }
    }
    return;
  }
  auto row = c.query("SELECT kind FROM media WHERE id = $1", value).first();
  if (row && row->str(0) != kind)
    errors[f.name] = kind == "image"   ? msg::MUST_BE_IMAGE
                     : kind == "video" ? msg::MUST_BE_VIDEO
                                       : msg::MUST_BE_PDF;
}

// Reference targets exist; unique values are free (409 naming the field otherwise).
void check_references_and_unique(db::Connection& c, const Resource& r,
                                 const std::map<std::string, db::Value>& values, const std::string& self_id,
                                 http::FieldErrors& errors) {
  http::FieldErrors taken;
  for (const auto& f : r.fields) {
    if (f.column.empty()) continue;
    auto it = values.find(f.column);
    if (it == values.end() || std::holds_alternative<std::monostate>(it->second)) continue;
    if (f.type == FieldType::reference) {
      const Resource* target = registry().find(f.reference);
      if (target && c.query("SELECT 1 FROM " + target->table + " WHERE id = $1", it->second).empty())
        errors[f.name] = http::Message(msg::NO_SUCH, {{"label", target->label.en}});
    }
    if (!f.media_kind.empty()) check_media_kind(c, f, it->second, errors);
    if (f.unique) {
      bool text = std::holds_alternative<std::string>(it->second);
      std::string sql = "SELECT 1 FROM " + r.table + " WHERE " +
                        (text ? "lower(" + f.column + ") = lower($1)" : f.column + " = $1") + " AND id <> $2";
      if (!c.query(sql, it->second, self_id).empty()) taken[f.name] = msg::ALREADY_TAKEN;
    }
  }
  if (!taken.empty()) throw ApiError(Status::conflict, err::CONFLICT, msg::VALUES_TAKEN, taken);
}

std::string role_label(Role r) {
  return std::string(role_name(r));
}

json::object label_json(const Label& l) {
  return json::object{{"th", l.th}, {"en", l.en}};
}

json::object schema_json(const Resource& r, const auth::SessionUser& u) {
  json::array fields;
  for (const auto& f : r.fields) {
    json::object o{{"name", f.name},
                   {"type", type_name(f.type)},
                   {"label", label_json(f.label)},
                   {"required", f.required},
                   {"readOnly", f.read_only},
                   {"createOnly", f.create_only},
                   {"writeOnly", f.write_only},
                   {"unique", f.unique},
                   {"searchable", f.searchable},
                   {"sortable", f.sortable},
                   {"filterable", f.filterable}};
    if (f.min_length) o["minLength"] = *f.min_length;
    if (f.max_length)
      o["maxLength"] = *f.max_length;
    else if (f.type == FieldType::string)
      o["maxLength"] = 200;
    if (f.min) o["min"] = *f.min;
    if (f.max) o["max"] = *f.max;
    if (!f.format.empty()) o["format"] = f.format;
    if (f.default_value) o["default"] = *f.default_value;
    if (f.type == FieldType::enumeration) {
      json::array opts;
      for (const auto& op : f.options)
        opts.push_back(json::object{{"value", op.value}, {"label", label_json(op.label)}});
      o["options"] = std::move(opts);
    }
    if (f.type == FieldType::reference) o["reference"] = f.reference;
    if (f.hint) o["hint"] = label_json(*f.hint);
    if (f.visible_when) {
      json::array values;
      for (const auto& v : f.visible_when->values) values.push_back(json::value(v));
      o["visibleWhen"] = json::object{{"field", f.visible_when->field}, {"values", std::move(values)}};
    }
    fields.push_back(std::move(o));
  }
  json::array actions;
  for (const auto& [name, a] : r.actions)
    actions.push_back(json::object{
        {"name", name}, {"minRole", role_label(a.min_role)}, {"allowed", u.at_least(a.min_role)}});
  json::array sortable{"createdAt", "updatedAt"};
  for (const auto& f : r.fields)
    if (f.sortable) sortable.emplace_back(f.name);
  json::array list_columns;
  for (const auto& c : r.list_columns) list_columns.emplace_back(c);
  return json::object{
      {"name", r.name},
      {"label", label_json(r.label)},
      {"titleField", r.title_field},
      {"subtitleField", r.subtitle_field.empty() ? json::value(nullptr) : json::value(r.subtitle_field)},
      {"readRole", role_label(r.read_role)},
      {"writeRole", role_label(r.write_role)},
      {"canWrite", may_write(r, u)},
      {"canCreate", may_write(r, u) && r.allow_create},
      {"canUpdate", may_write(r, u) && r.allow_update},
      {"canDelete", may_write(r, u) && r.allow_delete},
      {"defaultSort", r.default_sort},
      {"sortable", std::move(sortable)},
      {"listColumns", std::move(list_columns)},
      {"fields", std::move(fields)},
      {"actions", std::move(actions)}};
}

Awaitable get_schema(Context& ctx) {
  json::array out;
  for (const auto& r : registry().all())
    if (may_read(*r, *ctx.user)) out.push_back(schema_json(*r, *ctx.user));
  co_return http::json_response(ctx, json::object{{"resources", std::move(out)}});
}

Awaitable list_items(Context& ctx) {
  const Resource& r = readable(ctx);
  Selection s = selection(r, ctx);
  std::int64_t page = ctx.query_int("page", 1, 1, 1'000'000);
  std::int64_t page_size = ctx.query_int("pageSize", 20, 1, 100);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::int64_t total = c.exec("SELECT COUNT(*) FROM " + r.table + s.where, s.params).first()->i64(0);
    auto params = s.params;
    params.emplace_back(page_size);
    params.emplace_back((page - 1) * page_size);
    std::string sql = "SELECT " + select_list(r) + " FROM " + r.table + s.where + s.order + " LIMIT $" +
                      std::to_string(params.size() - 1) + " OFFSET $" + std::to_string(params.size());
    json::array items;
    for (const auto& row : c.exec(sql, params).rows) items.push_back(row_to_item(r, row));
    return json::object{
        {"items", std::move(items)}, {"total", total}, {"page", page}, {"pageSize", page_size}};
  });
  co_return http::json_response(ctx, body);
}

std::string export_cell(const json::value& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return std::string(v.as_string());
  if (v.is_bool()) return v.as_bool() ? "true" : "false";
  if (v.is_array()) {
    std::string out;
    for (const auto& e : v.as_array()) {
      if (!out.empty()) out += "; ";
      out += e.is_string() ? std::string(e.as_string()) : json::serialize(e);
    }
    return out;
  }
  return json::serialize(v);
}

Awaitable export_csv(Context& ctx, const Resource& r) {
  Selection s = selection(r, ctx);
  std::string body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::string out(csv::bom);
    std::vector<std::string> header{"id"};
    for (const Field* f : readable_fields(r)) header.push_back(f->name);
    header.push_back("createdAt");
    header.push_back("updatedAt");
    out += csv::line(header);
    auto rows = c.exec("SELECT " + select_list(r) + " FROM " + r.table + s.where + s.order + " LIMIT 100000",
                       s.params);
    for (const auto& row : rows.rows) {
      json::object item = row_to_item(r, row);
      std::vector<std::string> cells;
      for (const auto& h : header) cells.push_back(export_cell(item[h]));
      out += csv::line(cells);
    }
    return out;
  });
  http::Response res{Status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(http::beast_http::field::content_type, "text/csv; charset=utf-8");
  res.set(http::beast_http::field::content_disposition,
          "attachment; filename=\"" + r.name + "-" + iso8601(now_ms()).substr(0, 10) + ".csv\"");
  res.set(http::beast_http::field::cache_control, "no-store");
  res.body() = std::move(body);
  res.prepare_payload();
  co_return res;
}

Awaitable get_item(Context& ctx) {
  const Resource& r = readable(ctx);
  std::string id = ctx.params.at("id");
  if (id == "export.csv") co_return co_await export_csv(ctx, r);
  auto item = co_await ctx.app.db->read([&](db::Connection& c) { return load_item(c, r, id); });
  co_return http::json_or_not_found(ctx, item);
}

void throw_if_errors(const http::FieldErrors& errors) {
  if (!errors.empty()) throw ApiError::validation(errors);
}

Awaitable create_item(Context& ctx) {
  const Resource& r = writable(ctx);
  if (!r.allow_create)
    throw ApiError(Status::method_not_allowed, err::METHOD_NOT_ALLOWED, msg::NOT_CREATED_HERE);
  json::object input = ctx.json_object();
  Validated v = validate(r, input, Mode::create);
  if (r.prepare && v.errors.empty()) co_await ctx.app.db->offload([&] { r.prepare(input, v.values); });
  const auth::SessionUser actor = *ctx.user;
  std::string ip = ctx.client_ip;
  auto item = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto values = v.values;
    auto errors = v.errors;
    std::string id = uuid_v7();
    check_references_and_unique(c, r, values, id, errors);
    WriteContext w{ctx, c, actor, input, values, errors, id, nullptr, &r};
    for (const auto& rule : r.rules) rule(w);
    if (r.before_create) r.before_create(w);
    throw_if_errors(errors);
    auto now = now_ms();
    std::string cols = "id, created_at, updated_at, version";
    std::string marks = "$1, $2, $2, 1";
    std::vector<db::Value> params{id, now};
    for (auto& [col, val] : values) {
      cols += ", " + col;
      params.push_back(val);
      marks += ", $" + std::to_string(params.size());
    }
    c.exec("INSERT INTO " + r.table + " (" + cols + ") VALUES (" + marks + ")", params);
    auto after = load_item(c, r, id);
    if (r.after_write) r.after_write(w);
    index_item(c, r, id, after);
    audit::record(c, actor.id, "create", r.name, id, std::nullopt, after, ip);
    return *after;
  });
  if (r.after_commit) r.after_commit("create", item);
  co_return http::json_response(ctx, item, Status::created);
}

Awaitable update_item(Context& ctx) {
  const Resource& r = writable(ctx);
  if (!r.allow_update) throw ApiError(Status::method_not_allowed, err::METHOD_NOT_ALLOWED, msg::NOT_EDITABLE);
  std::string id = ctx.params.at("id");
  json::object input = ctx.json_object();
  Validated v = validate(r, input, Mode::update);
  auto* version = input.if_contains("version");
  if (!version || !version->is_int64()) v.errors["version"] = msg::SEND_VERSION;
  for (const auto& [name, value] : v.virtuals)
    if (r.field(name)->create_only) v.errors[name] = msg::CREATE_ONLY;
  if (r.prepare && v.errors.empty()) co_await ctx.app.db->offload([&] { r.prepare(input, v.values); });
  const auth::SessionUser actor = *ctx.user;
  std::string ip = ctx.client_ip;
  auto item = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto before = load_item(c, r, id);
    if (!before) throw ApiError::not_found();
    throw_if_errors(v.errors);
    std::int64_t expected = version->as_int64();
    if (before->at("version").as_int64() != expected)
      throw ApiError(
          Status::conflict, err::CONFLICT, msg::STALE_ITEM,
          {{"version", http::Message(msg::STALE_VERSION, {{"version", before->at("version").as_int64()}})}});
    auto values = v.values;
    auto errors = v.errors;
    check_references_and_unique(c, r, values, id, errors);
    WriteContext w{ctx, c, actor, input, values, errors, id, &*before, &r};
    for (const auto& rule : r.rules) rule(w);
    if (r.before_update) r.before_update(w);
    throw_if_errors(errors);
    std::vector<db::Value> params{now_ms()};
    std::string sets = "updated_at = $1, version = version + 1";
    for (auto& [col, val] : values) {
      params.push_back(val);
      sets += ", " + col + " = $" + std::to_string(params.size());
    }
    params.push_back(id);
    params.push_back(expected);
    auto res =
        c.exec("UPDATE " + r.table + " SET " + sets + " WHERE id = $" + std::to_string(params.size() - 1) +
                   " AND version = $" + std::to_string(params.size()),
               params);
    if (res.affected == 0) throw ApiError::conflict(msg::STALE_ITEM);
    auto after = load_item(c, r, id);
    if (r.after_write) r.after_write(w);
    index_item(c, r, id, after);
    audit::record(c, actor.id, "update", r.name, id, before, after, ip);
    return *after;
  });
  if (r.after_commit) r.after_commit("update", item);
  co_return http::json_response(ctx, item);
}

Awaitable delete_item(Context& ctx) {
  const Resource& r = writable(ctx);
  if (!r.allow_delete)
    throw ApiError(Status::method_not_allowed, err::METHOD_NOT_ALLOWED, msg::NOT_DELETABLE);
  std::string id = ctx.params.at("id");
  const auth::SessionUser actor = *ctx.user;
  std::string ip = ctx.client_ip;
  json::object empty;
  auto before = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto before = load_item(c, r, id);
    if (!before) throw ApiError::not_found();
    std::map<std::string, db::Value> values;
    http::FieldErrors errors;
    WriteContext w{ctx, c, actor, empty, values, errors, id, &*before, &r};
    if (r.before_delete) r.before_delete(w);
    throw_if_errors(errors);
    try {
      c.query("DELETE FROM " + r.table + " WHERE id = $1", id);
    } catch (const db::Error& e) {
      if (e.kind() == db::ErrorKind::foreign_key_violation) throw ApiError::conflict(msg::STILL_USED);
      throw;
    }
    if (r.after_write) r.after_write(w);
    index_item(c, r, id, std::nullopt);
    audit::record(c, actor.id, "delete", r.name, id, before, std::nullopt, ip);
    return *before;
  });
  if (r.after_commit) r.after_commit("delete", before);
  co_return http::empty_response(ctx, Status::no_content);
}

Awaitable run_action(Context& ctx) {
  const Resource& r = readable(ctx);
  std::string name = ctx.params.at("action");
  auto it = r.actions.find(name);
  if (it == r.actions.end()) throw ApiError::not_found(msg::NO_SUCH_ACTION);
  const Action& action = it->second;
  if (!ctx.user->at_least(action.min_role) || !may_write(r, *ctx.user)) throw ApiError::forbidden();
  std::string id = ctx.params.at("id");
  json::object body;
  if (!ctx.req.body().empty()) body = ctx.json_object();
  const auth::SessionUser actor = *ctx.user;
  json::object prepared;
  if (action.prepare) prepared = co_await ctx.app.db->offload([&] { return action.prepare(body); });
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto before = load_item(c, r, id);
    if (!before) throw ApiError::not_found();
    ActionContext a{ctx, c, actor, id, body, *before, &r, prepared};
    json::object out = action.run(a);
    auto after = load_item(c, r, id);
    index_item(c, r, id, after);
    // What the action says about itself (e.g. the reason for a stock change) is kept with the audit entry.
    auto audited = after;
    if (auto* note = out.if_contains("note"); note && audited) (*audited)["note"] = *note;
    audit::record(c, actor.id, name, r.name, id, before, audited, ctx.client_ip);
    if (!out.contains("item")) out["item"] = http::value_or_null(after);
    return out;
  });
  if (r.after_commit && answer.at("item").is_object()) r.after_commit(name, answer.at("item").as_object());
  co_return http::json_response(ctx, answer);
}

}  // namespace

std::optional<json::object> load_item(db::Connection& c, const Resource& r, const std::string& id) {
  auto row = c.query("SELECT " + select_list(r) + " FROM " + r.table + " WHERE id = $1", id).first();
  if (!row) return std::nullopt;
  return row_to_item(r, *row);
}

std::vector<json::object> load_items(db::Connection& c, const Resource& r,
                                     const std::vector<std::string>& ids) {
  std::vector<json::object> out;
  if (ids.empty()) return out;
  std::vector<db::Value> params(ids.begin(), ids.end());
  std::string marks = db::placeholders(1, ids.size());
  for (const auto& row :
       c.exec("SELECT " + select_list(r) + " FROM " + r.table + " WHERE id IN (" + marks + ") ORDER BY id",
              params)
           .rows)
    out.push_back(row_to_item(r, row));
  return out;
}

void register_routes(http::Services& app) {
  auto& router = app.router;
  router.get("/api/admin/schema", get_schema, Access::editor);
  register_search_routes(app);
  router.get("/api/admin/:resource", list_items, Access::editor);
  router.post("/api/admin/:resource", create_item, Access::editor);
  router.put("/api/admin/:resource/order", reorder_route, Access::editor);
  router.get("/api/admin/:resource/:id", get_item, Access::editor);
  router.patch("/api/admin/:resource/:id", update_item, Access::editor);
  router.del("/api/admin/:resource/:id", delete_item, Access::editor);
  router.post("/api/admin/:resource/:id/:action", run_action, Access::editor);
}

}  // namespace shopfloor::resources
