// How stickers are given: a random sticker of a set, weighted by rarity, once per grant key; the rules that
// call it (a course completed, a sticker pack redeemed).
#include <sodium.h>

#include "notifications/notifications.hpp"
#include "resources/staff_gate.hpp"
#include "stickers/internal.hpp"
#include "stickers/stickers.hpp"
#include "util/ids.hpp"

namespace shopfloor::stickers {

namespace json = boost::json;

namespace {

std::uint32_t weight(std::string_view rarity) {
  if (rarity == "legendary") return 1;
  if (rarity == "epic") return 9;
  if (rarity == "rare") return 30;
  return 60;
}

}  // namespace

bool grant(db::Connection& c, const std::string& user_id, const std::string& set_id,
           const std::string& grant_key) {
  auto list = c.query("SELECT id, rarity FROM stickers WHERE set_id = $1 ORDER BY position, id", set_id);
  if (list.rows.empty()) return false;
  std::uint32_t total = 0;
  for (const auto& r : list.rows) total += weight(r.str(1));
  std::uint32_t pick = randombytes_uniform(total);
  std::string sticker;
  for (const auto& r : list.rows) {
    auto w = weight(r.str(1));
    if (pick < w) {
      sticker = r.str(0);
      break;
    }
    pick -= w;
  }
  auto now = now_ms();
  if (c.query("INSERT INTO sticker_grants (id, user_id, sticker_id, grant_key, created_at) VALUES ($1, $2, "
              "$3, $4, $5) "
              "ON CONFLICT (user_id, grant_key) DO NOTHING",
              uuid_v7(), user_id, sticker, grant_key, now)
          .affected == 0)
    return false;
  c.query(
      "INSERT INTO user_stickers (user_id, sticker_id, count, first_at, updated_at) VALUES ($1, $2, 1, $3, "
      "$3) ON "
      "CONFLICT (user_id, sticker_id) DO UPDATE SET count = user_stickers.count + 1, updated_at = "
      "excluded.updated_at",
      user_id, sticker, now);
  auto name = c.query("SELECT name FROM stickers WHERE id = $1", sticker).first()->str(0);
  notifications::notify(c,
                        {user_id, "sticker_earned", json::object{{"sticker", name}, {"stickerId", sticker}},
                         "/p/" + user_id + "?tab=stickers", "sticker:" + grant_key});
  triggers::fire(c, {triggers::sticker_earned, user_id, sticker, 0});
  return true;
}

void on_course(db::Connection& c, const triggers::Happening& h) {
  // Published sets, whatever their window (as the sticker book shows them).
  for (const auto& s : resources::StaffGate::anyone(now_ms())
                           .from("sticker_sets", "s")
                           .any_window()
                           .where("s.rule = 'course_completed'")
                           .rows(c))
    grant(c, h.user_id, s.str(0), "course:" + h.subject_id + ":" + s.str(0));
}

void on_redeemed(db::Connection& c, const triggers::Happening& h) {
  // The reward of the person's own redemption, whatever its state now.
  auto r = c.query("SELECT w.sticker_set_id FROM redemptions d JOIN " + resources::any_state("rewards") +
                       " w ON w.id = d.reward_id WHERE d.id = $1",
                   h.subject_id)
               .first();
  if (r && !r->is_null(0)) grant(c, h.user_id, r->str(0), "redemption:" + h.subject_id);
}

}  // namespace shopfloor::stickers
