// Generated pictures for `seed --demo`: an 800x450 PNG (a soft two-colour gradient with diagonal bands, one
// of six palettes by `n`) stored in the media library like an upload, so demo areas have pictures without
// shipping files.
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::media {

// The media id (the same picture is stored once), or null when libvips cannot encode it (the demo then
// simply has no pictures).
db::Value demo_image(db::Connection& c, const std::string& data_dir, int n, const std::string& name);

}  // namespace shopfloor::media
