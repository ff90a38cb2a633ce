#include "app/log_sink.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>

namespace shopfloor {

// Above this many bytes waiting, a caller waits for the writer (a stalled stderr slows the server down
// rather than growing memory without bound, as the synchronous sink did).
constexpr std::size_t max_pending_bytes = 4 << 20;
// After a write, lines are gathered this long, or until this many bytes wait, before the next one.
constexpr auto gather_window = std::chrono::milliseconds(50);
constexpr std::size_t gather_bytes = 64 << 10;

WriteBehindSink::WriteBehindSink(int fd) : fd_(fd), writer_([this] { write_loop(); }) {}

WriteBehindSink::~WriteBehindSink() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_writer_.notify_one();
  writer_.join();
}

void WriteBehindSink::sink_it_(const spdlog::details::log_msg& msg) {
  spdlog::memory_buf_t line;
  formatter_->format(msg, line);
  if (pending_.size() > max_pending_bytes) {
    std::unique_lock lock(mutex_, std::adopt_lock);
    written_.wait(lock, [this] { return pending_.size() <= max_pending_bytes; });
    lock.release();  // base_sink unlocks it
  }
  bool was_empty = pending_.empty();
  bool was_full = pending_.size() >= gather_bytes;
  pending_.append(line.data(), line.size());
  // Idle, the writer sleeps until a line comes; gathering, until the buffer fills.
  if (gathering_ ? !was_full && pending_.size() >= gather_bytes : was_empty) wake_writer_.notify_one();
}

void WriteBehindSink::flush_() {
  std::unique_lock lock(mutex_, std::adopt_lock);
  flushing_ = true;
  wake_writer_.notify_one();
  written_.wait(lock, [this] { return pending_.empty() && !writing_; });
  flushing_ = false;
  lock.release();
}

void WriteBehindSink::write_loop() {
  std::string batch;
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_writer_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
    if (pending_.empty()) return;  // stopping, and everything is written
    batch.swap(pending_);
    writing_ = true;
    lock.unlock();
    for (std::size_t done = 0; done < batch.size();) {
      ssize_t n = ::write(fd_, batch.data() + done, batch.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;  // nowhere to write: drop the batch as a closed stderr would
      done += static_cast<std::size_t>(n);
    }
    batch.clear();
    lock.lock();
    writing_ = false;
    written_.notify_all();
    gathering_ = true;
    wake_writer_.wait_for(lock, gather_window,
                          [this] { return stopping_ || flushing_ || pending_.size() >= gather_bytes; });
    gathering_ = false;
  }
}

}  // namespace shopfloor
