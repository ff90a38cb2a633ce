// How a background worker sleeps between looks for work: until wake() or stop(), or until `idle` passes (a
// poll, for work another node queued without a wake reaching this one). A wake that comes while the worker is
// busy is kept: wait() returns at once when anything woke it after its look began. The push senders and the
// audience jobs' thread sleep on one each.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>

namespace shopfloor {

class WakeSignal {
 public:
  // Before a look for work: the count of wakes so far (for wait), or nothing once stopping.
  std::optional<std::uint64_t> look() {
    std::lock_guard lock(m_);
    if (stopping_) return std::nullopt;
    return wakes_;
  }
  // After a look that found nothing: sleeps unless woken since `seen`.
  void wait(std::uint64_t seen, std::chrono::milliseconds idle) {
    std::unique_lock lock(m_);
    cv_.wait_for(lock, idle, [&] { return stopping_ || wakes_ != seen; });
  }
  // Any thread: there may be work now.
  void wake() {
    {
      std::lock_guard lock(m_);
      ++wakes_;
    }
    cv_.notify_all();
  }
  void stop() {
    {
      std::lock_guard lock(m_);
      stopping_ = true;
    }
    cv_.notify_all();
  }
  bool stopping() {
    std::lock_guard lock(m_);
    return stopping_;
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  std::uint64_t wakes_ = 0;
  bool stopping_ = false;
};

}  // namespace shopfloor
