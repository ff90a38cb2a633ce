#include "jobs/audience_jobs.hpp"

#include <spdlog/spdlog.h>

#include "jobs/leased_batches.hpp"
#include "realtime/fanout.hpp"
#include "util/env_number.hpp"
#include "util/ids.hpp"

namespace shopfloor::jobs {

namespace {

constexpr const char* wake_topic = "audience-jobs";

const LeasedTable& table() {
  static const LeasedTable t{"audience_jobs", "id", "kind, subject_id", 60'000};
  return t;
}

}  // namespace

AudienceJobs::AudienceJobs(http::Services& app, int batch)
    : app_(app), batch_(batch), pause_(env_number("AUDIENCE_JOB_PAUSE_MS", 0, 0, 10'000)) {
  app.get<realtime::Fanout>().on(wake_topic, [this](const boost::json::object&) { signal_.wake(); });
}

AudienceJobs::~AudienceJobs() {
  stop();
}

void AudienceJobs::handle(std::string kind, Expand expand) {
  kinds_[std::move(kind)] = std::move(expand);
}

void AudienceJobs::enqueue(db::Connection& c, const std::string& kind, const std::string& subject_id,
                           const std::string& after_user) {
  c.query(
      "INSERT INTO audience_jobs (id, kind, subject_id, after_user, created_at) VALUES ($1, $2, $3, $5, $4) "
      "ON CONFLICT (kind, subject_id) DO UPDATE SET after_user = $5, claimed_until = NULL",
      uuid_v7(), kind, subject_id, now_ms(), after_user);
  realtime::Fanout::publish(c, wake_topic, boost::json::object{});
}

void AudienceJobs::start() {
  if (worker_.joinable() || signal_.stopping()) return;
  worker_ = std::thread([this] { run(); });
}

void AudienceJobs::stop() {
  signal_.stop();
  if (worker_.joinable()) worker_.join();
}

bool AudienceJobs::step(std::int64_t now) {
  return step_oldest(
      *app_.db, table(),
      [&](db::Connection& c, const db::Row& job) -> std::optional<std::string> {
        auto kind = kinds_.find(job.str(2));
        if (kind == kinds_.end()) {  // a kind this release no longer has: nothing to do
          spdlog::warn("audience job {}: unknown kind {}", job.str(0), job.str(2));
          return std::nullopt;
        }
        return kind->second(c, job.str(3), job.str(1), batch_, now);
      },
      now);
}

void AudienceJobs::run() {
  while (auto seen = signal_.look()) {
    bool stepped = false;
    try {
      stepped = step(now_ms());
    } catch (const std::exception& e) {
      // The batch rolled back; its job is tried again at the next look.
      spdlog::warn("audience jobs: a batch failed: {}", e.what());
    }
    if (!stepped)
      signal_.wait(*seen, std::chrono::seconds(1));
    else if (pause_.count() > 0)
      signal_.wait(*seen, pause_);  // a new job or stop() ends the rest early
  }
}

int batch_from_env() {
  return env_number("AUDIENCE_JOB_BATCH", 500, 1, 10000);
}

}  // namespace shopfloor::jobs
