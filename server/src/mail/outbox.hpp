// Outgoing mail through SMTP (libcurl's SMTP client), off the request path: send() only queues, one
// background thread delivers, so no request waits for a mail server and no transaction is held open for
// one. SMTP_URL names the server (smtp://user:pass@host:587 with STARTTLS, smtps://…:465 with TLS from the
// start); plain SMTP is allowed only to a loopback relay unless SMTP_REQUIRE_TLS=0. The queue lives in
// this process: a mail not yet sent when the process stops is lost (the person asks again).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace shopfloor::mail {

struct Message {
  std::string to;       // one address
  std::string subject;  // UTF-8
  std::string text;     // UTF-8 plain text, lines separated by \n
};

struct Settings {
  std::string url;   // SMTP_URL; empty = no mail
  std::string from;  // SMTP_FROM, "Name <address>" or an address
  bool require_tls = true;
};

// The message as sent: RFC 5322 headers (Subject in RFC 2047 words), UTF-8 text in base64, CRLF lines.
std::string render(const Message& m, const std::string& from, std::int64_t now_ms);
// The address in "Name <address>" (or the whole text when it has no angle brackets).
std::string address_of(const std::string& mailbox);

class Outbox {
 public:
  explicit Outbox(Settings settings);
  ~Outbox();
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  bool enabled() const { return !settings_.url.empty() && !settings_.from.empty(); }
  // Queues the message; returns false (and logs) when mail is off or the queue is full.
  bool send(Message m);
  // Delivers what is queued for up to `drain_ms`, then stops the thread.
  void stop(int drain_ms);
  // Messages delivered and given up on since start (for the log and tests).
  std::int64_t delivered() const;

 private:
  void run();
  bool deliver(const Message& m);

  Settings settings_;
  mutable std::mutex m_;
  std::condition_variable cv_;
  std::deque<Message> queue_;
  bool stopping_ = false;
  std::int64_t drain_until_ = 0;
  std::int64_t delivered_ = 0;
  std::thread worker_;
};

}  // namespace shopfloor::mail
