#include "search/sources.hpp"

#include <spdlog/spdlog.h>
#include <unicode/uversion.h>

#include <memory>
#include <mutex>

namespace shopfloor::search {

namespace {

// Registered while the server starts, read afterwards.
std::mutex sources_mutex;
std::vector<std::shared_ptr<const Source>>& sources() {
  static std::vector<std::shared_ptr<const Source>> all;
  return all;
}

std::shared_ptr<const Source> find_source(std::string_view kind) {
  std::lock_guard lock(sources_mutex);
  for (const auto& s : sources())
    if (s->kind == kind) return s;
  return nullptr;
}

constexpr std::size_t batch = 500;

// Raise when search/text.cpp's rules or the stored layout change: every document is written again.
constexpr int rules_version = 1;

}  // namespace

void add_source(Source source) {
  std::lock_guard lock(sources_mutex);
  for (auto& s : sources())
    if (s->kind == source.kind) {
      s = std::make_shared<const Source>(std::move(source));
      return;
    }
  sources().push_back(std::make_shared<const Source>(std::move(source)));
}

const Source* source(std::string_view kind) {
  return find_source(kind).get();
}

std::vector<std::string> source_kinds() {
  std::lock_guard lock(sources_mutex);
  std::vector<std::string> out;
  for (const auto& s : sources()) out.push_back(s->kind);
  return out;
}

void refresh(db::Connection& c, std::string_view kind, const std::string& id) {
  auto s = find_source(kind);
  if (!s) return;
  auto docs = s->load(c, {id});
  if (docs.empty())
    remove(c, kind, id);
  else
    put(c, docs.front());
}

std::size_t rebuild(db::Database& db, std::string_view kind) {
  auto s = find_source(kind);
  if (!s) return 0;
  auto ids = db.transact_sync(
      [&](db::Connection& c) {
        return c.query("SELECT id FROM " + s->table + " ORDER BY id").first_column();
      },
      db::TxMode::read);
  db.transact_sync([&](db::Connection& c) {
    c.query("DELETE FROM search_docs WHERE kind = $1 AND item_id NOT IN (SELECT id FROM " + s->table + ")",
            s->kind);
  });
  std::size_t written = 0;
  for (std::size_t at = 0; at < ids.size(); at += batch) {
    std::vector<std::string> part(
        ids.begin() + static_cast<std::ptrdiff_t>(at),
        ids.begin() + static_cast<std::ptrdiff_t>(std::min(ids.size(), at + batch)));
    written += db.transact_sync([&](db::Connection& c) {
      auto docs = s->load(c, part);
      for (const auto& d : docs) put(c, d);
      return docs.size();
    });
  }
  return written;
}

std::string version() {
  return "icu " U_ICU_VERSION ", rules " + std::to_string(rules_version);
}

std::size_t catch_up(db::Database& db) {
  std::string current = version();
  auto stored = db.transact_sync(
      [](db::Connection& c) {
        auto r = c.query("SELECT value FROM search_state WHERE name = 'version'").first();
        return r ? r->str(0) : std::string();
      },
      db::TxMode::read);
  std::size_t written = 0;
  for (const auto& kind : source_kinds()) {
    auto s = find_source(kind);
    bool stale = stored != current;
    if (!stale)
      stale = db.transact_sync(
          [&](db::Connection& c) {
            auto items = c.query("SELECT COUNT(*) FROM " + s->table).first()->i64(0);
            auto docs = c.query("SELECT COUNT(*) FROM search_docs WHERE kind = $1", kind).first()->i64(0);
            return items != docs;
          },
          db::TxMode::read);
    if (!stale) continue;
    auto n = rebuild(db, kind);
    if (n > 0) spdlog::info("search: indexed {} {}", n, kind);
    written += n;
  }
  if (stored != current)
    db.transact_sync([&](db::Connection& c) {
      c.query(
          "INSERT INTO search_state (name, value) VALUES ('version', $1) ON CONFLICT (name) DO UPDATE SET "
          "value = "
          "excluded.value",
          current);
    });
  return written;
}

}  // namespace shopfloor::search
