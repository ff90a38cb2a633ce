#include "drill/bank.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <functional>
#include <tuple>

namespace shopfloor::drill {

namespace json = boost::json;
using resources::StaffGate;
using resources::StaffQuery;

namespace {

json::value parse_or_empty(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  return ec || !v.is_array() ? json::value(json::array{}) : v;
}

// A place the bank draws from through the staff gate: `base` reads its questions `q` the viewer may see now
// (not for drill excluded), `met` says the person met `q` ($1 = their id), `order` lists new ones, `columns`
// reads a question (id, kind, prompt, choices, correct, explanation, picture, then a shape's own columns).
// own: drill_questions' pairs and time; board: a matching game's pairs.
enum class Shape { plain, own, board };

struct Place {
  std::function<StaffQuery(const StaffGate&)> base;
  const char* met;
  const char* order;
  const char* columns;
  Shape shape = Shape::plain;
};

constexpr const char* plain_columns =
    "q.id, q.kind, q.prompt, q.choices_json, q.correct_json, q.explanation, NULL";
constexpr const char* own_columns =
    "q.id, q.kind, q.prompt, q.choices_json, q.correct_json, q.explanation, NULL, q.pairs_json, q.seconds";

// A kind of game's questions (`join` brings them in as `q`): games count whatever their window, and the
// person met a question once they played its game.
Place game_place(std::string kind, std::string join, const char* order, const char* columns,
                 Shape shape = Shape::plain) {
  return {[kind, join](const StaffGate& g) -> StaffQuery {
            return g.from("games", "g")
                .any_window()
                .join(join)
                .where("g.kind = '" + kind + "' AND q.not_for_drill = 0");
          },
          "g.id IN (SELECT p.game_id FROM game_plays p WHERE p.user_id = $1)", order, columns, shape};
}

const std::vector<Place>& places() {
  static const std::vector<Place> all = {
      {[](const StaffGate& g) -> StaffQuery {
         return g.from("exams", "e")
             .join("JOIN exam_questions q ON q.exam_id = e.id")
             .where("q.not_for_drill = 0");
       },
       "e.id IN (SELECT a.exam_id FROM exam_attempts a WHERE a.user_id = $1 AND a.submitted_at IS NOT NULL)",
       "e.id, q.position, q.id", plain_columns},
      game_place("quiz", "JOIN game_quiz_questions q ON q.quiz_id = g.quiz_id", "g.id, q.position, q.id",
                 "q.id, q.kind, q.prompt, q.choices_json, q.correct_json, q.explanation, q.image_media_id"),
      game_place("matching", "JOIN game_matchings q ON q.id = g.matching_id", "g.id, q.id",
                 "q.id, 'match', q.title, '[]', '[]', NULL, NULL", Shape::board),
      {[](const StaffGate& g) -> StaffQuery {
         return g.from("courses", "co")
             .join("JOIN drill_questions q ON q.course_id = co.id")
             .where("q.not_for_drill = 0");
       },
       "co.id IN (SELECT ce.course_id FROM course_enrollments ce WHERE ce.user_id = $1)",
       "co.id, q.created_at, q.id", own_columns, Shape::own},
  };
  return all;
}

// Drill-only questions without a course are for every staff member: no gate to pass.
constexpr const char* everyone = "q.course_id IS NULL AND q.not_for_drill = 0";

BankQuestion question_of(db::Connection& c, const db::Row& r, Shape shape) {
  BankQuestion q{r.str(0), r.str(1), r.str(2), {}, {}, {}, r.opt_str(5), default_seconds, r.opt_str(6)};
  auto choices = parse_or_empty(r.str(3));
  for (const auto& ch : choices.as_array())
    if (ch.is_object() && ch.as_object().contains("id") && ch.as_object().contains("text"))
      q.choices.push_back(json::object{{"id", ch.at("id")}, {"text", ch.at("text")}});
  const auto correct = parse_or_empty(r.str(4));  // kept: a loop over a temporary's array would dangle
  for (const auto& x : correct.as_array())
    if (x.is_string()) q.correct.insert(std::string(x.as_string()));
  if (shape == Shape::own) {
    const auto pairs = parse_or_empty(r.str(7));
    for (const auto& p : pairs.as_array()) {
      const auto* o = p.if_object();
      const auto *id = o ? o->if_contains("id") : nullptr, *left = o ? o->if_contains("left") : nullptr,
                 *right = o ? o->if_contains("right") : nullptr;
      if (id && id->is_string() && left && left->is_string() && right && right->is_string())
        q.pairs.push_back(
            {std::string(id->as_string()), std::string(left->as_string()), std::string(right->as_string())});
    }
    q.seconds = r.i64(8);
  } else if (shape == Shape::board) {
    for (const auto& p :
         c.query("SELECT id, left_text, right_text FROM game_matching_pairs WHERE matching_id = "
                 "$1 ORDER BY position, id LIMIT $2",
                 q.id, static_cast<std::int64_t>(max_board_pairs))
             .rows)
      q.pairs.push_back({p.str(0), p.str(1), p.str(2)});
    q.seconds = std::max(default_seconds, board_seconds_per_pair * static_cast<std::int64_t>(q.pairs.size()));
  }
  return q;
}

}  // namespace

std::optional<BankQuestion> load_question(db::Connection& c, const StaffGate& gate, const std::string& id) {
  for (const auto& place : places())
    if (auto row = place.base(gate).select(place.columns).where("q.id = $1", {id}).first(c)) {
      auto q = question_of(c, *row, place.shape);
      // A board with fewer than two pairs is no question (its game lost its pairs).
      if (place.shape == Shape::board && q.pairs.size() < 2) return std::nullopt;
      return q;
    }
  if (auto row = c.query(std::string("SELECT ") + own_columns +
                             " FROM drill_questions q WHERE q.id = $1 AND " + everyone,
                         id)
                     .first())
    return question_of(c, *row, Shape::own);
  return std::nullopt;
}

std::vector<std::string> draw(db::Connection& c, const StaffGate& gate, std::int64_t day_end,
                              std::size_t max_due, std::size_t min_total) {
  const auto& uid = gate.user_id();
  // Due: the most overdue of each place (its own limit), then the most overdue of them all.
  std::vector<std::tuple<std::int64_t, std::string>> due;
  const auto states = "JOIN drill_states s ON s.question_id = q.id AND s.user_id = $1";
  for (const auto& place : places())
    for (const auto& r : place.base(gate)
                             .select("q.id, s.due_at")
                             .join(states, {uid})
                             .where("s.due_at < $1", {day_end})
                             .order_by("s.due_at, q.id")
                             .limit(max_due)
                             .rows(c))
      due.emplace_back(r.i64(1), r.str(0));
  for (const auto& r :
       c.query(std::string("SELECT q.id, s.due_at FROM drill_questions q ") + states +
                   " WHERE s.due_at < $2 AND " + everyone + " ORDER BY s.due_at, q.id LIMIT $3",
               uid, day_end, static_cast<std::int64_t>(max_due))
           .rows)
    due.emplace_back(r.i64(1), r.str(0));
  std::sort(due.begin(), due.end());
  std::vector<std::string> ids;
  for (const auto& d : due)
    if (const auto& id = std::get<1>(d);
        ids.size() < max_due && std::find(ids.begin(), ids.end(), id) == ids.end())
      ids.push_back(id);
  if (ids.size() >= min_total) return ids;

  // New: questions met and never drilled, from each place in turn. NOT IN, not NOT EXISTS: the person's
  // states are read once into a hash (PostgreSQL's hashed subplan, SQLite's ephemeral index) instead of one
  // probe per question met, which is every question when all are drilled (17.7 -> 7.6 ms at 5,000 on
  // PostgreSQL).
  const auto need = min_total - ids.size();
  const auto undrilled = "q.id NOT IN (SELECT s.question_id FROM drill_states s WHERE s.user_id = $1)";
  std::vector<std::vector<std::string>> fresh;
  for (const auto& place : places()) {
    auto& list = fresh.emplace_back();
    for (const auto& r : place.base(gate)
                             .select("q.id")
                             .where(place.met, {uid})
                             .where(undrilled, {uid})
                             .order_by(place.order)
                             .limit(need)
                             .rows(c))
      list.push_back(r.str(0));
  }
  fresh.push_back(c.query(std::string("SELECT q.id FROM drill_questions q WHERE ") + everyone + " AND " +
                              undrilled + " ORDER BY q.created_at, q.id LIMIT $2",
                          uid, static_cast<std::int64_t>(need))
                      .first_column());
  for (std::size_t i = 0; ids.size() < min_total; ++i) {
    bool any = false;
    for (const auto& l : fresh)
      if (i < l.size()) {
        any = true;
        if (ids.size() < min_total && std::find(ids.begin(), ids.end(), l[i]) == ids.end())
          ids.push_back(l[i]);
      }
    if (!any) break;
  }
  return ids;
}

}  // namespace shopfloor::drill
