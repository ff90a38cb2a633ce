#include "push/web_push.hpp"

namespace shopfloor::push {

WebPush::WebPush(http::Services& app, const Settings& settings)
    : vapid_(load_vapid(app.config, settings)),
      services_(settings.services),
      sender_(std::make_unique<Sender>(app, vapid_, services_, settings.senders)) {}

}  // namespace shopfloor::push
