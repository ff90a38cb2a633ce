// Staff reads of a publishable table go through the gate (resources/staff_gate.hpp), so an unpublished item,
// one outside its window or outside the viewer's audience is hidden by construction. The server is put
// together as it runs (every area adds its declarations), the registry names the publishable tables, and
// every source file that serves staff is read: SQL that names one of those tables after FROM or JOIN fails
// here. The gate names the table itself (gate.from("polls", "p")); the person's own records read an item
// whatever its state through resources::any_state("rewards"), and more of an item the gate admitted through
// resources::admitted("contents"): decisions visible in the code.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <system_error>

#include "app/app.hpp"
#include "resources/resource.hpp"
#include "resources/staff_gate.hpp"

namespace {

namespace fs = std::filesystem;
using namespace shopfloor;

std::string read(const fs::path& p);

// Files that serve no staff route: the back office, seeds (the demo's too), reports, daily jobs, by their
// names or by a first line that says "// Back office only". Each is checked to register none.
bool back_office_only(const std::string& rel, const std::string& src) {
  static const std::regex pattern(
      R"((^|/)(seed|demo|demo_[a-z_]+|bench_seed|declarations?|admin|[a-z_]+_admin|admin_routes|backfill|notices)\.cpp$)"
      R"(|^reports/|^resources/|^db/|^app/)");
  return std::regex_search(rel, pattern) || src.rfind("// Back office only", 0) == 0;
}

// The string literals of a C++ source, adjacent ones joined as the compiler joins them.
std::vector<std::string> literals(const std::string& src) {
  std::vector<std::string> out;
  std::string current;
  bool open = false;  // `current` may still be continued by an adjacent literal
  for (std::size_t i = 0; i < src.size();) {
    char ch = src[i];
    if (ch == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      i = src.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (ch == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      i = src.find("*/", i + 2);
      if (i == std::string::npos) break;
      i += 2;
      continue;
    }
    if (ch == '\'') {  // a character literal (digit separators do not occur in our SQL code)
      for (++i; i < src.size() && src[i] != '\''; ++i)
        if (src[i] == '\\') ++i;
      ++i;
      continue;
    }
    if (ch == 'R' && i + 2 < src.size() && src[i + 1] == '"') {  // raw string R"delim( ... )delim"
      auto paren = src.find('(', i + 2);
      std::string close = ")" + src.substr(i + 2, paren - i - 2) + "\"";
      auto end = src.find(close, paren);
      current += src.substr(paren + 1, end - paren - 1);
      open = true;
      i = end + close.size();
      continue;
    }
    if (ch == '"') {
      for (++i; i < src.size() && src[i] != '"'; ++i) {
        if (src[i] == '\\' && i + 1 < src.size()) {
          current += src[++i] == 'n' ? '\n' : src[i];
          continue;
        }
        current += src[i];
      }
      ++i;
      open = true;
      continue;
    }
    if (open && !std::isspace(static_cast<unsigned char>(ch))) {
      out.push_back(std::move(current));
      current.clear();
      open = false;
    }
    ++i;
  }
  if (open) out.push_back(std::move(current));
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::set<std::string> publishable_tables() {
  static const std::set<std::string> tables = [] {
    Config config;
    config.database_url = "sqlite://:memory:";
    // A data directory of its own: starting the App reads or writes files there (Web Push's VAPID key).
    auto dir =
        std::filesystem::temp_directory_path() / ("shopfloor-staff-reads-" + std::to_string(::getpid()));
    config.data_dir = dir.string();
    App app(config);  // every area registers its declarations, as when the server starts
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    std::set<std::string> out;
    for (const auto& r : resources::registry().all())
      if (r->publishable) out.insert(r->table);
    return out;
  }();
  return tables;
}

// Where a staff-serving file names a publishable table in its SQL: "file: FROM polls ...".
std::vector<std::string> ungated_reads(const fs::path& root, const std::set<std::string>& tables) {
  std::string names;
  for (const auto& t : tables) names += (names.empty() ? "" : "|") + t;
  std::regex read_of("(^|[^A-Z_])(FROM|JOIN)\\s+(" + names + ")\\b");
  std::regex delete_from("DELETE\\s+$");
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    auto ext = entry.path().extension();
    if (ext != ".cpp" && ext != ".hpp") continue;
    std::string rel = fs::relative(entry.path(), root).generic_string();
    std::string src = read(entry.path());
    if (back_office_only(rel, src)) continue;
    for (const auto& sql : literals(src)) {
      for (std::sregex_iterator it(sql.begin(), sql.end(), read_of), end; it != end; ++it) {
        std::string before = sql.substr(0, static_cast<std::size_t>(it->position(2)));
        if (std::regex_search(before, delete_from)) continue;  // a write, not a read
        out.push_back(rel + ": " + it->str(2) + " " + it->str(3) + "  in \"" + sql.substr(0, 120) + "\"");
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(StaffReads, TheRegistryNamesThePublishableTables) {
  auto tables = publishable_tables();
  for (const char* t :
       {"home_slides", "rewards", "polls", "courses", "contents", "exams", "events", "surveys"})
    EXPECT_TRUE(tables.count(t)) << t;
}

TEST(StaffReads, EveryStaffReadOfAPublishableTableGoesThroughTheGate) {
  auto found = ungated_reads(SHOPFLOOR_SOURCE_DIR, publishable_tables());
  std::string list;
  for (const auto& f : found) list += "  " + f + "\n";
  EXPECT_TRUE(found.empty())
      << "SQL in files that serve staff names a publishable table: read it with "
         "gate.from(table, alias) (resources/staff_gate.hpp), or, for the person's own "
         "records, resources::any_state(table), for more of an admitted item, "
         "resources::admitted(table):\n"
      << list;
}

TEST(StaffReads, TheGateReadsOnlyDeclaredPublishableTables) {
  auto tables = publishable_tables();
  std::regex from_call(R"re(\.(from|audience_from)\(\s*"([a-z_]+)")re");
  for (const auto& entry : fs::recursive_directory_iterator(SHOPFLOOR_SOURCE_DIR)) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".hpp") continue;
    std::string src = read(entry.path());
    for (std::sregex_iterator it(src.begin(), src.end(), from_call), end; it != end; ++it)
      EXPECT_TRUE(tables.count(it->str(2)))
          << fs::relative(entry.path(), SHOPFLOOR_SOURCE_DIR).generic_string() << ": gate." << it->str(1)
          << "(\"" << it->str(2) << "\") names a table no declaration makes publishable()";
  }
}

TEST(StaffReads, BackOfficeFilesServeNoStaffRoute) {
  for (const auto& entry : fs::recursive_directory_iterator(SHOPFLOOR_SOURCE_DIR)) {
    if (entry.path().extension() != ".cpp") continue;
    std::string rel = fs::relative(entry.path(), SHOPFLOOR_SOURCE_DIR).generic_string();
    std::string src = read(entry.path());
    if (!back_office_only(rel, src) || rel.rfind("app/", 0) == 0 || rel.rfind("resources/", 0) == 0) continue;
    for (const char* staff : {"Access::signed_in", "Access::anyone", "add_kind("})
      EXPECT_EQ(src.find(staff), std::string::npos)
          << rel << " is read as back office only but has " << staff;
  }
}

TEST(StaffReads, TheScanSeesSqlAsTheCompilerJoinsIt) {
  auto found = literals(R"(c.query("SELECT id " /* x */ "FROM polls WHERE id = $1", id); // "FROM rewards"
    auto s = std::string("a") + "JOIN courses co";  char q = '"';)");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0], "SELECT id FROM polls WHERE id = $1");
  EXPECT_EQ(found[2], "JOIN courses co");
}
