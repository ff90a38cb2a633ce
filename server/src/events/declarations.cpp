// The two admin areas on the kit: an event, and a social club activity (the same plus its kind, the hours
// credited on check-in and the photos afterwards). Only the engine's own rules are here.
#include "events/declarations.hpp"

#include "events/engine.hpp"
#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"

namespace shopfloor::events {

using namespace resources;

namespace {

// The place named by the event's kind is given.
void place_given(WriteContext& w) {
  auto place = w.text_of("placeKind");
  const char* needed = place == "address" ? "address" : place == "online" ? "onlineLink" : "store";
  if (w.value_of(needed).is_null() ||
      (w.value_of(needed).is_string() && w.value_of(needed).as_string().empty()))
    w.errors[needed] = msg::REQUIRED;
}

Resource declare(const Kind& k, Label label) {
  auto r = area(k.resource, k.table, std::move(label));
  r.default_sort = "-startsAt";
  r.list_columns = {"cover", "title", "startsAt", "placeKind", "capacity", "status", "audience"};
  r.fields = {
      image("cover", {"ภาพปก", "Cover"}),
      text("title", {"ชื่อกิจกรรม", "Title"}).required().searchable().sortable().max(200),
      long_text("description", {"รายละเอียด", "Description"}).max(5000),
      datetime("startsAt", {"เริ่ม", "Starts"}).required().sortable(),
      datetime("endsAt", {"สิ้นสุด", "Ends"}).required().sortable(),
      choice("placeKind", {"สถานที่", "Place"},
             {{"store", {"สาขา", "A store"}},
              {"address", {"ที่อยู่", "An address"}},
              {"online", {"ออนไลน์", "Online"}}})
          .required()
          .fallback("store"),
      reference("store", {"สาขา", "Store"}, "stores").visible_when("placeKind", {"store"}),
      long_text("address", {"ที่อยู่", "Address"}).max(500).visible_when("placeKind", {"address"}),
      web_link("onlineLink", {"ลิงก์ออนไลน์", "Online link"}).visible_when("placeKind", {"online"}),
      integer("capacity", {"จำนวนที่นั่ง", "Places"})
          .min(0)
          .max(100000)
          .sortable()
          .hint({"เว้นว่างหรือ 0 = ไม่จำกัด; เต็มแล้วจะเข้าคิวสำรอง",
                 "Empty or 0 = unlimited; when full, people join the waitlist"}),
      datetime("registrationOpensAt", {"เปิดลงทะเบียน", "Registration opens"})
          .hint({"เว้นว่าง = เปิดทันทีที่เผยแพร่", "Empty = as soon as it is published"}),
      datetime("registrationClosesAt", {"ปิดลงทะเบียน", "Registration closes"})
          .hint({"เว้นว่าง = จนกิจกรรมเริ่ม", "Empty = until it starts"}),
      audience_field(),
      resources::points("points", {"แต้มเมื่อเข้าร่วม", "Points for attending"}),
  };
  if (k.social) {
    r.list_columns.insert(r.list_columns.begin() + 2, "activityKind");
    r.fields.insert(r.fields.begin() + 2, choice("activityKind", {"ประเภท", "Kind"},
                                                 {{"csr", {"CSR", "CSR"}},
                                                  {"sports", {"กีฬา", "Sports"}},
                                                  {"volunteering", {"จิตอาสา", "Volunteering"}}})
                                              .required()
                                              .filterable()
                                              .fallback("csr"));
    r.fields.push_back(integer("hours", {"ชั่วโมงที่ได้รับ", "Hours credited"})
                           .min(0)
                           .max(24)
                           .fallback(0)
                           .hint({"บันทึกให้เมื่อเช็กอิน", "Credited on check-in"}));
    r.fields.push_back(image_list("photos", {"ภาพหลังกิจกรรม", "Photos afterwards"}));
  }
  publishable(r, {"แสดงตั้งแต่", "Shown from"}, {"แสดงถึง", "Shown until"});
  r.rules.push_back(ends_after("endsAt", "startsAt"));
  r.rules.push_back(ends_after("registrationClosesAt", "registrationOpensAt"));
  r.rules.push_back(place_given);
  searchable(r,
             {.title = {"title"}, .summary = {"address"}, .body = {"description"}, .sorted_by = "startsAt"});
  // Places added by an edit go to the waitlist at once (the UPDATE holds the item's row, as the engine's lock
  // does). A lower capacity moves nobody out: it only stops new people going.
  r.after_write = [&k](WriteContext& w) {
    if (w.before) promote(w.c, k, w.id);
  };
  return r;
}

}  // namespace

Resource events_resource() {
  return declare(event_kind(), {"อีเว้นท์", "Events"});
}
Resource social_resource() {
  return declare(social_kind(), {"ชมรมกิจกรรม", "Social club"});
}

}  // namespace shopfloor::events
