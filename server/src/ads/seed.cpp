// The demo ads of `seed --demo`: a home banner for everyone and an interstitial for the staff of one store
// (สยามพารากอน, BKK02: a store-only promotion; no demo login works there, so the e2e specs that sign the
// demo staff in are never sent to /ads), each with a picture drawn for it. Their impressions and taps are the
// company's, counted from its history's telemetry as the app reports them.
#include "ads/ads.hpp"
#include "media/demo_media.hpp"
#include "util/ids.hpp"

namespace shopfloor::ads {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (data_dir.empty()) return;  // ads need their picture
  auto store = c.query("SELECT id FROM stores WHERE code = 'BKK02'").first();
  std::string audience = store ? R"({"stores":[")" + store->str(0) + R"("]})" : std::string();
  struct Ad {
    const char *title, *kind, *link, *picture;
    int priority;
    db::Value cap_day, cap_total;
    std::string audience;
  };
  const Ad ads[] = {
      {"โปรโมชันสะสมคะแนน x2 ทั้งเดือน", "banner", "/club/rewards", "ad-double-points", 10, {}, {}, ""},
      {"เปิดตัวคอลเลกชันใหม่ที่สยามพารากอน", "interstitial", "/learning", "ad-new-collection", 50, std::int64_t{1},
       std::int64_t{5}, audience},
  };
  auto now = now_ms();
  int n = 0;
  for (const auto& a : ads) {
    ++n;
    if (!c.query("SELECT 1 FROM ads WHERE title = $1", std::string(a.title)).empty()) continue;
    if (std::string(a.kind) == "interstitial" && a.audience.empty()) continue;  // never for everyone
    db::Value image = media::demo_media(c, data_dir, a.picture);
    if (std::holds_alternative<std::monostate>(image)) return;
    c.query(
        "INSERT INTO ads (id, title, kind, image_media_id, link, priority, cap_per_day, cap_total, "
        "audience_json, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
        "'published', $10, $10)",
        uuid_v7(), std::string(a.title), std::string(a.kind), image, std::string(a.link),
        std::int64_t{a.priority}, a.cap_day, a.cap_total,
        a.audience.empty() ? db::Value{} : db::Value{a.audience}, now + n);
  }
}

}  // namespace shopfloor::ads
