#include "auth/oidc/outbound.hpp"

#include "auth/oidc/settings.hpp"
#include "outbound/client.hpp"
#include "util/base64.hpp"
#include "util/percent_encode.hpp"

namespace shopfloor::auth::oidc {

std::string form_encode(std::string_view value) {
  return percent_encode(value, /*space_as_plus=*/true);
}

OutboundReply call_provider(const OutboundRequest& request) {
  if (!https_or_loopback_url(request.url)) throw SignInFailure("not an https URL: " + request.url);
  outbound::Request call{request.url, {"Accept: application/json"}, request.form, !request.form.empty()};
  if (!request.basic_user.empty())
    call.headers.push_back("Authorization: Basic " + base64(form_encode(request.basic_user) + ":" +
                                                            form_encode(request.basic_password)));
  try {
    auto reply = outbound::call(call);
    return OutboundReply{reply.status, std::move(reply.body)};
  } catch (const outbound::Failure& e) {
    throw SignInFailure(e.what());
  }
}

}  // namespace shopfloor::auth::oidc
