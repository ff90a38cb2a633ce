// The PDPA routes: a person's own export, an admin's export and erasure of a person.
#include "privacy/privacy.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>

#include "auth/session_registry.hpp"
#include "http/client_budget.hpp"
#include "http/download.hpp"
#include "http/handler.hpp"
#include "privacy/consent.hpp"
#include "privacy/erase.hpp"
#include "privacy/export.hpp"
#include "resources/audit.hpp"
#include "util/ids.hpp"

namespace shopfloor::privacy {

namespace {

http::Response zip_download(const Context& ctx, std::string body, const std::string& who) {
  return http::attachment(ctx, std::move(body), "application/zip",
                          "shopfloor-data-" + who + "-" + iso8601(now_ms()).substr(0, 10) + ".zip");
}

std::string path_user(const Context& ctx) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found(msg::NO_SUCH_USER);
  return id;
}

using Budget = std::shared_ptr<http::ClientBudget>;

// A person's own data: heavy (every table), so a few at once and one a minute after that.
Awaitable my_export(Context& ctx, Budget budget) {
  budget->spend(ctx, 1);
  std::string id = ctx.user->id;
  auto zip = co_await ctx.app.db->read([&](db::Connection& c) { return export_archive(c, id); });
  if (!zip) throw ApiError::not_found(msg::NO_SUCH_USER);
  co_return zip_download(ctx, std::move(*zip), "me");
}

// The same for a person on request, by an admin; audited, since it hands one person's data to another.
Awaitable admin_export(Context& ctx) {
  std::string id = path_user(ctx), actor = ctx.user->id, ip = ctx.client_ip;
  auto zip = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto z = export_archive(c, id);
    if (z) audit::record(c, actor, "privacy-export", "users", id, std::nullopt, std::nullopt, ip);
    return z;
  });
  if (!zip) throw ApiError::not_found(msg::NO_SUCH_USER);
  co_return zip_download(ctx, std::move(*zip), id.substr(0, 8));
}

Awaitable erase(Context& ctx) {
  std::string id = path_user(ctx), actor = ctx.user->id, ip = ctx.client_ip;
  auto body = ctx.json_object();
  auto* confirm = body.if_contains("confirmName");
  std::string confirm_name = confirm && confirm->is_string() ? std::string(confirm->as_string()) : "";
  const std::string& data_dir = ctx.app.config.data_dir;
  auto& sessions = ctx.app.get<auth::SessionRegistry>();
  auto done = co_await ctx.app.db->transact([&](db::Connection& c) {
    Erasure e = erase_person(c, data_dir, id, confirm_name);
    sessions.end_user_sessions(c, id);
    audit::record(
        c, actor, "erase", "users", id, std::nullopt,
        json::object{{"erased", true}, {"texts", e.texts}, {"deleted", e.deleted}, {"media", e.media}}, ip);
    // Files go only once the rows that point at them are gone for good.
    c.after_commit([files = e.files] {
      for (const auto& f : files) {
        std::error_code ec;
        std::filesystem::remove(f, ec);
        if (ec) spdlog::warn("erasure: could not delete {}: {}", f, ec.message());
      }
    });
    return e;
  });
  co_return http::json_response(ctx, json::object{{"erased", true},
                                                  {"texts", done.texts},
                                                  {"deleted", done.deleted},
                                                  {"media", done.media},
                                                  {"files", static_cast<std::int64_t>(done.files.size())}});
}

}  // namespace

void register_routes(http::Services& app) {
  auto budget = std::make_shared<http::ClientBudget>(RateBudget::Limits{3, 1}, RateBudget::Limits{3, 1});
  app.router.get(
      "/api/me/privacy/export", [budget](Context& ctx) { return my_export(ctx, budget); },
      http::Access::signed_in);
  app.router.get("/api/admin/users/:id/privacy-export", admin_export, http::Access::admin);
  app.router.post("/api/admin/users/:id/erase", erase, http::Access::admin);
  register_consent_routes(app);
}

}  // namespace shopfloor::privacy
