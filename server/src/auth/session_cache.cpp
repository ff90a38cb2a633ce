#include "auth/session_cache.hpp"

#include <mutex>

namespace shopfloor::auth {

std::shared_ptr<const SessionCache::Entry> SessionCache::find(const std::string& token_hash,
                                                              std::int64_t now) const {
  std::shared_lock lock(mutex_);
  if (!enabled_) return nullptr;
  auto it = entries_.find(token_hash);
  if (it == entries_.end()) return nullptr;
  const auto& e = *it->second;
  if (e.user.session_expires_at <= now || now - e.verified_at >= ttl_ms_) return nullptr;
  return it->second;
}

std::uint64_t SessionCache::epoch() const {
  std::shared_lock lock(mutex_);
  return epoch_;
}

void SessionCache::put(const std::string& token_hash, Entry entry, std::uint64_t epoch_seen) {
  auto stored = std::make_shared<const Entry>(std::move(entry));
  std::unique_lock lock(mutex_);
  if (!enabled_ || epoch_ != epoch_seen) return;
  if (entries_.size() >= max_entries_ && !entries_.count(token_hash)) {
    // Full: make room by dropping expired entries, else an arbitrary one (the next lookup reloads it).
    std::int64_t now = stored->verified_at;
    std::erase_if(entries_, [&](const auto& kv) {
      return kv.second->user.session_expires_at <= now || now - kv.second->verified_at >= ttl_ms_;
    });
    if (entries_.size() >= max_entries_) entries_.erase(entries_.begin());
  }
  entries_[token_hash] = std::move(stored);
}

std::shared_ptr<const db::Result> SessionCache::audience_tables(std::int64_t now) const {
  std::shared_lock lock(mutex_);
  if (!enabled_ || now - audience_tables_at_ >= ttl_ms_) return nullptr;
  return audience_tables_;
}

void SessionCache::put_audience_tables(std::shared_ptr<const db::Result> tables, std::int64_t now,
                                       std::uint64_t epoch_seen) {
  std::unique_lock lock(mutex_);
  if (!enabled_ || epoch_ != epoch_seen) return;
  audience_tables_ = std::move(tables);
  audience_tables_at_ = now;
}

void SessionCache::drop_token(const std::string& token_hash) {
  std::unique_lock lock(mutex_);
  ++epoch_;
  entries_.erase(token_hash);
}

void SessionCache::drop_user(const std::string& user_id) {
  std::unique_lock lock(mutex_);
  ++epoch_;
  std::erase_if(entries_, [&](const auto& kv) { return kv.second->user.id == user_id; });
}

void SessionCache::flush() {
  std::unique_lock lock(mutex_);
  ++epoch_;
  entries_.clear();
  audience_tables_.reset();
}

void SessionCache::set_enabled(bool enabled) {
  std::unique_lock lock(mutex_);
  ++epoch_;
  entries_.clear();
  audience_tables_.reset();
  enabled_ = enabled;
}

bool SessionCache::enabled() const {
  std::shared_lock lock(mutex_);
  return enabled_;
}

std::size_t SessionCache::size() const {
  std::shared_lock lock(mutex_);
  return entries_.size();
}

}  // namespace shopfloor::auth
