#include "outbound/client.hpp"

#include <curl/curl.h>

#include <memory>
#include <mutex>

namespace shopfloor::outbound {

namespace {

struct Sink {
  std::string body;
  std::size_t limit = 0;
  bool too_large = false;
};

std::size_t collect(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  std::size_t n = size * count;
  if (sink->body.size() + n > sink->limit) {
    sink->too_large = true;
    return 0;  // curl stops with CURLE_WRITE_ERROR
  }
  sink->body.append(data, n);
  return n;
}

struct CurlFree {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct SlistFree {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

// One handle per thread: curl_easy_reset keeps its connection cache, so TLS sessions are reused.
CURL* thread_handle() {
  static std::once_flag global;
  std::call_once(global, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  thread_local std::unique_ptr<CURL, CurlFree> handle(curl_easy_init());
  if (!handle) throw Failure("curl could not start");
  curl_easy_reset(handle.get());
  return handle.get();
}

}  // namespace

Reply call(const Request& request) {
  bool https = request.url.rfind("https://", 0) == 0;
  if (!https && request.url.rfind("http://", 0) != 0) throw Failure("not an http(s) URL: " + request.url);
  CURL* curl = thread_handle();
  Sink sink{{}, request.max_reply_bytes};
  // "Expect:" off: curl would otherwise wait for a 100 Continue before sending a larger body.
  std::unique_ptr<curl_slist, SlistFree> headers(curl_slist_append(nullptr, "Expect:"));
  for (const auto& h : request.headers) headers.reset(curl_slist_append(headers.release(), h.c_str()));
  curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, https ? "https" : "http");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request.connect_timeout_ms);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, request.timeout_ms);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "Shopfloor");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
  if (request.post) {
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(request.body.size()));
  }
  CURLcode rc = curl_easy_perform(curl);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, nullptr);  // the list is freed below; the handle lives on
  if (sink.too_large) throw Failure("answer over the size limit from " + request.url);
  if (rc != CURLE_OK) throw Failure(std::string(curl_easy_strerror(rc)) + " (" + request.url + ")");
  Reply reply;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
  curl_off_t retry_after = 0;
  if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK && retry_after > 0)
    reply.retry_after_s = static_cast<long>(retry_after);
  reply.body = std::move(sink.body);
  return reply;
}

}  // namespace shopfloor::outbound
