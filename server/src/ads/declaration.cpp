// Ads on the resources kit: everything is a trait (publishable window and status, audience, the app_link
// check, the media kind) except the ad's own rules: caps belong to interstitials, and a day cap above the
// total cap could never be reached. The click-through rate is computed for the admin list (not stored).
#include "ads/declaration.hpp"

#include <boost/json.hpp>

#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace shopfloor::ads {

namespace json = boost::json;
using namespace resources;  // the declaration vocabulary

namespace {

void ad_rules(WriteContext& w) {
  auto day = w.value_of("capPerDay"), total = w.value_of("capTotal");
  if (w.text_of("kind") != "interstitial") {
    if (!day.is_null()) w.errors["capPerDay"] = msg::AD_CAPS_INTERSTITIAL;
    if (!total.is_null()) w.errors["capTotal"] = msg::AD_CAPS_INTERSTITIAL;
    return;
  }
  if (day.is_int64() && total.is_int64() && day.as_int64() > total.as_int64())
    w.errors["capPerDay"] = msg::AD_DAY_CAP_ABOVE_TOTAL;
}

// Clicks per impression, as a fraction (the web shows it as a percentage); null before any impression.
json::value click_through(const json::object& item) {
  auto n = [&](const char* k) {
    const auto* v = item.if_contains(k);
    return v && v->is_int64() ? v->as_int64() : 0;
  };
  std::int64_t views = n("impressions"), clicks = n("clicks");
  if (views <= 0) return nullptr;
  return static_cast<double>(clicks) / static_cast<double>(views);
}

}  // namespace

Resource ads_resource() {
  auto r = area("ads", "ads", {"โฆษณา", "Ads"});
  // The counts beside the name, so a 1440-wide screen shows them without scrolling sideways.
  r.list_columns = {"image",  "title", "kind",     "status",  "impressions",
                    "clicks", "ctr",   "priority", "audience"};
  r.subtitle_field = "kind";
  r.default_sort = "-priority";
  Field ctr =
      integer("ctr", {"อัตราการคลิก (CTR)", "Click-through rate"}).column("").read_only().format("percent");
  r.fields = {
      text("title", {"ชื่อโฆษณา", "Name"}).required().searchable().sortable().max(120),
      choice("kind", {"รูปแบบ", "Kind"},
             {{"banner", {"แบนเนอร์หน้าแรก", "Home banner"}},
              {"interstitial", {"เต็มจอเมื่อเปิดแอป", "Full screen on opening"}}})
          .required()
          .filterable()
          .fallback("banner"),
      image("image", {"รูปภาพ", "Picture"}).required(),
      app_link("link", {"ลิงก์เมื่อแตะ", "Link on tap"}),
      integer("priority", {"ลำดับความสำคัญ", "Priority"})
          .min(0)
          .max(100)
          .sortable()
          .fallback(0)
          .hint({"ค่ามากแสดงก่อน (0-100)", "Higher shows first (0-100)"}),
      integer("capPerDay", {"แสดงต่อคนต่อวันไม่เกิน", "Per person per day, at most"})
          .min(1)
          .max(100)
          .visible_when("kind", {"interstitial"})
          .hint({"ว่างไว้ = ไม่จำกัด (นับตามวันเวลาไทย)", "Empty = no limit (Bangkok days)"}),
      integer("capTotal", {"แสดงต่อคนรวมไม่เกิน", "Per person in total, at most"})
          .min(1)
          .max(10000)
          .visible_when("kind", {"interstitial"})
          .hint({"ว่างไว้ = ไม่จำกัด", "Empty = no limit"}),
      audience_field(),
      integer("impressions", {"การแสดงผล", "Impressions"}).sortable().read_only(),
      integer("clicks", {"การคลิก", "Clicks"}).column("taps").sortable().read_only(),
      ctr,
  };
  publishable(r, {"เริ่มแสดง", "Starts"}, {"สิ้นสุด", "Ends"});
  r.rules.push_back(ad_rules);
  r.present = [](json::object& item) { item["ctr"] = click_through(item); };
  return r;
}

}  // namespace shopfloor::ads
