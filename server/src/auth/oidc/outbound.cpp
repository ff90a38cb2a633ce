#include "auth/oidc/outbound.hpp"

#include <sodium.h>

#include "auth/oidc/settings.hpp"
#include "outbound/client.hpp"
#include "util/percent_encode.hpp"

namespace shopfloor::auth::oidc {

namespace {

std::string base64_standard(const std::string& bytes) {
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                    bytes.size(), sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

}  // namespace

std::string form_encode(std::string_view value) {
  return percent_encode(value, /*space_as_plus=*/true);
}

OutboundReply call_provider(const OutboundRequest& request) {
  if (!https_or_loopback_url(request.url)) throw SignInFailure("not an https URL: " + request.url);
  outbound::Request call{request.url, {"Accept: application/json"}, request.form, !request.form.empty()};
  if (!request.basic_user.empty())
    call.headers.push_back("Authorization: Basic " + base64_standard(form_encode(request.basic_user) + ":" +
                                                                     form_encode(request.basic_password)));
  try {
    auto reply = outbound::call(call);
    return OutboundReply{reply.status, std::move(reply.body)};
  } catch (const outbound::Failure& e) {
    throw SignInFailure(e.what());
  }
}

}  // namespace shopfloor::auth::oidc
