// Traits an area switches on in its declaration; each is one piece of code here, so no area re-implements
// publishing, audiences, ordering or media checks:
//   auto r = area("home-slides", "home_slides", {"สไลด์หน้าแรก", "Home slides"});
//   r.fields = {image("image", ...).required(), text("title", ...), ...};
//   publishable(r);     // status, publish/archive, startAt..endAt checked against the stored end
//   audience_field()    // stores, regions, positions, groups, subgroups (resources/audience.hpp)
//   ordered(r, reference("course", {...}, "courses"));  // PUT /api/admin/:resource/order in a parent
// Media kinds are a field property (builders.hpp: image(), video(), pdf(), image_list()) checked by the
// engine.
#pragma once

#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/resource.hpp"

namespace shopfloor::resources {

// A resource with the defaults of an editor-run content area: editors read and write, newest edits first,
// "title" as the item's title.
Resource area(std::string name, std::string table, Label label);
// The same for an area only admins run (users, rewards, coupons): admins read and write.
Resource admin_area(std::string name, std::string table, Label label);
// The company's settings: the one row its migration writes, which admins change and nobody adds or deletes;
// `readers` see it (editors for the settings they work by, only admins for the sensitive ones). The item's
// title is `title_field`.
Resource settings_area(std::string name, std::string table, Label label, std::string title_field,
                       Role readers = Role::editor);

// Appends "status" (draft/published/archived, "draft" by default) and the optional "startAt".."endAt" window,
// adds the publish and archive actions, and a rule that refuses an end at or before the start, comparing
// with the stored value when a write sends only one end.
void publishable(Resource& r, Label start = {"เริ่มแสดง", "Start"}, Label end = {"สิ้นสุดการแสดง", "End"});

// A rule: when both are set, the time in `later` comes after the one in `earlier` (or is the same, with
// `may_equal`), comparing with the stored value when a write sends only one of them; otherwise `later` gets
// `message`. Nothing is said when either already has an error. publishable() adds ends_after("endAt",
// "startAt"); an area adds its own pairs (an event's end after its start).
std::function<void(WriteContext&)> ends_after(std::string later, std::string earlier,
                                              const http::MessageDef& message = msg::AFTER_START,
                                              bool may_equal = false);

// Children kept in order within the parent named by `parent_field` (a reference field of r, "" = the whole
// list); new items go last. Declares what every ordered area has: the list sorted by position, and the
// position itself (read only: the reorder call moves it) unless the area declared its own. The audit entry of
// a reorder is named `audit_action`.
void ordered(Resource& r, std::string parent_field, std::string audit_action = "reorder");
// The same, declaring the parent too: `parent` is the reference to it (e.g. reference("poll", {...},
// "polls")), made required, filterable and set on create only, first among the fields.
void ordered(Resource& r, FieldBuilder parent, std::string audit_action = "reorder");

}  // namespace shopfloor::resources
