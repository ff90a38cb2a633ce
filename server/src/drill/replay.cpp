#include "drill/replay.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <stdexcept>

#include "drill/fsrs.hpp"

namespace shopfloor::drill {

namespace {

namespace json = boost::json;

fsrs::Rating rating_of(const json::object& review) {
  auto g = review.at("rating").to_number<int>();
  if (g < 1 || g > 4) throw std::invalid_argument("rating must be 1..4");
  return static_cast<fsrs::Rating>(g);
}

fsrs::Parameters parameters_of(const json::object& in) {
  fsrs::Parameters p;
  const auto* given = in.if_contains("parameters");
  if (!given) return p;
  const auto& o = given->as_object();
  if (const auto* w = o.if_contains("w")) {
    const auto& a = w->as_array();
    if (a.size() != p.w.size()) throw std::invalid_argument("w must have 21 numbers");
    for (size_t i = 0; i < a.size(); ++i) p.w[i] = a[i].to_number<double>();
  }
  if (const auto* v = o.if_contains("desiredRetention")) p.desired_retention = v->to_number<double>();
  if (const auto* v = o.if_contains("maximumInterval")) p.maximum_interval = v->to_number<int>();
  if (const auto* v = o.if_contains("shortTerm")) p.short_term = v->as_bool();
  return p;
}

}  // namespace

std::string replay_json(const std::string& input) {
  const auto in = json::parse(input).as_object();
  const fsrs::Scheduler scheduler(parameters_of(in));
  json::object out;

  json::array cards;
  if (const auto* logs = in.if_contains("cards")) {
    for (const auto& log : logs->as_array()) {
      fsrs::Card card;
      json::array steps;
      for (const auto& r : log.as_array()) {
        const auto& review = r.as_object();
        card = scheduler.review(card, review.at("at").to_number<int64_t>(), rating_of(review));
        steps.push_back(json::object{{"stability", card.memory->stability},
                                     {"difficulty", card.memory->difficulty},
                                     {"reps", card.reps},
                                     {"lapses", card.lapses},
                                     {"scheduledDays", card.scheduled_days},
                                     {"due", card.due_ms}});
      }
      cards.push_back(std::move(steps));
    }
  }
  out["cards"] = std::move(cards);

  json::array states;
  if (const auto* logs = in.if_contains("states")) {
    for (const auto& log : logs->as_array()) {
      std::optional<fsrs::MemoryState> memory;
      json::array steps;
      for (const auto& r : log.as_array()) {
        const auto& review = r.as_object();
        const double t = review.at("elapsedDays").to_number<double>();
        json::value recall = nullptr;
        if (memory) recall = scheduler.retrievability(t, memory->stability);
        memory = scheduler.next_state(memory, t, rating_of(review));
        steps.push_back(json::object{{"stability", memory->stability},
                                     {"difficulty", memory->difficulty},
                                     {"retrievability", recall}});
      }
      states.push_back(std::move(steps));
    }
  }
  out["states"] = std::move(states);
  return json::serialize(out);
}

}  // namespace shopfloor::drill
