#include <libpq-fe.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstring>
#include <memory>
#include <stdexcept>

#include "backup/snapshot.hpp"

extern char** environ;

namespace shopfloor::backup {

namespace {

struct Conn {
  PGconn* c;
  explicit Conn(const std::string& url) : c(PQconnectdb(url.c_str())) {
    if (PQstatus(c) != CONNECTION_OK) {
      std::string why = PQerrorMessage(c);
      PQfinish(c);
      throw std::runtime_error("cannot connect to PostgreSQL: " + why);
    }
  }
  ~Conn() { PQfinish(c); }
  std::vector<std::string> column(const std::string& sql) const {
    std::unique_ptr<PGresult, decltype(&PQclear)> r(PQexec(c, sql.c_str()), &PQclear);
    auto status = PQresultStatus(r.get());
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
      throw std::runtime_error(sql + ": " + PQerrorMessage(c));
    std::vector<std::string> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.emplace_back(PQgetvalue(r.get(), i, 0));
    return out;
  }
};

Contents contents_of(const Conn& conn) {
  Contents out;
  out.migrations = conn.column("SELECT name FROM schema_migrations ORDER BY name");
  for (const auto& t : conn.column("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
                                   "ORDER BY tablename")) {
    std::unique_ptr<char, decltype(&PQfreemem)> quoted(PQescapeIdentifier(conn.c, t.data(), t.size()),
                                                       &PQfreemem);
    out.tables[t] = std::stoll(conn.column(std::string("SELECT count(*) FROM ") + quoted.get()).at(0));
  }
  return out;
}

int hex_value(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

// postgres://user:password@host/db → the URL without the password, and the password (percent-decoded): the
// tools get it in PGPASSWORD, so it never shows in a process list.
std::pair<std::string, std::string> split_password(const std::string& url) {
  auto scheme_end = url.find("://");
  if (scheme_end == std::string::npos) return {url, ""};
  auto start = scheme_end + 3;
  auto at = url.find('@', start);
  auto slash = url.find('/', start);
  if (at == std::string::npos || (slash != std::string::npos && at > slash)) return {url, ""};
  auto colon = url.find(':', start);
  if (colon == std::string::npos || colon > at) return {url, ""};
  std::string encoded = url.substr(colon + 1, at - colon - 1), password;
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    if (encoded[i] == '%' && i + 2 < encoded.size() + 0 && hex_value(encoded[i + 1]) >= 0 &&
        hex_value(encoded[i + 2]) >= 0) {
      password += static_cast<char>(hex_value(encoded[i + 1]) * 16 + hex_value(encoded[i + 2]));
      i += 2;
    } else {
      password += encoded[i];
    }
  }
  return {url.substr(0, colon) + url.substr(at), password};
}

// Runs a PostgreSQL client tool (found on PATH) against `url`; throws when it fails. Its messages go to our
// stderr.
void run_tool(const std::string& tool, std::vector<std::string> args, const std::string& url) {
  auto [bare_url, password] = split_password(url);
  args.insert(args.begin(), tool);
  args.push_back("--dbname=" + bare_url);
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "PGPASSWORD=", 11) != 0) env_strings.emplace_back(*e);
  if (!password.empty()) env_strings.push_back("PGPASSWORD=" + password);
  std::vector<char*> argv, envp;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid;
  if (int err = posix_spawnp(&pid, tool.c_str(), nullptr, nullptr, argv.data(), envp.data()); err != 0)
    throw std::runtime_error("cannot run " + tool + " (install postgresql-client): " + std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error(tool + " failed (see above)");
}

}  // namespace

Contents snapshot_postgres(const std::string& url, const std::string& into_file) {
  Conn conn(url);
  conn.column("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  auto snapshot = conn.column("SELECT pg_export_snapshot()").at(0);
  auto contents = contents_of(conn);
  // The snapshot lives while this transaction is open: pg_dump reads exactly what was counted.
  run_tool(
      "pg_dump",
      {"--format=custom", "--no-owner", "--no-privileges", "--snapshot=" + snapshot, "--file=" + into_file},
      url);
  conn.column("COMMIT");
  return contents;
}

Contents read_postgres(const std::string& url) {
  Conn conn(url);
  return contents_of(conn);
}

bool postgres_is_empty(const std::string& url) {
  Conn conn(url);
  return conn.column("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()").at(0) == "0";
}

void restore_postgres(const std::string& url, const std::string& dump_file) {
  run_tool("pg_restore",
           {"--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dump_file}, url);
}

}  // namespace shopfloor::backup
