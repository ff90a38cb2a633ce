// shopfloor: serve the app, migrate the database, seed demo data, manage users.
// Settings come from the environment; flags override them. `shopfloor --help` lists everything.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <iterator>
#include <optional>
#include <thread>

#include "app/app.hpp"
#include "app/demo_seed.hpp"
#include "app/log_sink.hpp"
#include "auth/oidc/settings.hpp"
#include "auth/passwords.hpp"
#include "backup/backup.hpp"
#include "backup/schedule.hpp"
#include "badges/badges.hpp"
#include "certificates/certificates.hpp"
#include "drill/bench.hpp"
#include "drill/replay.hpp"
#include "drill/streak_reminder.hpp"
#include "events/reminders.hpp"
#include "http/server.hpp"
#include "knowledge/summary.hpp"
#include "leaderboards/leaderboards.hpp"
#include "learning/learning.hpp"
#include "learning/notices.hpp"
#include "points/standings.hpp"
#include "push/deliveries.hpp"
#include "realtime/session.hpp"
#include "reports/reports.hpp"
#include "reports/seed.hpp"
#include "resources/fields.hpp"
#include "search/bench.hpp"
#include "search/index.hpp"
#include "search/sources.hpp"
#include "telemetry/retention.hpp"
#include "users/users.hpp"
#include "util/config.hpp"
#include "util/ids.hpp"

using namespace shopfloor;

namespace {

void setup_logging(const Config& config) {
  // On a terminal: coloured levels, written at once. Otherwise (a service, a pipe, a file): the access
  // log is written behind the IO threads (app/log_sink.hpp); warnings and errors are flushed at once.
  std::shared_ptr<spdlog::logger> logger;
  if (isatty(STDERR_FILENO)) {
    logger = spdlog::stderr_color_mt("shopfloor");
  } else {
    logger = std::make_shared<spdlog::logger>("shopfloor", std::make_shared<WriteBehindSink>(STDERR_FILENO));
    logger->flush_on(spdlog::level::warn);
  }
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%l%$ %v");
  spdlog::set_level(spdlog::level::from_str(config.log_level));
}

std::unique_ptr<db::Database> open_and_migrate(const Config& config) {
  auto database = db::Database::open(config.database_url, {.pool_size = 1});
  for (const auto& name : database->migrate()) spdlog::info("applied migration {}", name);
  return database;
}

// Every connection is a descriptor: a node holding 10,000 realtime sockets needs more than the usual soft
// limit of 1,024. The soft limit is raised to the hard one (as nginx's worker_rlimit_nofile does); returns
// it.
rlim_t raise_open_files_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised{limit.rlim_max, limit.rlim_max};
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) return raised.rlim_cur;
  }
  return limit.rlim_cur;
}

int serve(Config config) {
  try {
    backup::schedule_from_env(config);  // with the flags applied: is BACKUP_DIR outside this DATA_DIR?
  } catch (const std::exception& e) {
    std::cerr << "configuration error: " << e.what() << "\n";
    return 2;
  }
  config.ensure_auth_secret();
  open_and_migrate(config)->shutdown();
  App app(config);
  // Documents the index lacks (a seed's rows, new rules): written before the first request is served.
  if (auto n = search::catch_up(*app.db); n > 0)
    spdlog::info("search: index brought up to date ({} items)", n);
  http::ServerOptions options;
  options.host = config.host;
  options.port = static_cast<unsigned short>(config.port);
  options.threads = config.threads > 0 ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  options.request_timeout_s = config.request_timeout_s;
  options.shutdown_timeout_s = config.shutdown_timeout_s;
  http::Server server(
      options,
      [&app](http::Request& req, const std::string& ip, const std::string& local) {
        return app.handle(req, ip, local);
      },
      [&app](boost::beast::http::verb m, std::string_view target) { return app.body_limit(m, target); });
  server.set_upgrade_handler([&app](boost::beast::tcp_stream stream, http::Request req, std::string ip) {
    return realtime::accept_upgrade(app, std::move(stream), std::move(req), std::move(ip));
  });
  server.set_on_stop([&app] { app.begin_stop(); });
  app.start(server.io());
  auto open_files = raise_open_files_limit();
  spdlog::info("{} listening on http://{}:{} ({} threads, {} database, web from {}, up to {} open files)",
               config.product_name, config.host, server.bound_port(), options.threads, app.db->backend_name(),
               config.web_dir, open_files);
  server.run();
  app.stop();
  // The database threads post their answers to the server's executor. They finish (and the coroutines still
  // waiting on them are released) while that executor lives: the server goes first at the end of this scope,
  // and an answer posted to it while it is being destroyed freed the same connection twice (10,000 sockets
  // open at SIGTERM, in the bench).
  app.db->shutdown();
  spdlog::info("stopped");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  init_crypto();
  Config config;
  try {
    config = Config::from_env();
    auth::oidc::providers_from_env();  // a provider's settings are checked now, not at the first sign-in
    telemetry::retention_days_from_env();
  } catch (const std::exception& e) {
    std::cerr << "configuration error: " << e.what() << "\n";
    return 2;
  }

  CLI::App cli{
      "Shopfloor: learning and engagement for retail store staff.\n"
      "Settings come from environment variables (in brackets) and can be overridden by flags."};
  cli.require_subcommand(1);
  cli.fallthrough();  // settings flags may also follow the subcommand: `shopfloor serve --port 9000`
  config.add_flags(cli);
  cli.footer(auth::oidc::settings_help());

  auto* serve_cmd = cli.add_subcommand("serve", "Migrate the database, then serve the API and web app");
  auto* migrate_cmd = cli.add_subcommand("migrate", "Apply database migrations");
  auto* seed_cmd = cli.add_subcommand("seed", "Load data");
  auto* bench_search_cmd = cli.add_subcommand(
      "bench-search",
      "Measure the search index at scale (make bench): index updates and two-word Thai queries");
  search::BenchOptions search_bench;
  bench_search_cmd->add_option("--items", search_bench.items, "Documents to index")->capture_default_str();
  bench_search_cmd->add_option("--queries", search_bench.queries, "Queries to time")->capture_default_str();
  bench_search_cmd->add_option("--writes", search_bench.writes, "Index updates to time")
      ->capture_default_str();
  bench_search_cmd->add_flag("--keep", search_bench.keep,
                             "Leave the bench documents in the index (to look at the queries' plans)");
  bench_search_cmd->add_flag("--reuse", search_bench.reuse,
                             "Time over the documents a --keep run left (when as many as --items)");
  auto* prune_words_cmd = cli.add_subcommand(
      "search-prune-words",
      "Remove a batch of indexed words no document holds any more (a daily job does it; this runs one now)");
  std::size_t prune_batch = 2000;
  prune_words_cmd->add_option("--batch", prune_batch, "Words looked at")->capture_default_str();
  bool demo = false, bench_learning = false, bench_leaderboard = false;
  int bench_users = 10000, bench_items = 1000;
  int board_staff = 100000, board_stores = 1000, board_days = 365;
  long long board_entries = 10000000;
  seed_cmd->add_flag(
      "--demo", demo,
      "Demo logins (admin, editor, staff), every area's catalogue, and a company of ~150 staff "
      "with 90 days of history written through the areas; idempotent");
  seed_cmd->add_flag("--bench-learning", bench_learning,
                     "Benchmark data: staff users and published learning items with audiences (make bench)");
  seed_cmd->add_option("--bench-users", bench_users, "Users for --bench-learning")->capture_default_str();
  seed_cmd->add_option("--bench-items", bench_items, "Published items for --bench-learning")
      ->capture_default_str();
  seed_cmd->add_flag("--bench-leaderboard", bench_leaderboard,
                     "Benchmark data: staff, stores and ledger entries for the leaderboards (make bench)");
  seed_cmd->add_option("--board-staff", board_staff, "Staff for --bench-leaderboard")->capture_default_str();
  seed_cmd->add_option("--board-entries", board_entries, "Ledger entries for --bench-leaderboard")
      ->capture_default_str();
  seed_cmd->add_option("--board-stores", board_stores, "Stores for --bench-leaderboard")
      ->capture_default_str();
  seed_cmd->add_option("--board-days", board_days, "Days the entries spread over (--bench-leaderboard)")
      ->capture_default_str();
  bool bench_reports = false, no_history = false;
  reports::BenchSize report_size;
  seed_cmd->add_flag(
      "--no-history", no_history,
      "With --demo: the demo logins and the catalogue only, without the company and its 90 days "
      "(the integration tests, which count every figure by hand)");
  seed_cmd->add_flag(
      "--bench-reports", bench_reports,
      "Benchmark data for the reports: staff, stores, a year of rollups, raw telemetry (make bench)");
  seed_cmd->add_option("--report-staff", report_size.staff, "Staff for --bench-reports")
      ->capture_default_str();
  seed_cmd->add_option("--report-stores", report_size.stores, "Stores for --bench-reports")
      ->capture_default_str();
  seed_cmd->add_option("--report-days", report_size.days, "Days of rollups for --bench-reports")
      ->capture_default_str();
  seed_cmd->add_option("--report-events", report_size.events, "Raw telemetry events for --bench-reports")
      ->capture_default_str();

  auto* backup_cmd = cli.add_subcommand(
      "backup",
      "Write one archive of the database (a consistent snapshot, while the server runs), DATA_DIR's media "
      "and keys, and a manifest with row counts and checksums");
  std::string backup_dest, restore_archive;
  backup_cmd
      ->add_option("DEST", backup_dest, "The archive to write (a new file, e.g. /backup/sf-2026-03-01.tar)")
      ->required();
  auto* restore_cmd = cli.add_subcommand(
      "restore",
      "Restore an archive of `backup` into an empty DATA_DIR and an empty database, after checking every "
      "checksum and the schema (exit 3: target not empty, 4: newer schema, 5: damaged, 6: other database)");
  restore_cmd->add_option("ARCHIVE", restore_archive, "The archive `backup` wrote")->required();

  auto* retention_cmd =
      cli.add_subcommand("retention",
                         "Delete now, in batches, what each server deletes hourly: raw telemetry older than "
                         "TELEMETRY_RETENTION_DAYS (the reports' rollups stay), expired sessions, "
                         "idempotency keys over a day old, telemetry batch keys over 7 days old");

  auto* boards_cmd = cli.add_subcommand("leaderboards", "Leaderboards");
  boards_cmd->require_subcommand(1);
  auto* rebuild_cmd = boards_cmd->add_subcommand(
      "rebuild", "Rebuild the leaderboards' running totals from the points ledger (after a bulk load)");

  auto* user_cmd = cli.add_subcommand("user", "Manage users");
  user_cmd->require_subcommand(1);
  auto* create_cmd = user_cmd->add_subcommand("create", "Create a user");
  users::NewUser nu;
  std::string email;
  std::string store;
  create_cmd->add_option("--identifier", nu.employee_code, "Employee code (used to sign in)")->required();
  create_cmd->add_option("--password", nu.password, "Password (at least 8 characters)")->required();
  create_cmd->add_option("--name", nu.name, "Full name")->required();
  create_cmd->add_option("--email", email, "Email (also accepted at sign-in)");
  create_cmd->add_option("--role", nu.role, "staff, editor or admin")
      ->check(CLI::IsMember({"staff", "editor", "admin"}))
      ->capture_default_str();
  create_cmd->add_option("--status", nu.status, "active, pending or disabled")
      ->check(CLI::IsMember({"active", "pending", "disabled"}))
      ->capture_default_str();
  create_cmd->add_option("--store", store, "Store code");

  auto* badges_cmd = cli.add_subcommand("badges", "Open Badges");
  badges_cmd->require_subcommand(1);
  auto* verify_cmd =
      badges_cmd->add_subcommand("verify", "Check a badge credential: a VC-JWT file or a baked PNG");
  std::string verify_path;
  verify_cmd->add_option("FILE", verify_path, "The .jwt or .png file")->required();
  auto* notices_cmd = cli.add_subcommand("notifications", "Notification centre jobs");
  notices_cmd->require_subcommand(1);
  auto* daily_cmd =
      notices_cmd->add_subcommand("daily",
                                  "Run the daily reminders now (mandatory courses due in 3 days, "
                                  "certificates expiring in 30, 7 and 1 days); each is sent once anyway");
  std::string daily_at;
  daily_cmd->add_option("--at", daily_at, "Run as at this instant (ISO 8601, e.g. 2026-03-01T09:00:00Z)");

  auto* events_cmd = cli.add_subcommand("events", "Events and social activities");
  events_cmd->require_subcommand(1);
  auto* remind_cmd = events_cmd->add_subcommand(
      "remind", "Send the event reminders due now (a day and an hour before); each is sent once anyway");
  std::string remind_at;
  remind_cmd->add_option("--at", remind_at, "Run as at this instant (ISO 8601, e.g. 2026-03-01T09:00:00Z)");

  auto* fsrs_cmd = cli.add_subcommand(
      "fsrs-replay",
      "Run review logs (JSON on stdin) through the drill's FSRS scheduler and print every state (the tests "
      "compare it with the reference implementation)");

  auto* knowledge_cmd = cli.add_subcommand("knowledge", "The Knowledge report's summary");
  knowledge_cmd->require_subcommand(1);
  auto* knowledge_rebuild_cmd = knowledge_cmd->add_subcommand(
      "rebuild", "Rebuild the Knowledge report's summary from every drill memory state, in one transaction");
  auto* knowledge_new_day_cmd = knowledge_cmd->add_subcommand(
      "new-day",
      "Bring every person's share to the current day, a batch per transaction (as the daily job does)");
  std::int64_t new_day_batch = 100;
  knowledge_new_day_cmd->add_option("--batch", new_day_batch, "People per transaction")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();

  auto* bench_drill_cmd = cli.add_subcommand(
      "bench-drill", "Measure building today's drill for one person with many question states (make bench)");
  drill::BenchOptions drill_bench;
  bench_drill_cmd->add_option("--states", drill_bench.states, "Question states of the bench person")
      ->capture_default_str();
  bench_drill_cmd->add_option("--runs", drill_bench.runs, "Drills drawn and timed")->capture_default_str();

  CLI11_PARSE(cli, argc, argv);
  setup_logging(config);

  try {
    if (serve_cmd->parsed()) return serve(config);
    if (backup_cmd->parsed()) return backup::backup(config, backup_dest);
    if (restore_cmd->parsed()) return backup::restore(config, restore_archive);
    if (retention_cmd->parsed()) {
      auto started = now_ms();
      auto retention_days = telemetry::retention_days_from_env();
      auto database = open_and_migrate(config);
      std::cout << "expired sessions, old idempotency keys and telemetry batch keys deleted: "
                << telemetry::sweep_expired(*database, started) << "\n";
      if (retention_days <= 0) {
        std::cout << "TELEMETRY_RETENTION_DAYS is 0: raw telemetry is kept forever\n";
        return 0;
      }
      auto cutoff = started - static_cast<std::int64_t>(retention_days) * 86400000;
      auto n = telemetry::prune_raw(*database, cutoff);
      std::cout << "raw telemetry events older than " << retention_days << " days deleted: " << n << " (in "
                << (now_ms() - started) << " ms)\n";
      return 0;
    }
    if (bench_drill_cmd->parsed()) {
      auto database = open_and_migrate(config);
      std::cout << drill::bench(*database, drill_bench) << "\n";
      return 0;
    }
    if (knowledge_rebuild_cmd->parsed()) {
      auto started = now_ms();
      auto database = open_and_migrate(config);
      auto people =
          database->transact_sync([&](db::Connection& c) { return knowledge::rebuild(c, now_ms()); });
      std::cout << "knowledge summary rebuilt: " << people << " people (in " << (now_ms() - started)
                << " ms)\n";
      return 0;
    }
    if (knowledge_new_day_cmd->parsed()) {
      auto database = open_and_migrate(config);
      std::int64_t people = 0, batches = 0;
      for (std::int64_t n; (n = database->transact_sync([&](db::Connection& c) {
                             return knowledge::roll_over(c, now_ms(), new_day_batch);
                           })) > 0;
           ++batches)
        people += n;
      std::cout << "knowledge summary brought to the day: " << people << " people in " << batches
                << " transactions\n";
      return 0;
    }
    if (fsrs_cmd->parsed()) {
      std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
      std::cout << drill::replay_json(input) << "\n";
      return 0;
    }
    if (verify_cmd->parsed()) {
      config.ensure_auth_secret();  // the issuer key is derived from it
      return badges::verify_file(config, verify_path);
    }
    if (bench_search_cmd->parsed()) {
      auto database = open_and_migrate(config);
      std::cout << search::figures_json(search::bench(*database, search_bench), database->backend_name())
                << "\n";
      return 0;
    }
    if (prune_words_cmd->parsed()) {
      auto removed = open_and_migrate(config)->transact_sync(
          [&](db::Connection& c) { return search::prune_words(c, prune_batch); });
      std::cout << "search words pruned: " << removed << "\n";
      return 0;
    }
    if (migrate_cmd->parsed()) {
      auto applied = open_and_migrate(config)->migrate();
      std::cout << "database is up to date\n";
      return 0;
    }
    if (seed_cmd->parsed()) {
      if (!demo && !bench_learning && !bench_leaderboard && !bench_reports) {
        std::cerr << "seed: choose --demo, --bench-learning, --bench-leaderboard and/or --bench-reports\n";
        return 2;
      }
      auto database = open_and_migrate(config);
      if (demo) {
        auto started = now_ms();
        // Built as for serving (every area's routes and listeners), so what the seed does counts the same.
        config.ensure_auth_secret();  // the demo's activation code is hashed with it
        App app(config);
        auto seeded = seed_demo(app, !no_history);
        std::cout << "Demo logins (password: " << users::demo_password << ")\n";
        for (const auto& l : seeded.logins)
          std::cout << "  " << l.role << "\t" << l.identifier << "\t" << l.name << "\n";
        if (seeded.history)
          std::cout << "Demo company: 90 days of history, " << seeded.visits << " visits, " << seeded.events
                    << " telemetry events\n";
        if (seeded.activation.pending)
          std::cout << "Demo activation code (not signed up yet): " << seeded.activation.employee_code << " "
                    << seeded.activation.name << ", code " << seeded.activation.code
                    << " at /register?code=" << seeded.activation.code
                    << "&employee=" << seeded.activation.employee_code << "\n";
        std::cout << "Demo seeded in " << (now_ms() - started) << " ms\n";
      }
      if (bench_learning) {
        auto started = now_ms();
        auto seeded = database->transact_sync(
            [&](db::Connection& c) { return learning::seed_bench(c, bench_users, bench_items); });
        std::cout << "Bench learning data: " << seeded.users << " users, " << seeded.items
                  << " published items added in " << (now_ms() - started)
                  << " ms (sign in as BENCH00001 / Bench#2026)\n";
      }
      if (bench_leaderboard) {
        auto started = now_ms();
        auto seeded = database->transact_sync([&](db::Connection& c) {
          return leaderboards::seed_bench(c, board_staff, board_entries, board_stores, board_days);
        });
        std::cout << "Bench leaderboard data: " << seeded.staff << " staff, " << seeded.entries
                  << " ledger entries added in " << (now_ms() - started)
                  << " ms (sign in as LB000001 / Bench#2026)\n";
      }
      if (bench_reports) {
        auto started = now_ms();
        auto seeded = reports::seed_bench(*database, report_size);
        std::cout << "Bench reports data: " << seeded.staff << " staff, " << seeded.counts << " rollup rows, "
                  << seeded.events << " telemetry events added in " << (now_ms() - started)
                  << " ms (sign in as RP000001 / Bench#2026)\n";
      }
      return 0;
    }
    if (rebuild_cmd->parsed()) {
      auto started = now_ms();
      open_and_migrate(config)->transact_sync([](db::Connection& c) { points::rebuild_standings(c); });
      std::cout << "leaderboards rebuilt in " << (now_ms() - started) << " ms\n";
      return 0;
    }
    // A command's --at: now when not given; none when not an ISO 8601 instant (said on stderr).
    auto instant = [](const std::string& at, const char* command) -> std::optional<std::int64_t> {
      if (at.empty()) return now_ms();
      auto parsed = resources::parse_iso8601(at);
      if (!parsed) std::cerr << command << ": --at must be an ISO 8601 instant\n";
      return parsed;
    };
    if (daily_cmd->parsed()) {
      auto when = instant(daily_at, "notifications daily");
      if (!when) return 2;
      std::int64_t at = *when;
      auto database = open_and_migrate(config);
      push::deliver_notices();  // the reminders reach phones too, as when a server runs them
      auto n =
          database->transact_sync([&](db::Connection& c) { return learning::remind_due_courses(c, at); });
      std::cout << "course due reminders: " << n << " sent\n";
      // The servers' audience job threads tell each assignment's audience (no job thread here).
      auto tomorrow =
          database->transact_sync([&](db::Connection& c) { return learning::queue_due_tomorrow(c, at); });
      std::cout << "courses due tomorrow: " << tomorrow << " assignments queued\n";
      auto expiring =
          database->transact_sync([&](db::Connection& c) { return certificates::remind_expiring(c, at); });
      std::cout << "certificate expiry reminders: " << expiring << " sent\n";
      auto streaks =
          database->transact_sync([&](db::Connection& c) { return drill::remind_streaks_at_risk(c, at); });
      std::cout << "drill streak reminders: " << streaks << " sent\n";
      return 0;
    }
    if (remind_cmd->parsed()) {
      auto at = instant(remind_at, "events remind");
      if (!at) return 2;
      auto database = open_and_migrate(config);
      push::deliver_notices();  // the reminders reach phones too, as when a server runs them
      auto n = database->transact_sync([&](db::Connection& c) { return events::remind_upcoming(c, *at); });
      std::cout << "event reminders: " << n << " sent\n";
      return 0;
    }
    if (create_cmd->parsed()) {
      if (!email.empty()) nu.email = email;
      if (!store.empty()) nu.store_code = store;
      auto database = open_and_migrate(config);
      auto hash = nu.password.size() >= 8 ? auth::hash_password(nu.password) : std::string();
      std::string id =
          database->transact_sync([&](db::Connection& c) { return users::create_user(c, nu, hash); });
      std::cout << "created user " << nu.employee_code << " (" << id << ")\n";
      return 0;
    }
  } catch (const db::Error& e) {
    if (e.kind() == db::ErrorKind::unique_violation) {
      std::cerr << "error: that employee code or email is already taken\n";
      return 1;
    }
    std::cerr << "database error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
