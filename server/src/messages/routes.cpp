#include "http/services.hpp"
#include "messages/internal.hpp"
#include "messages/messages.hpp"

namespace shopfloor::messages {

void register_routes(http::Services& app) {
  register_broadcast_routes(app);
  register_thread_routes(app);
  register_live(app);
}

}  // namespace shopfloor::messages
