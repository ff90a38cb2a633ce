// Traits an area switches on in its declaration; each is one piece of code here, so no area re-implements
// publishing, audiences, ordering or media checks:
//   auto r = area("home-slides", "home_slides", {"สไลด์หน้าแรก", "Home slides"});
//   r.fields = {image("image", ...).required(), text("title", ...), ...};
//   publishable(r);           // status + publish/archive actions + startAt..endAt checked against the stored
//   end audience_field()          // stores, regions, positions, groups, subgroups (resources/audience.hpp)
//   ordered(r, "course");     // PUT /api/admin/:resource/order within a parent (resources/ordering.hpp)
// Media kinds are a field property (builders.hpp: image(), video(), pdf(), image_list()) checked by the
// engine.
#pragma once

#include "resources/audience.hpp"
#include "resources/resource.hpp"

namespace shopfloor::resources {

// A resource with the defaults of an editor-run content area: editors read and write, newest edits first,
// "title" as the item's title.
Resource area(std::string name, std::string table, Label label);

// Appends "status" (draft/published/archived, "draft" by default) and the optional "startAt".."endAt" window,
// adds the publish and archive actions, and a rule that refuses an end at or before the start, comparing
// with the stored value when a write sends only one end.
void publishable(Resource& r, Label start = {"เริ่มแสดง", "Start"}, Label end = {"สิ้นสุดการแสดง", "End"});

// The rule publishable() adds, for areas whose window fields are declared elsewhere.
void check_window(WriteContext& w);

// Children kept in order within the parent named by `parent_field` (a reference field of r, "" = the whole
// list); new items go last. The audit entry of a reorder is named `audit_action`.
void ordered(Resource& r, std::string parent_field, std::string audit_action = "reorder");

}  // namespace shopfloor::resources
