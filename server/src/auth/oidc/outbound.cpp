#include "auth/oidc/outbound.hpp"

#include <curl/curl.h>

#include <memory>
#include <mutex>

#include "auth/oidc/settings.hpp"
#include "util/base64.hpp"
#include "util/percent_encode.hpp"

namespace shopfloor::auth::oidc {

namespace {

constexpr std::size_t max_reply_bytes = 1 << 20;

struct Sink {
  std::string body;
  bool too_large = false;
};

std::size_t collect(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  std::size_t n = size * count;
  if (sink->body.size() + n > max_reply_bytes) {
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

// One handle per outbound thread: curl_easy_reset keeps its connection cache, so the TLS session with the
// provider is reused across sign-ins.
CURL* thread_handle() {
  static std::once_flag global;
  std::call_once(global, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  thread_local std::unique_ptr<CURL, CurlFree> handle(curl_easy_init());
  if (!handle) throw SignInFailure("curl could not start");
  curl_easy_reset(handle.get());
  return handle.get();
}

}  // namespace

std::string form_encode(std::string_view value) {
  return percent_encode(value, /*space_as_plus=*/true);
}

OutboundReply call_provider(const OutboundRequest& request) {
  if (!https_or_loopback_url(request.url)) throw SignInFailure("not an https URL: " + request.url);
  CURL* curl = thread_handle();
  Sink sink;
  std::unique_ptr<curl_slist, SlistFree> headers(curl_slist_append(nullptr, "Accept: application/json"));
  std::string authorization;
  if (!request.basic_user.empty()) {
    authorization = "Authorization: Basic " +
                    base64(form_encode(request.basic_user) + ":" + form_encode(request.basic_password));
    headers.reset(curl_slist_append(headers.release(), authorization.c_str()));
  }
  curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, request.url.rfind("https://", 0) == 0 ? "https" : "http");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 10000L);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "Shopfloor");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
  if (!request.form.empty()) {
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.form.c_str());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(request.form.size()));
  }
  CURLcode rc = curl_easy_perform(curl);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, nullptr);  // the list is freed below; the handle lives on
  if (sink.too_large) throw SignInFailure("answer over 1 MiB from " + request.url);
  if (rc != CURLE_OK) throw SignInFailure(std::string(curl_easy_strerror(rc)) + " (" + request.url + ")");
  OutboundReply reply;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
  reply.body = std::move(sink.body);
  return reply;
}

}  // namespace shopfloor::auth::oidc
