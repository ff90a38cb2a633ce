// The log sink of the server: lines are formatted on the caller's thread but written to the file
// descriptor by one background thread, which writes everything that has accumulated with one write(2).
// An idle server still writes a line at once; after each write the writer gathers what follows for up to
// 50 ms (or 64 KiB), as nginx's `access_log ... buffer= flush=` does, so under load many access-log lines
// share one system call, no IO thread waits on stderr, and no request pays for waking the writer. Warnings
// and errors are flushed before the caller goes on (see setup in main.cpp), and whatever is pending is
// written when the sink is destroyed.
#pragma once

#include <spdlog/sinks/base_sink.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace shopfloor {

class WriteBehindSink : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit WriteBehindSink(int fd);
  ~WriteBehindSink() override;
  WriteBehindSink(const WriteBehindSink&) = delete;
  WriteBehindSink& operator=(const WriteBehindSink&) = delete;

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override;  // called with mutex_ held
  void flush_() override;                                       // waits until all is written

 private:
  void write_loop();

  int fd_;
  std::string pending_;   // formatted lines not yet handed to the writer (guarded by mutex_)
  bool writing_ = false;  // the writer holds lines it has not finished writing
  bool gathering_ =
      false;  // the writer waits out its gathering window: only a full buffer or a flush wakes it
  bool flushing_ = false;  // a caller waits in flush_(): the writer writes at once
  bool stopping_ = false;
  std::condition_variable wake_writer_;
  std::condition_variable written_;
  std::thread writer_;
};

}  // namespace shopfloor
