// Ads (SPEC §5 "Home page ads", back office /admin/ads): a home banner or a full-screen interstitial shown at
// /ads when the app opens, with an image, a link (in-app path or https), a window, an audience, a priority
// and, for interstitials, a frequency cap per person per Bangkok day and in total. Impressions and clicks
// come through the telemetry pipeline (item events) like the home slides'.
#pragma once

#include "http/area.hpp"

namespace shopfloor::ads {

// The "ads" resource, its view/tap counting and the staff API (GET /api/ads, GET /api/ads/:id,
// POST /api/ads/:id/shown).
void register_routes(http::Services& app);

// `shopfloor seed --demo`: a home banner for everyone and an interstitial for one store's staff, with
// generated pictures and some counts (idempotent: keyed by title; none when data_dir is empty).
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::ads
