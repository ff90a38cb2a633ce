#include "mail/outbox.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <boost/url/parse.hpp>
#include <chrono>
#include <cstring>
#include <mutex>

#include "util/base64.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::mail {

namespace {

constexpr std::size_t kMaxQueued = 1000;
constexpr int kAttempts = 3;

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// RFC 2047 encoded words of at most 45 bytes of text each (60 base64 characters), never splitting a
// UTF-8 character, folded onto continuation lines.
std::string encoded_words(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = std::min(text.size(), i + 45);
    while (end < text.size() && end > i && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(text.substr(i, end - i)) + "?=";
    i = end;
  }
  return out;
}

// Header values come from settings and people's names: no line breaks may reach the header block.
std::string no_line_breaks(std::string_view s) {
  std::string out;
  for (char ch : s) out.push_back(ch == '\r' || ch == '\n' ? ' ' : ch);
  return out;
}

bool ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; });
}

// "Name <a@b>" with the name encoded when it is not ASCII.
std::string mailbox_header(const std::string& mailbox) {
  auto lt = mailbox.find('<');
  if (lt == std::string::npos || lt == 0) return no_line_breaks(mailbox);
  std::string name = trimmed(std::string_view(mailbox).substr(0, lt));
  std::string rest = mailbox.substr(lt);
  if (ascii(name)) return no_line_breaks(mailbox);
  return encoded_words(name) + " " + no_line_breaks(rest);
}

bool loopback_host(const std::string& url) {
  auto parsed = boost::urls::parse_uri(url);
  if (!parsed) return false;
  std::string host = ascii_lower(std::string(parsed->host()));
  return host == "localhost" || host == "[::1]" || host == "::1" || host.rfind("127.", 0) == 0;
}

struct Upload {
  std::string data;
  std::size_t sent = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* up = static_cast<Upload*>(user);
  std::size_t n = std::min(size * count, up->data.size() - up->sent);
  std::memcpy(buffer, up->data.data() + up->sent, n);
  up->sent += n;
  return n;
}

}  // namespace

std::string address_of(const std::string& mailbox) {
  auto lt = mailbox.find('<');
  auto gt = mailbox.find('>', lt == std::string::npos ? 0 : lt);
  if (lt == std::string::npos || gt == std::string::npos) return trimmed(mailbox);
  return trimmed(std::string_view(mailbox).substr(lt + 1, gt - lt - 1));
}

std::string render(const Message& m, const std::string& from, std::int64_t now_ms) {
  std::string from_address = address_of(from);
  auto at = from_address.find('@');
  std::string domain = at == std::string::npos ? "localhost" : from_address.substr(at + 1);
  std::string crlf;  // the text's lines end in CRLF, as mail's do
  for (char ch : m.text) {
    if (ch == '\r') continue;
    if (ch == '\n') crlf += '\r';
    crlf += ch;
  }
  std::string body = base64(crlf);
  std::string date = http_date(now_ms);  // "Sun, 22 Nov 2026 11:03:20 GMT"
  if (date.size() > 4 && date.ends_with(" GMT")) date.replace(date.size() - 3, 3, "+0000");
  std::string out;
  out += "Date: " + date + "\r\n";
  out += "From: " + mailbox_header(from) + "\r\n";
  out += "To: <" + no_line_breaks(m.to) + ">\r\n";
  out += "Message-ID: <" + uuid_v7() + "@" + no_line_breaks(domain) + ">\r\n";
  out += "Subject: " + encoded_words(no_line_breaks(m.subject)) + "\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=UTF-8\r\n";
  out += "Content-Transfer-Encoding: base64\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  out += "\r\n";
  for (std::size_t i = 0; i < body.size(); i += 76) out += body.substr(i, 76) + "\r\n";
  return out;
}

Outbox::Outbox(Settings settings) : settings_(std::move(settings)) {
  if (!enabled()) return;
  static std::once_flag curl_ready;
  std::call_once(curl_ready, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  worker_ = std::thread([this] { run(); });
}

Outbox::~Outbox() {
  stop(0);
}

bool Outbox::send(Message m) {
  if (!enabled()) return false;
  {
    std::lock_guard lock(m_);
    if (stopping_) return false;
    if (queue_.size() >= kMaxQueued) {
      spdlog::warn("mail: queue full ({} messages), one dropped", queue_.size());
      return false;
    }
    queue_.push_back(std::move(m));
  }
  cv_.notify_one();
  return true;
}

void Outbox::stop(int drain_ms) {
  {
    std::lock_guard lock(m_);
    if (stopping_ && !worker_.joinable()) return;
    stopping_ = true;
    drain_until_ = steady_ms() + drain_ms;
  }
  cv_.notify_all();
  if (worker_.joinable()) worker_.join();
}

std::int64_t Outbox::delivered() const {
  std::lock_guard lock(m_);
  return delivered_;
}

void Outbox::run() {
  for (;;) {
    Message m;
    {
      std::unique_lock lock(m_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty() || (stopping_ && steady_ms() >= drain_until_)) {
        if (!queue_.empty()) spdlog::warn("mail: stopping with {} messages not sent", queue_.size());
        return;
      }
      m = std::move(queue_.front());
      queue_.pop_front();
    }
    for (int attempt = 1; attempt <= kAttempts; ++attempt) {
      if (deliver(m)) {
        std::lock_guard lock(m_);
        ++delivered_;
        break;
      }
      if (attempt == kAttempts) {
        spdlog::error("mail: gave up on a message after {} attempts", kAttempts);
        break;
      }
      // Wait before the next try, but not past a stop.
      std::unique_lock lock(m_);
      if (cv_.wait_for(lock, std::chrono::seconds(2 * attempt * attempt), [&] { return stopping_; })) {
        if (steady_ms() >= drain_until_) break;
      }
    }
  }
}

bool Outbox::deliver(const Message& m) {
  CURL* curl = curl_easy_init();
  if (!curl) return false;
  Upload up{render(m, settings_.from, now_ms())};
  std::string from = "<" + address_of(settings_.from) + ">";
  std::string to = "<" + address_of(m.to) + ">";
  curl_slist* rcpt = curl_slist_append(nullptr, to.c_str());
  curl_easy_setopt(curl, CURLOPT_URL, settings_.url.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(curl, CURLOPT_READDATA, &up);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
  // smtps:// is TLS from the start; smtp:// must upgrade with STARTTLS unless it is a local relay.
  bool plain_ok = !settings_.require_tls || loopback_host(settings_.url);
  if (settings_.url.rfind("smtp://", 0) == 0)
    curl_easy_setopt(curl, CURLOPT_USE_SSL, plain_ok ? CURLUSESSL_TRY : CURLUSESSL_ALL);
  CURLcode rc = curl_easy_perform(curl);
  long response = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response);
  curl_slist_free_all(rcpt);
  curl_easy_cleanup(curl);
  // Never the URL (it holds the password) nor the message (it holds a link that signs in).
  if (rc != CURLE_OK) spdlog::warn("mail: delivery failed: {} (SMTP {})", curl_easy_strerror(rc), response);
  return rc == CURLE_OK;
}

}  // namespace shopfloor::mail
