#include "resources/ordering.hpp"

#include <algorithm>

#include "http/handler.hpp"
#include "resources/audit.hpp"
#include "util/ids.hpp"

namespace shopfloor::resources {

namespace {

std::vector<std::string> ids_of(const json::object& body) {
  auto* v = body.if_contains("ids");
  if (!v || !v->is_array() || v->as_array().size() > 1000)
    throw ApiError::validation({{"ids", msg::ORDER_IDS_REQUIRED}});
  std::vector<std::string> ids;
  for (const auto& x : v->as_array()) {
    if (!x.is_string() || !plausible_id(std::string_view(x.as_string())))
      throw ApiError::validation({{"ids", msg::ORDER_IDS}});
    ids.emplace_back(x.as_string());
  }
  return ids;
}

}  // namespace

boost::asio::awaitable<http::Response> reorder(http::Context& ctx, const Resource& r, std::string parent_id) {
  if (!r.ordering) throw ApiError::not_found();
  if (!may_write(r, *ctx.user)) throw ApiError::forbidden();
  const Ordering& o = *r.ordering;
  const Field* parent = o.parent_field.empty() ? nullptr : r.field(o.parent_field);
  const Resource* parent_r = parent ? registry().find(parent->reference) : nullptr;
  json::object body = ctx.json_object();
  if (auto* p = body.if_contains("parent"); parent_id.empty() && p && p->is_string())
    parent_id = p->as_string();
  if (parent && (!parent_r || !plausible_id(parent_id))) throw ApiError::not_found();
  std::vector<std::string> ids = ids_of(body);
  std::map<std::string, std::int64_t> versions;
  if (auto* v = body.if_contains("versions"); v && !v->is_null()) {
    if (!v->is_object()) throw ApiError::validation({{"versions", msg::ORDER_VERSIONS}});
    for (const auto& [id, ver] : v->as_object()) {
      if (!ver.is_int64()) throw ApiError::validation({{"versions", msg::ORDER_VERSIONS}});
      versions[std::string(id)] = ver.as_int64();
    }
  }
  std::string actor = ctx.user->id, ip = ctx.client_ip;
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) {
    std::string where;
    std::vector<db::Value> params;
    if (parent) {
      if (c.query("SELECT 1 FROM " + parent_r->table + " WHERE id = $1", parent_id).empty())
        throw ApiError::not_found();
      where = " WHERE " + parent->column + " = $1";
      params.emplace_back(parent_id);
    }
    auto rows = c.exec(
        "SELECT id, version FROM " + r.table + where + " ORDER BY " + o.position_field + ", created_at, id",
        params);
    std::vector<std::string> before;
    std::map<std::string, std::int64_t> current;
    for (const auto& row : rows.rows) {
      before.push_back(row.str(0));
      current[row.str(0)] = row.i64(1);
    }
    std::vector<std::string> a = before, b = ids;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) throw ApiError::validation({{"ids", msg::EVERY_ITEM_ONCE}});
    for (const auto& [id, version] : versions)
      if (auto it = current.find(id); it == current.end() || it->second != version)
        throw ApiError(http::Status::conflict, err::CONFLICT, msg::ORDER_STALE,
                       {{"versions", msg::ORDER_CHANGED}});
    auto now = now_ms();
    for (std::size_t i = 0; i < ids.size(); ++i)
      c.query("UPDATE " + r.table + " SET " + o.position_field +
                  " = $1, updated_at = $2, version = version + 1 " + "WHERE id = $3 AND " + o.position_field +
                  " <> $1",
              static_cast<std::int64_t>(i), now, ids[i]);
    json::array was, now_order;
    for (const auto& id : before) was.emplace_back(id);
    for (const auto& id : ids) now_order.emplace_back(id);
    audit::record(c, actor, o.audit_action, parent_r ? parent_r->name : r.name, parent ? parent_id : "",
                  json::object{{"ids", was}}, json::object{{"ids", now_order}}, ip);
    return json::object{{"ids", now_order}};
  });
  co_return http::json_response(ctx, answer);
}

boost::asio::awaitable<http::Response> reorder_route(http::Context& ctx) {
  const Resource* r = registry().find(ctx.params.at("resource"));
  if (!r) throw ApiError::not_found(msg::NO_SUCH_RESOURCE);
  co_return co_await reorder(ctx, *r, "");
}

}  // namespace shopfloor::resources
