#include "badges/verify_page.hpp"

#include "resources/staff_gate.hpp"
#include "share/share.hpp"
#include "util/html_sanitizer.hpp"
#include "util/text.hpp"

namespace shopfloor::badges {

namespace {

// The award is its holder's own record: it shows the badge whatever the badge's state now.
std::optional<share::Card> verified_award(db::Connection& c, const std::string& award_id, std::int64_t) {
  auto r =
      c.query(
           "SELECT b.id, b.name, b.description, b.image_media_id, a.awarded_at, a.user_id, u.name "
           "FROM badge_awards a JOIN " +
               resources::any_state("badges") +
               " b ON b.id = a.badge_id JOIN users u ON u.id = a.user_id WHERE a.id = $1 AND a.revoked_at IS "
               "NULL",
           award_id)
          .first();
  if (!r) return std::nullopt;
  auto picture = r->opt_str(3);
  share::Card card{r->str(1), r->is_null(2) ? "" : trimmed(html_to_text(r->str(2))),
                   share::media_image_url(c, picture), "/p/" + r->str(5) + "?badge=" + r->str(0)};
  // The facts in the page's language (the badge's own words decide it, as for every share page).
  bool th = share::language_of(card.title + card.summary) == "th";
  std::string when = share::date_text(r->i64(4), th ? "th" : "en");
  card.facts = th ? std::vector<std::string>{"ผู้ได้รับ: " + r->str(6), "ได้รับเมื่อ " + when}
                  : std::vector<std::string>{"Earned by: " + r->str(6), "Earned on " + when};
  card.whole_picture = true;
  card.verified = true;
  return card;
}

}  // namespace

void register_verify_page() {
  share::add_kind("badge", verified_award);
}

}  // namespace shopfloor::badges
