#include <cmath>

#include "media/media.hpp"
#include "polls/routes.hpp"

namespace shopfloor::polls {

namespace json = boost::json;

json::object results_of(db::Connection& c, const std::string& poll_id, std::int64_t ballots) {
  json::array options;
  for (const auto& o :
       c.query("SELECT o.id, o.text, o.votes_count, m.id, m.hash, m.ext, m.kind, m.mime, m.width, "
               "m.height FROM poll_options o LEFT JOIN media m ON m.id = o.image_media_id WHERE "
               "o.poll_id = $1 ORDER BY o.position, o.id",
               poll_id)
           .rows) {
    double percent = ballots > 0 ? std::round(o.i64(2) * 1000.0 / ballots) / 10.0 : 0.0;
    options.push_back(json::object{{"id", o.str(0)},
                                   {"text", o.str(1)},
                                   {"image", media::media_summary_or_null(o, 3)},
                                   {"votes", o.i64(2)},
                                   {"percent", percent}});
  }
  return json::object{{"total", ballots}, {"options", std::move(options)}};
}

}  // namespace shopfloor::polls
