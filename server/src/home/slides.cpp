// Home slides (back office "homeoptions"): a picture, a title and an optional link, in the editors' order,
// published to an audience for a window. Everything is a trait of the resources kit; impressions and taps
// are running totals kept by the telemetry pipeline (item events), shown read-only on the list.
#include "home/slides.hpp"

#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace shopfloor::home {

using namespace resources;  // the declaration vocabulary: text(), image(), publishable(), ...

Resource slides_resource() {
  auto r = area("home-slides", "home_slides", {"สไลด์หน้าแรก", "Home slides"});
  r.list_columns = {"image", "title", "status", "audience", "impressions", "taps", "startAt", "endAt"};
  r.subtitle_field = "status";
  r.fields = {
      image("image", {"รูปภาพ", "Picture"}).required(),
      text("title", {"หัวข้อ", "Title"}).required().searchable().sortable().max(200),
      app_link("link", {"ลิงก์เมื่อแตะ", "Link on tap"}),
      audience_field(),
      integer("impressions", {"การแสดงผล", "Impressions"}).sortable().read_only(),
      integer("taps", {"การแตะ", "Taps"}).sortable().read_only(),
  };
  publishable(r, {"เริ่มแสดง", "Starts"}, {"สิ้นสุด", "Ends"});
  ordered(r, "", "home-slides.order");
  return r;
}

}  // namespace shopfloor::home
