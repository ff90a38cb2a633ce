#include "events/events.hpp"

#include "events/declarations.hpp"
#include "events/kinds.hpp"
#include "events/staff_routes.hpp"
#include "http/services.hpp"
#include "resources/resource.hpp"
#include "resources/search.hpp"

namespace shopfloor::events {

void register_routes(http::Services& app) {
  resources::registry().add(events_resource());
  resources::registry().add(social_resource());
  // Staff search opens what the detail pages open (events/present.cpp visible_item: the gate, nothing more).
  for (const Kind* k : {&event_kind(), &social_kind()})
    resources::add_staff_kind(
        {k->social ? "social" : "event", k->resource, k->web_path + "/{id}", resources::gated(k->table)});
  register_staff_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::events
