// Stickers (SPEC §5 Stickers; issue 12): sets of collectable stickers of four rarities. A set's rule gives a
// random sticker (weighted by rarity) when something happens — a course completed — and a reward can be a
// sticker pack (a random sticker of its set when redeemed). Each grant is keyed, so a retried trigger gives
// one sticker. Owned stickers are the person's reactions on articles and comments.
#pragma once

#include "http/area.hpp"

namespace shopfloor::stickers {

void register_routes(http::Services& app);

// Gives a random sticker of the set (weighted by rarity) unless `grant_key` was already used for the
// person: true when this call gave one. Inside the caller's transaction.
bool grant(db::Connection& c, const std::string& user_id, const std::string& set_id,
           const std::string& grant_key);

// `seed --demo`: two sets with pictures made here, collected in part by the demo staff.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::stickers
