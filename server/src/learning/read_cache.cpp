#include "learning/read_cache.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <functional>
#include <iterator>
#include <set>

#include "util/env_number.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace {
constexpr const char* channel = "shopfloor_learning";
constexpr std::string_view records_prefix = "records ";
// A NOTIFY payload is at most 8,000 bytes: a batch of ids goes in as many as it needs.
constexpr std::size_t payload_limit = 7'800;
}  // namespace

// ---- ReadCache

ReadCache& ReadCache::instance() {
  static ReadCache cache;
  return cache;
}

std::size_t ReadCache::slot_of(const std::string& user_id) {
  return std::hash<std::string>{}(user_id) % slots;
}

ReadCache::Seen ReadCache::seen(const std::string& user_id) const {
  std::shared_lock lock(mutex_);
  return Seen{generation_, slot_epochs_[slot_of(user_id)], catalogue_epoch_};
}

std::shared_ptr<const UserState> ReadCache::records(const std::string& user_id, std::int64_t now) const {
  std::shared_lock lock(mutex_);
  if (!enabled_) return nullptr;
  auto it = people_.find(user_id);
  if (it == people_.end() || now - it->second.read_at >= ttl_ms_) return nullptr;
  return it->second.records;
}

std::optional<std::int64_t> ReadCache::stamp(std::int64_t now) const {
  std::shared_lock lock(mutex_);
  if (!enabled_ || now - stamp_read_at_ >= ttl_ms_) return std::nullopt;
  return stamp_;
}

void ReadCache::put(const std::string& user_id, std::shared_ptr<const UserState> records, std::int64_t stamp,
                    const Seen& seen, std::int64_t now) {
  std::unique_lock lock(mutex_);
  if (!enabled_ || generation_ != seen.generation) return;
  if (catalogue_epoch_ == seen.catalogue) {
    stamp_ = stamp;
    stamp_read_at_ = now;
  }
  if (slot_epochs_[slot_of(user_id)] != seen.slot) return;
  const std::size_t rows = records->contents.size() + records->ebooks.size() + records->enrollments.size() +
                           records->exams.size() + 1;
  if (rows > max_rows_) return;
  if (auto it = people_.find(user_id); it != people_.end()) erase(it);
  if (people_.size() >= max_people_ || rows_ + rows > max_rows_) {
    // Full: make room by dropping expired entries, then arbitrary ones (their next read reloads them). The
    // sweep reads every entry under the lock, so at most once a second: a full cache's misses take the
    // others.
    if (!swept_at_ || now - *swept_at_ >= 1000) {
      swept_at_ = now;
      for (auto it = people_.begin(); it != people_.end();) {
        auto next = std::next(it);
        if (now - it->second.read_at >= ttl_ms_) erase(it);
        it = next;
      }
    }
    while (!people_.empty() && (people_.size() >= max_people_ || rows_ + rows > max_rows_))
      erase(people_.begin());
  }
  people_[user_id] = Entry{std::move(records), now, rows};
  rows_ += rows;
}

void ReadCache::erase(std::unordered_map<std::string, Entry>::iterator it) {
  rows_ -= it->second.rows;
  people_.erase(it);
}

void ReadCache::drop_user(const std::string& user_id) {
  std::unique_lock lock(mutex_);
  ++slot_epochs_[slot_of(user_id)];
  if (auto it = people_.find(user_id); it != people_.end()) erase(it);
}

void ReadCache::drop_catalogue() {
  std::unique_lock lock(mutex_);
  ++catalogue_epoch_;
  stamp_.reset();
}

void ReadCache::set_enabled(bool enabled) {
  std::unique_lock lock(mutex_);
  ++generation_;
  people_.clear();
  rows_ = 0;
  stamp_.reset();
  enabled_ = enabled;
}

bool ReadCache::enabled() const {
  std::shared_lock lock(mutex_);
  return enabled_;
}

void ReadCache::set_ttl_ms(std::int64_t ttl_ms) {
  std::unique_lock lock(mutex_);
  ttl_ms_ = ttl_ms;
}

std::size_t ReadCache::size() const {
  std::shared_lock lock(mutex_);
  return people_.size();
}

std::size_t ReadCache::rows() const {
  std::shared_lock lock(mutex_);
  return rows_;
}

// ---- ReadCacheSync

ReadCacheSync::ReadCacheSync(db::Database& db) : db_(db), node_id_(uuid_v7()) {}

ReadCacheSync::~ReadCacheSync() {
  stop();
}

void ReadCacheSync::start() {
  if (db_.backend() != db::Backend::postgres) return;
  auto& cache = ReadCache::instance();
  cache.set_ttl_ms(
      env_number("LEARNING_CACHE_TTL_MS", static_cast<int>(ReadCache::default_ttl_ms), 0, 3'600'000));
  db_.on_signal("catalogue", [&cache](const std::string&) { cache.drop_catalogue(); });
  db_.on_signal("learning_records", [this](const std::string& user_id) { changed(user_id); });
  teller_ = std::thread([this] { tell_others(); });
  subscription_ = db_.listen(
      channel, [this](std::string payload) { received(payload); },
      [&cache](bool listening) {
        // A gap in notifications may hide a change: nothing cached may be served across it.
        cache.set_enabled(listening);
        if (!listening) spdlog::warn("learning read cache off until the {} listener reconnects", channel);
      });
}

void ReadCacheSync::stop() {
  subscription_.reset();
  ReadCache::instance().set_enabled(false);
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (teller_.joinable()) teller_.join();
}

void ReadCacheSync::changed(const std::string& user_id) {
  ReadCache::instance().drop_user(user_id);
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;  // no teller left to send it
    pending_.push_back(user_id);
  }
  wake_.notify_one();
}

void ReadCacheSync::received(const std::string& payload) {
  auto& cache = ReadCache::instance();
  if (payload == "catalogue") return cache.drop_catalogue();
  std::string_view rest = payload;
  if (!rest.starts_with(records_prefix)) return;
  rest.remove_prefix(records_prefix.size());
  auto space = rest.find(' ');
  if (space == std::string_view::npos || rest.substr(0, space) == node_id_)
    return;  // ours: dropped at commit
  rest.remove_prefix(space + 1);
  while (!rest.empty()) {
    auto end = rest.find(' ');
    if (end != 0) cache.drop_user(std::string(rest.substr(0, end)));
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
}

// One thread: waits for this node's changes, gathers what else comes within a few milliseconds, and sends
// them as few NOTIFYs as fit. What fails to go out is left to the other nodes' time limit.
void ReadCacheSync::tell_others() {
  for (;;) {
    std::vector<std::string> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
      if (pending_.empty()) return;  // stopping, nothing left to tell
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    {
      std::lock_guard lock(mutex_);
      batch.swap(pending_);
    }
    std::set<std::string> people(batch.begin(), batch.end());
    std::vector<std::string> payloads;
    std::string head = std::string(records_prefix) + node_id_;
    for (const auto& id : people) {
      if (payloads.empty() || payloads.back().size() + 1 + id.size() > payload_limit)
        payloads.push_back(head);
      payloads.back() += ' ' + id;
    }
    try {
      db_.transact_sync([&](db::Connection& c) {
        for (const auto& p : payloads) c.query("SELECT pg_notify($1, $2)", channel, p);
      });
    } catch (const std::exception& e) {
      spdlog::warn("learning read cache: could not tell the other nodes of {} changes: {}", people.size(),
                   e.what());
    }
  }
}

}  // namespace shopfloor::learning
