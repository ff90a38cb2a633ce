// Private to stickers/: the declarations, the rules that give stickers, and the staff routes.
#pragma once

#include "http/area.hpp"
#include "resources/resource.hpp"
#include "resources/triggers.hpp"

namespace shopfloor::stickers {

resources::Resource sets_resource();
resources::Resource stickers_resource();

// A published set's rule fired: one sticker per (person, course, set).
void on_course(db::Connection& c, const triggers::Happening& h);
// A sticker pack redeemed (subject: the redemption).
void on_redeemed(db::Connection& c, const triggers::Happening& h);

void register_staff_routes(http::Services& app);

}  // namespace shopfloor::stickers
