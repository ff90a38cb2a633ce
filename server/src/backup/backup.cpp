#include "backup/backup.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "backup/sha256.hpp"
#include "backup/snapshot.hpp"
#include "backup/tar.hpp"
#include "db/migrate.hpp"

#ifndef SHOPFLOOR_VERSION
#define SHOPFLOOR_VERSION "unknown"
#endif

namespace shopfloor::backup {

namespace fs = std::filesystem;
namespace json = boost::json;

namespace {

constexpr std::int64_t format_version = 1;
constexpr std::string_view sqlite_scheme = "sqlite://";
const std::string manifest_name = "manifest.json";
const std::string sqlite_entry = "database/shopfloor.db";
const std::string postgres_entry = "database/shopfloor.pgdump";

bool is_sqlite(const Config& c) {
  return c.database_url.starts_with(sqlite_scheme);
}
std::string sqlite_path(const Config& c) {
  return c.database_url.substr(sqlite_scheme.size());
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A refusal: a clear message and the command's exit code.
struct Refused {
  Exit code;
  std::string message;
};

fs::path absolute_clean(const fs::path& p) {
  return fs::weakly_canonical(fs::absolute(p));
}

// A file a server is still writing whole before renaming it into place (media's write_atomically and the demo
// pictures: "<name>.tmp-<hex>"): not data yet, and gone by the time it would be read.
bool being_written(const fs::path& p) {
  return p.filename().string().find(".tmp-") != std::string::npos;
}

// DATA_DIR's files to archive, relative and sorted: regular files only (no symlinks followed), without the
// live SQLite database and its journals, files still being written, and the archive being written.
std::vector<std::string> data_files(const fs::path& data_dir, const std::set<fs::path>& skip) {
  std::vector<std::string> out;
  if (!fs::exists(data_dir)) return out;
  for (auto it = fs::recursive_directory_iterator(data_dir); it != fs::recursive_directory_iterator(); ++it) {
    if (!it->is_regular_file(/* no symlink followed: */) || it->is_symlink() || being_written(it->path()))
      continue;
    auto abs = absolute_clean(it->path());
    if (skip.contains(abs)) continue;
    out.push_back(fs::relative(abs, absolute_clean(data_dir)).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

json::object contents_json(const Contents& c) {
  json::object tables;
  for (const auto& [name, rows] : c.tables) tables[name] = rows;
  json::array migrations;
  for (const auto& m : c.migrations) migrations.emplace_back(m);
  return {{"migrations", migrations}, {"tables", tables}};
}

Contents contents_from(const json::object& m) {
  Contents c;
  for (const auto& v : m.at("migrations").as_array()) c.migrations.emplace_back(v.as_string());
  for (const auto& [name, rows] : m.at("tables").as_object())
    c.tables[std::string(name)] = rows.to_number<std::int64_t>();
  return c;
}

// A name the archive may hold, so nothing is written outside DATA_DIR ("../", absolute paths).
bool safe_name(const std::string& name) {
  if (name == manifest_name || name == sqlite_entry || name == postgres_entry) return true;
  if (!name.starts_with("data/") || name.size() == 5) return false;
  for (const auto& part : fs::path(name.substr(5))) {
    auto s = part.string();
    if (s.empty() || s == "." || s == ".." || s == "/") return false;
  }
  return fs::path(name).is_relative();
}

struct FileSum {
  std::uint64_t size = 0;
  std::string sha256;
};

// Reads the current entry to the end, hashing it and, when `out` is open, copying it there.
std::string hash_entry(TarReader& r, std::ofstream* out) {
  Sha256 sha;
  std::vector<char> buf(1 << 16);
  while (auto n = r.read(buf.data(), buf.size())) {
    sha.update(buf.data(), n);
    if (out && !out->write(buf.data(), static_cast<std::streamsize>(n)))
      throw std::runtime_error("write failed");
  }
  return sha.hex();
}

std::string read_entry(TarReader& r, std::uint64_t size) {
  if (size > (64u << 20)) throw Refused{damaged, "the manifest is too large to be one"};
  std::string s(size, '\0');
  std::size_t at = 0;
  while (auto n = r.read(s.data() + at, s.size() - at)) at += n;
  return s;
}

int run_backup(const Config& config, const std::string& dest) {
  auto started = now_ms();
  if (fs::exists(dest))
    throw Refused{failed, dest + " exists: choose a new name (a backup never overwrites)"};
  const std::string partial = dest + ".partial", db_copy = dest + ".database";
  std::set<fs::path> skip{absolute_clean(dest), absolute_clean(partial), absolute_clean(db_copy)};
  const bool sqlite = is_sqlite(config);
  if (sqlite) {
    auto db = sqlite_path(config);
    if (db == ":memory:") throw Refused{failed, "an in-memory database cannot be backed up"};
    if (!fs::exists(db)) throw Refused{failed, "no database at " + db};
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) skip.insert(absolute_clean(db + suffix));
  }
  struct Cleanup {
    std::vector<std::string> paths;
    ~Cleanup() {
      std::error_code ec;
      for (const auto& p : paths) fs::remove(p, ec);
    }
  } cleanup{{partial, db_copy}};

  auto contents = sqlite ? snapshot_sqlite(sqlite_path(config), db_copy)
                         : snapshot_postgres(config.database_url, db_copy);
  TarWriter tar(partial);
  json::array files;
  auto add = [&](const std::string& name, const std::string& source, unsigned mode) {
    auto size = fs::file_size(source);
    auto sha = tar.add_file(name, source, mode);
    files.push_back({{"path", name}, {"size", size}, {"sha256", sha}});
  };
  add(sqlite ? sqlite_entry : postgres_entry, db_copy, 0600);
  fs::remove(db_copy);
  auto data_dir = fs::path(config.data_dir);
  bool secret_file = false;
  for (const auto& rel : data_files(data_dir, skip)) {
    auto source = data_dir / rel;
    // Removed since it was listed (a person's photos erased, a resized copy trimmed): not archived.
    if (std::error_code gone; !fs::is_regular_file(source, gone)) continue;
    struct stat st {};
    unsigned mode = ::stat(source.c_str(), &st) == 0 ? (st.st_mode & 0777) : 0600;
    add("data/" + rel, source.string(), mode);
    secret_file = secret_file || rel == "auth_secret";
  }
  // AUTH_SECRET from the environment: kept too, as the file a node reads when the variable is unset.
  if (!secret_file && !config.auth_secret.empty()) {
    auto sha = tar.add_bytes("data/auth_secret", config.auth_secret, 0600);
    files.push_back({{"path", "data/auth_secret"}, {"size", config.auth_secret.size()}, {"sha256", sha}});
  }
  std::int64_t rows = 0;
  for (const auto& [t, n] : contents.tables) rows += n;
  auto manifest = contents_json(contents);
  manifest["format"] = format_version;
  manifest["product"] = config.product_name;
  manifest["version"] = SHOPFLOOR_VERSION;
  manifest["backend"] = sqlite ? "sqlite" : "postgres";
  manifest["createdAt"] = now_ms();
  manifest["lastMigration"] = contents.migrations.empty() ? "" : contents.migrations.back();
  manifest["files"] = files;
  tar.add_bytes(manifest_name, json::serialize(manifest) + "\n", 0644);
  tar.finish();
  fs::rename(partial, dest);
  std::cout << "backup written to " << dest << ": " << tar.bytes_written() << " bytes, "
            << contents.tables.size() << " tables, " << rows << " rows, " << files.size() << " files, in "
            << (now_ms() - started) << " ms\n";
  return ok;
}

void check_target_empty(const Config& config) {
  auto data_dir = fs::path(config.data_dir);
  if (fs::exists(data_dir) && !fs::is_empty(data_dir))
    throw Refused{target_not_empty,
                  "DATA_DIR " + config.data_dir +
                      " is not empty: restore into an empty data directory (a restore never "
                      "mixes with or overwrites live data)"};
  if (is_sqlite(config)) {
    if (fs::exists(sqlite_path(config)))
      throw Refused{target_not_empty, "a database already exists at " + sqlite_path(config)};
  } else if (!postgres_is_empty(config.database_url)) {
    throw Refused{target_not_empty,
                  "the PostgreSQL database of DATABASE_URL has tables: restore into a new, empty database"};
  }
}

// Pass one: every entry's size and sha256, and the manifest; nothing is written.
std::pair<json::object, std::map<std::string, FileSum>> read_archive(const std::string& archive) {
  TarReader r(archive);
  std::map<std::string, FileSum> sums;
  std::optional<std::string> manifest_text;
  while (auto e = r.next()) {
    if (!safe_name(e->name)) throw Refused{damaged, "the archive holds an unexpected entry: " + e->name};
    if (e->name == manifest_name)
      manifest_text = read_entry(r, e->size);
    else
      sums[e->name] = {e->size, hash_entry(r, nullptr)};
  }
  if (!manifest_text) throw Refused{damaged, "the archive has no manifest.json: not a Shopfloor backup"};
  boost::system::error_code ec;
  auto parsed = json::parse(*manifest_text, ec);
  if (ec || !parsed.is_object()) throw Refused{damaged, "the archive's manifest.json is not valid JSON"};
  return {parsed.as_object(), sums};
}

void check_manifest(const Config& config, const json::object& m, const std::map<std::string, FileSum>& sums) {
  try {
    if (m.at("format").to_number<std::int64_t>() > format_version)
      throw Refused{newer_schema, "the archive was written by a newer Shopfloor (backup format " +
                                      json::serialize(m.at("format")) + "): restore it with that release"};
    auto backend = std::string(m.at("backend").as_string());
    if (backend != (is_sqlite(config) ? "sqlite" : "postgres"))
      throw Refused{wrong_backend, "the archive is a " + backend + " backup and DATABASE_URL is not " +
                                       backend + ": restore it into the same kind of database"};
    std::set<std::string_view> known;
    for (const auto& em : db::embedded_migrations()) known.insert(em.name);
    std::string unknown;
    for (const auto& v : m.at("migrations").as_array())
      if (!known.contains(v.as_string()))
        unknown += (unknown.empty() ? "" : ", ") + std::string(v.as_string());
    if (!unknown.empty())
      throw Refused{newer_schema, "the archive's schema is newer than this build (unknown migrations: " +
                                      unknown + "): restore it with the release that wrote it (" +
                                      std::string(m.at("version").as_string()) + ") or a later one"};
    std::set<std::string> listed;
    for (const auto& v : m.at("files").as_array()) {
      const auto& f = v.as_object();
      auto path = std::string(f.at("path").as_string());
      listed.insert(path);
      auto it = sums.find(path);
      if (it == sums.end()) throw Refused{damaged, "the archive lacks " + path + " (listed in the manifest)"};
      if (it->second.size != f.at("size").to_number<std::uint64_t>() ||
          it->second.sha256 != f.at("sha256").as_string())
        throw Refused{damaged, "checksum mismatch for " + path + ": the archive is damaged or was altered"};
    }
    for (const auto& [name, sum] : sums)
      if (!listed.contains(name))
        throw Refused{damaged, "the archive holds " + name + ", which its manifest does not list"};
    if (!listed.contains(backend == "sqlite" ? sqlite_entry : postgres_entry))
      throw Refused{damaged, "the archive holds no database"};
  } catch (const std::exception& e) {  // a missing key or a wrong type: json throws
    throw Refused{damaged, std::string("the archive's manifest is not a Shopfloor manifest: ") + e.what()};
  }
}

int run_restore(const Config& config, const std::string& archive) {
  auto started = now_ms();
  if (!fs::is_regular_file(archive)) throw Refused{failed, "no archive at " + archive};
  check_target_empty(config);
  auto [manifest, sums] = read_archive(archive);
  check_manifest(config, manifest, sums);
  const bool sqlite = is_sqlite(config);

  // Pass two: extract, hashing again (the file could change between the passes). What was written is removed
  // on any failure: the target was empty.
  auto data_dir = fs::path(config.data_dir);
  bool created_data_dir = !fs::exists(data_dir);
  const std::string db_file =
      sqlite ? sqlite_path(config) + ".restoring"
             : (fs::temp_directory_path() / ("shopfloor-restore-" + std::to_string(now_ms()) + ".pgdump"))
                   .string();
  bool restored = false;
  struct Undo {
    std::function<void()> fn;
    ~Undo() { fn(); }
  } undo{[&] {
    std::error_code ec;
    fs::remove(db_file, ec);
    if (restored) return;
    if (created_data_dir)
      fs::remove_all(data_dir, ec);
    else
      for (const auto& entry : fs::directory_iterator(data_dir, ec)) fs::remove_all(entry.path(), ec);
    if (sqlite) fs::remove(sqlite_path(config), ec);
  }};
  fs::create_directories(data_dir);
  if (sqlite) fs::create_directories(fs::absolute(sqlite_path(config)).parent_path());
  TarReader r(archive);
  while (auto e = r.next()) {
    if (e->name == manifest_name) continue;
    std::string target = e->name.starts_with("data/") ? (data_dir / e->name.substr(5)).string() : db_file;
    fs::create_directories(fs::path(target).parent_path());
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + target);
    auto sha = hash_entry(r, &out);
    out.close();
    if (!out) throw std::runtime_error("cannot write " + target);
    fs::permissions(target, static_cast<fs::perms>(e->mode & 0777));
    if (sha != sums.at(e->name).sha256)
      throw Refused{damaged, "checksum mismatch for " + e->name + ": the archive changed while it was read"};
  }
  Contents want = contents_from(manifest), got;
  if (sqlite) {
    got = read_sqlite(db_file);
  } else {
    restore_postgres(config.database_url, db_file);
    got = read_postgres(config.database_url);
  }
  for (const auto& [table, rows] : want.tables) {
    auto it = got.tables.find(table);
    if (it == got.tables.end() || it->second != rows)
      throw Refused{
          damaged, "table " + table + " has " +
                       (it == got.tables.end() ? std::string("gone") : std::to_string(it->second) + " rows") +
                       " after the restore; the manifest says " + std::to_string(rows)};
  }
  if (got.migrations != want.migrations || got.tables.size() != want.tables.size())
    throw Refused{damaged, "the restored schema differs from the manifest"};
  if (sqlite) fs::rename(db_file, sqlite_path(config));
  restored = true;
  std::int64_t rows = 0;
  for (const auto& [t, n] : got.tables) rows += n;
  std::cout << "restored " << archive << " (" << std::string(manifest.at("version").as_string()) << ", "
            << std::string(manifest.at("lastMigration").as_string()) << "): " << got.tables.size()
            << " tables, " << rows << " rows, " << (sums.size() - 1) << " data files, checked, in "
            << (now_ms() - started) << " ms\n";
  return ok;
}

int guarded(const char* what, const std::function<int()>& fn) {
  try {
    return fn();
  } catch (const Refused& r) {
    std::cerr << what << ": " << r.message << "\n";
    return r.code;
  } catch (const std::exception& e) {
    std::cerr << what << " failed: " << e.what() << "\n";
    return failed;
  }
}

}  // namespace

int backup(const Config& config, const std::string& dest) {
  return guarded("backup", [&] { return run_backup(config, dest); });
}

int restore(const Config& config, const std::string& archive) {
  return guarded("restore", [&] { return run_restore(config, archive); });
}

}  // namespace shopfloor::backup
