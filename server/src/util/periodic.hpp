// A background thread that runs a job now and then until stopped: first after `first`, then after whatever
// the job returns. stop() wakes it at once, lets a running job see stopping(), and joins. Retention's hourly
// prune and the backup schedule run on one each.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace shopfloor {

class Periodic {
 public:
  using Job = std::function<std::chrono::milliseconds()>;  // returns the wait before the next run

  Periodic() = default;
  Periodic(const Periodic&) = delete;
  Periodic& operator=(const Periodic&) = delete;
  ~Periodic() { stop(); }

  void start(std::chrono::milliseconds first, Job job) {
    thread_ = std::thread([this, first, job = std::move(job)] {
      for (auto wait = first;;) {
        {
          std::unique_lock lock(mu_);
          if (wake_.wait_for(lock, wait, [this] { return stopped_.load(); })) return;
        }
        wait = job();
      }
    });
  }

  void stop() {
    {
      std::lock_guard lock(mu_);
      stopped_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

  // For a long job to give up early: set once stop() is called.
  const std::atomic<bool>& stopping() const { return stopped_; }

 private:
  std::atomic<bool> stopped_{false};
  std::mutex mu_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace shopfloor
