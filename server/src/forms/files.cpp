#include "forms/files.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "http/client_budget.hpp"
#include "http/handler.hpp"
#include "media/media.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"
#include "util/percent_encode.hpp"
#include "util/text.hpp"

namespace shopfloor::forms {

namespace fs = std::filesystem;
using http::Status;

namespace {

ApiError unsupported(http::Message m) {
  return ApiError(Status::unsupported_media_type, err::UNSUPPORTED_MEDIA_TYPE, std::move(m));
}

// POST raw bytes: checked, written under DATA_DIR/form-files/<id>.<ext>, recorded as this person's unused
// upload for this form.
Awaitable upload(Context& ctx, const std::shared_ptr<http::ClientBudget>& budget) {
  budget->spend(ctx, 1);
  std::string uid = ctx.user->id, form = ctx.params.at("id");
  auto name = media::upload_name(ctx);
  auto type =
      check_file(ctx.req.body(), ctx.header(http::beast_http::field::content_type), name.value_or(""));
  bool visible =
      co_await resources::staff_read(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
        // Only forms that ask for a file take uploads (no free storage through the others).
        return gate.from("forms", "f").by_id(c, form).has_value() &&
               !c.query("SELECT 1 FROM form_questions WHERE form_id = $1 AND kind = 'file'", form).empty();
      });
  if (!visible) throw ApiError::not_found();
  std::string id = uuid_v7(), path = file_path(ctx.app.config.data_dir, id, type.ext);
  const std::string& body = ctx.req.body();
  co_await ctx.app.db->offload([&]() {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(body.data(), static_cast<std::streamsize>(body.size()));
    if (!out) throw std::runtime_error("cannot write " + path);
    return 0;
  });
  std::string shown = name.value_or("file." + type.ext);
  auto bytes = static_cast<std::int64_t>(body.size());
  try {
    co_await ctx.app.db->transact([&](db::Connection& c) {
      c.query(
          "INSERT INTO form_files (id, form_id, user_id, name, mime, ext, bytes, created_at) VALUES ($1, $2, "
          "$3, $4, $5, $6, $7, $8)",
          id, form, uid, shown, type.mime, type.ext, bytes, now_ms());
      return 0;
    });
  } catch (...) {
    std::error_code ec;
    fs::remove(path, ec);
    throw;
  }
  co_return http::json_response(
      ctx,
      json::object{
          {"file", json::object{{"id", id}, {"name", shown}, {"mime", type.mime}, {"bytes", bytes}}}},
      Status::created);
}

// Admins only: a file some submission uses, as an attachment with its stored type.
Awaitable download(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto row = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<db::Row> {
    if (!plausible_id(id)) return std::nullopt;
    return c.query("SELECT name, mime, ext FROM form_files WHERE id = $1 AND submission_id IS NOT NULL", id)
        .first();
  });
  if (!row) throw ApiError::not_found();
  std::string path = file_path(ctx.app.config.data_dir, id, row->str(2));
  auto data = co_await ctx.app.db->offload([&]() -> std::optional<std::string> {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  });
  if (!data) throw ApiError::not_found();
  http::Response res{Status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(http::beast_http::field::content_type, row->str(1));
  res.set(
      http::beast_http::field::content_disposition,
      "attachment; filename=\"file." + row->str(2) + "\"; filename*=UTF-8''" + percent_encode(row->str(0)));
  res.set(http::beast_http::field::cache_control, "private, no-store");
  res.set("X-Content-Type-Options", "nosniff");
  res.body() = std::move(*data);
  res.prepare_payload();
  co_return res;
}

}  // namespace

media::FileType check_file(std::string_view bytes, std::string_view declared_type, std::string_view name) {
  if (bytes.empty()) throw ApiError::validation({{"file", msg::FILE_EMPTY}});
  auto type = media::sniff(bytes);
  if (!type || (type->mime != "application/pdf" && type->mime != "image/jpeg" && type->mime != "image/png"))
    throw unsupported(msg::FORM_FILE_TYPE);
  auto mismatch = [&]() {
    return unsupported(http::Message(msg::FORM_FILE_MISMATCH, {{"actual", type->mime}}));
  };
  std::string declared = ascii_lower(std::string(declared_type.substr(0, declared_type.find(';'))));
  declared = std::string(trim(declared));
  if (!declared.empty() && declared != "application/octet-stream") {
    auto canonical = media::canonical_mime(declared);
    if (!canonical || *canonical != type->mime) throw mismatch();
  }
  if (auto dot = name.rfind('.'); dot != std::string_view::npos) {
    std::string ext = ascii_lower(std::string(name.substr(dot + 1)));
    bool agrees =
        ext == type->ext || (type->ext == "jpg" && (ext == "jpeg" || ext == "jpe" || ext == "jfif"));
    if (!agrees) throw mismatch();
  }
  if (bytes.size() > file_max_bytes) {
    throw ApiError(Status::payload_too_large, err::PAYLOAD_TOO_LARGE,
                   http::Message(msg::FORM_FILE_TOO_LARGE, {{"size", file_max_bytes / (1024 * 1024)}}));
  }
  return *type;
}

std::string file_path(const std::string& data_dir, const std::string& id, const std::string& ext) {
  return (fs::path(data_dir) / "form-files" / (id + "." + ext)).string();
}

void register_file_routes(http::Services& app) {
  auto budget = std::make_shared<http::ClientBudget>(RateBudget::Limits{30, 10}, RateBudget::Limits{30, 10});
  http::Route up{http::beast_http::verb::post, "/api/forms/:id/files",
                 [budget](Context& ctx) { return upload(ctx, budget); }, http::Access::signed_in};
  up.max_body_bytes =
      file_max_bytes + 1024 * 1024;  // a little over, so the handler answers with its own code
  app.router.add(up);
  app.router.get("/api/admin/form-files/:id", download, http::Access::admin);
}

}  // namespace shopfloor::forms
