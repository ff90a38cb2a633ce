#include "drill/today.hpp"

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "drill/bank.hpp"
#include "http/api_error.hpp"
#include "http/error_codes.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/fields.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"

namespace shopfloor::drill {

namespace json = boost::json;
using http::ApiError;

namespace {

std::vector<Reviewed>& reviewed_listeners() {
  static std::vector<Reviewed> listeners;
  return listeners;
}

json::value parse_or(const std::string& text, json::value fallback) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  return ec ? fallback : v;
}

struct Day {
  std::string day;
  std::vector<std::string> question_ids;
  std::optional<std::int64_t> finished_at, streak;
};

std::optional<Day> load_day(db::Connection& c, const std::string& uid, const std::string& day) {
  auto row =
      c.query("SELECT question_ids_json, finished_at, streak FROM drill_days WHERE user_id = $1 AND day = $2",
              uid, day)
          .first();
  if (!row) return std::nullopt;
  Day d{day, {}, row->opt_i64(1), row->opt_i64(2)};
  auto ids = parse_or(row->str(0), json::array{});
  if (ids.is_array())
    for (const auto& id : ids.as_array()) d.question_ids.emplace_back(id.as_string());
  return d;
}

std::string day_text_of(std::int64_t now) {
  return rollups::day_text(rollups::day_of(now));
}

// The streak as the person sees it now: today's once finished, else yesterday's (still alive until
// today ends), else 0.
std::int64_t current_streak(db::Connection& c, const std::string& uid, std::int64_t now) {
  auto today = rollups::day_of(now);
  auto row =
      c.query(
           "SELECT day, streak FROM drill_days WHERE user_id = $1 AND day IN ($2, $3) AND finished_at IS "
           "NOT NULL ORDER BY day DESC",
           uid, rollups::day_text(today), rollups::day_text(today - 1))
          .first();
  return row ? row->i64(1) : 0;
}

struct Answered {
  std::string question_id;
  std::int64_t shown_at = 0;
  std::optional<std::int64_t> answered_at;
  bool correct = false, counted = false;
};

std::vector<Answered> load_answers(db::Connection& c, const std::string& uid, const std::string& day) {
  std::vector<Answered> out;
  for (const auto& r :
       c.query("SELECT question_id, shown_at, answered_at, correct, counted FROM drill_answers "
               "WHERE user_id = $1 AND day = $2",
               uid, day)
           .rows)
    out.push_back({r.str(0), r.i64(1), r.opt_i64(2), r.boolean(3), r.boolean(4)});
  return out;
}

const Answered* find(const std::vector<Answered>& answers, const std::string& id) {
  for (const auto& a : answers)
    if (a.question_id == id) return &a;
  return nullptr;
}

json::object progress_json(db::Connection& c, const Day& d, const std::vector<Answered>& answers,
                           const std::string& uid, std::int64_t now) {
  std::int64_t answered = 0, correct = 0;
  for (const auto& a : answers)
    if (a.answered_at) {
      ++answered;
      correct += a.correct && a.counted;
    }
  return json::object{{"day", d.day},
                      {"total", d.question_ids.size()},
                      {"answered", answered},
                      {"right", correct},
                      {"finished", d.finished_at.has_value()},
                      {"streak", current_streak(c, uid, now)},
                      {"questionSeconds", question_ms / 1000}};
}

// A question the drill can no longer show (its exam unpublished or deleted): passed over as answered,
// uncounted, so the day can still be finished.
void pass_over(db::Connection& c, const std::string& uid, const std::string& day, const std::string& qid,
               std::int64_t now) {
  c.query(
      "INSERT INTO drill_answers (user_id, day, question_id, shown_at, answered_at, choices_json, correct, "
      "counted) VALUES ($1, $2, $3, $4, $4, '[]', 0, 0) ON CONFLICT (user_id, day, question_id) DO UPDATE "
      "SET "
      "answered_at = $4 WHERE drill_answers.answered_at IS NULL",
      uid, day, qid, now);
}

// A matching question's board as the person sees it: the left side in the editor's order, the right side
// shuffled; the ids sent are positions (l1.., r1..), so they say nothing of the pairs. Kept in the question's
// answer row from its first serve, so a reload shows the same board and the answer is checked against it.
struct Board {
  std::vector<std::string> left, right;  // pair ids by position
};

std::vector<std::string> strings_of(const json::value& v) {
  std::vector<std::string> out;
  if (v.is_array())
    for (const auto& x : v.as_array())
      if (x.is_string()) out.emplace_back(x.as_string());
  return out;
}

// The stored board, if it still holds exactly the question's pairs (an editor may have changed them).
std::optional<Board> stored_board(const std::optional<std::string>& text, const BankQuestion& q) {
  if (!text) return std::nullopt;
  auto v = parse_or(*text, json::object{});
  if (!v.is_object()) return std::nullopt;
  Board b{strings_of(v.as_object().contains("left") ? v.at("left") : json::value()),
          strings_of(v.as_object().contains("right") ? v.at("right") : json::value())};
  std::vector<std::string> ids;
  for (const auto& p : q.pairs) ids.push_back(p.id);
  auto l = b.left, r = b.right;
  std::sort(ids.begin(), ids.end());
  std::sort(l.begin(), l.end());
  std::sort(r.begin(), r.end());
  if (l != ids || r != ids) return std::nullopt;
  return b;
}

Board board_for(db::Connection& c, const std::string& uid, const std::string& day, const BankQuestion& q) {
  const auto read = [&] {
    return c
        .query("SELECT layout_json FROM drill_answers WHERE user_id = $1 AND day = $2 AND question_id = $3",
               uid, day, q.id)
        .first();
  };
  auto row = read();
  if (auto b = stored_board(row ? row->opt_str(0) : std::nullopt, q)) return *b;
  Board b;
  for (const auto& p : q.pairs) b.left.push_back(p.id);
  b.right = b.left;
  std::shuffle(b.right.begin(), b.right.end(), std::mt19937(std::random_device{}()));
  if (b.right.size() > 1 && b.right == b.left)  // never the editor's order: it would give the pairs away
    std::rotate(b.right.begin(), b.right.begin() + 1, b.right.end());
  json::array left, right;
  for (const auto& id : b.left) left.emplace_back(id);
  for (const auto& id : b.right) right.emplace_back(id);
  c.query("UPDATE drill_answers SET layout_json = $1 WHERE user_id = $2 AND day = $3 AND question_id = $4",
          json::serialize(json::object{{"left", left}, {"right", right}}), uid, day, q.id);
  return b;
}

std::string side_id(char side, std::size_t i) {
  return std::string(1, side) + std::to_string(i + 1);
}

// The served ids l1.. / r1.. back to positions (nullopt for anything else).
std::optional<std::size_t> position_of(const json::value& v, char side, std::size_t n) {
  if (!v.is_string()) return std::nullopt;
  const std::string s(v.as_string());
  if (s.size() < 2 || s.size() > 3 || s[0] != side) return std::nullopt;
  std::size_t i = 0;
  for (std::size_t k = 1; k < s.size(); ++k) {
    if (s[k] < '0' || s[k] > '9') return std::nullopt;
    i = i * 10 + static_cast<std::size_t>(s[k] - '0');
  }
  if (i < 1 || i > n) return std::nullopt;
  return i - 1;
}

// The right pairs in served ids: [{left: "l1", right: "r3"}, ...] in the left side's order.
json::array correct_pairs(const Board& b) {
  json::array out;
  for (std::size_t i = 0; i < b.left.size(); ++i)
    for (std::size_t j = 0; j < b.right.size(); ++j)
      if (b.right[j] == b.left[i])
        out.push_back(json::object{{"left", side_id('l', i)}, {"right", side_id('r', j)}});
  return out;
}

json::array side_json(const Board& b, const BankQuestion& q, bool left) {
  json::array out;
  const auto& ids = left ? b.left : b.right;
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (const auto& p : q.pairs)
      if (p.id == ids[i])
        out.push_back(json::object{{"id", side_id(left ? 'l' : 'r', i)}, {"text", left ? p.left : p.right}});
  return out;
}

// A question as the person sees it (nothing of its answer): a matching question with its board.
json::object question_json(db::Connection& c, const std::string& uid, const std::string& day,
                           const BankQuestion& q, std::size_t index) {
  json::object out{{"id", q.id},
                   {"kind", q.kind},
                   {"prompt", q.prompt},
                   {"choices", q.choices},
                   {"position", index + 1},
                   {"seconds", q.seconds},
                   {"image", media::media_summary_of(c, q.image_id)}};
  if (q.kind == "match") {
    auto board = board_for(c, uid, day, q);
    out["left"] = side_json(board, q, true);
    out["right"] = side_json(board, q, false);
  }
  return out;
}

}  // namespace

void on_reviewed(Reviewed listener) {
  reviewed_listeners().push_back(std::move(listener));
}

fsrs::Rating rating_for(bool correct, std::int64_t answer_ms, std::int64_t time_ms) {
  if (!correct) return fsrs::Rating::again;
  if (answer_ms * question_ms <= fast_ms * time_ms) return fsrs::Rating::easy;
  if (answer_ms * question_ms > slow_ms * time_ms) return fsrs::Rating::hard;
  return fsrs::Rating::good;
}

Settings load_settings(db::Connection& c) {
  Settings s;
  if (auto row =
          c.query("SELECT desired_retention_percent, daily_points FROM drill_settings WHERE id = 'default'")
              .first()) {
    s.desired_retention = static_cast<double>(row->i64(0)) / 100.0;
    s.daily_points = row->i64(1);
  }
  return s;
}

json::object today(db::Connection& c, const resources::StaffGate& gate, bool serve) {
  const auto& uid = gate.user_id();
  const auto now = gate.now();
  const auto day = day_text_of(now);
  auto d = load_day(c, uid, day);
  if (!d) {
    auto ids = draw(c, gate, rollups::day_start_ms(rollups::day_of(now) + 1), max_questions, min_questions);
    if (ids.empty())  // nothing met yet: no drill today (one may come after an exam)
      return json::object{{"day", day},
                          {"total", 0},
                          {"answered", 0},
                          {"right", 0},
                          {"finished", false},
                          {"streak", current_streak(c, uid, now)},
                          {"questionSeconds", question_ms / 1000},
                          {"question", nullptr}};
    json::array list;
    for (const auto& id : ids) list.emplace_back(id);
    c.query(
        "INSERT INTO drill_days (user_id, day, question_ids_json, created_at) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (user_id, day) DO NOTHING",
        uid, day, json::serialize(list), now);
    d = load_day(c, uid, day);  // a racing first call may have drawn it: the stored one is the day's
  }

  auto answers = load_answers(c, uid, day);
  json::value question = nullptr;
  for (std::size_t i = 0; serve && i < d->question_ids.size(); ++i) {
    const auto& id = d->question_ids[i];
    const auto* a = find(answers, id);
    if (a && a->answered_at) continue;
    auto q = load_question(c, gate, id);
    if (!q) {
      pass_over(c, uid, day, id, now);
      continue;
    }
    // The first serve starts the question's clock; serving it again (a reload) keeps it. A question only
    // fetched ahead (for offline use) starts its clock here.
    c.query(
        "INSERT INTO drill_answers (user_id, day, question_id, shown_at) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (user_id, day, question_id) DO UPDATE SET shown_at = excluded.shown_at, ahead = 0 "
        "WHERE drill_answers.ahead = 1",
        uid, day, id, now);
    auto shown =
        c.query("SELECT shown_at FROM drill_answers WHERE user_id = $1 AND day = $2 AND question_id = $3",
                uid, day, id)
            .scalar();
    auto shown_q = question_json(c, uid, day, *q, i);
    const auto shown_at = std::get<std::int64_t>(shown);
    shown_q["shownAt"] = iso8601(shown_at);
    shown_q["deadlineAt"] = iso8601(shown_at + q->seconds * 1000);
    question = std::move(shown_q);
    break;
  }
  answers = load_answers(c, uid, day);
  auto out = progress_json(c, *d, answers, uid, now);
  out["question"] = std::move(question);
  return out;
}

json::object ahead(db::Connection& c, const resources::StaffGate& gate) {
  auto out = today(c, gate, false);  // draws the day's drill when needed
  const auto& uid = gate.user_id();
  const auto now = gate.now();
  const auto day = day_text_of(now);
  json::array questions;
  if (auto d = load_day(c, uid, day)) {
    auto answers = load_answers(c, uid, day);
    for (std::size_t i = 0; i < d->question_ids.size(); ++i) {
      const auto& id = d->question_ids[i];
      const auto* a = find(answers, id);
      if (a && a->answered_at) continue;
      auto q = load_question(c, gate, id);
      if (!q) continue;  // passed over when served
      c.query(
          "INSERT INTO drill_answers (user_id, day, question_id, shown_at, ahead) VALUES ($1, $2, $3, $4, 1) "
          "ON CONFLICT (user_id, day, question_id) DO NOTHING",
          uid, day, id, now);
      questions.push_back(question_json(c, uid, day, *q, i));
    }
  }
  out["question"] = nullptr;
  out["questions"] = std::move(questions);
  return out;
}

namespace {

// Moves the person's memory of the question by one review at `now` (elapsed days counted in Bangkok days).
json::object review(db::Connection& c, const std::string& uid, const std::string& qid, fsrs::Rating rating,
                    std::int64_t now) {
  const fsrs::Scheduler scheduler(fsrs::Parameters{.desired_retention = load_settings(c).desired_retention});
  fsrs::Card card;
  if (auto row = c.query("SELECT stability, difficulty, reps, lapses, scheduled_days, last_review_at FROM "
                         "drill_states WHERE user_id = $1 AND question_id = $2",
                         uid, qid)
                     .first()) {
    card.memory = fsrs::MemoryState{.stability = row->f64(0), .difficulty = row->f64(1)};
    card.reps = static_cast<int>(row->i64(2));
    card.lapses = static_cast<int>(row->i64(3));
    card.scheduled_days = static_cast<int>(row->i64(4));
    card.last_review_ms = row->i64(5) + rollups::bangkok_offset_ms;
  }
  auto next = scheduler.review(card, now + rollups::bangkok_offset_ms, rating);
  const auto due = next.due_ms - rollups::bangkok_offset_ms;
  c.query(
      "INSERT INTO drill_states (user_id, question_id, stability, difficulty, reps, lapses, scheduled_days, "
      "last_review_at, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id, "
      "question_id) DO "
      "UPDATE SET stability = $3, difficulty = $4, reps = $5, lapses = $6, scheduled_days = $7, "
      "last_review_at = "
      "$8, due_at = $9",
      uid, qid, next.memory->stability, next.memory->difficulty, static_cast<std::int64_t>(next.reps),
      static_cast<std::int64_t>(next.lapses), static_cast<std::int64_t>(next.scheduled_days), now, due);
  return json::object{{"stability", next.memory->stability},
                      {"difficulty", next.memory->difficulty},
                      {"reps", next.reps},
                      {"lapses", next.lapses},
                      {"intervalDays", next.scheduled_days},
                      {"dueAt", iso8601(due)}};
}

// After the day's last answer: finished once (the conditional UPDATE), the streak one more than
// yesterday's, and the day's points through the ledger (keyed per person per day).
std::int64_t finish(db::Connection& c, const resources::StaffGate& gate, const std::string& day) {
  const auto& uid = gate.user_id();
  const auto now = gate.now();
  auto yesterday =
      c.query("SELECT streak FROM drill_days WHERE user_id = $1 AND day = $2 AND finished_at IS NOT NULL",
              uid, rollups::day_text(rollups::day_of(now) - 1))
          .first();
  const std::int64_t streak = (yesterday ? yesterday->i64(0) : 0) + 1;
  auto res = c.query(
      "UPDATE drill_days SET finished_at = $1, streak = $2 WHERE user_id = $3 AND day = $4 AND finished_at "
      "IS NULL",
      now, streak, uid, day);
  if (res.affected == 0) return 0;
  const auto points = load_settings(c).daily_points;
  if (points > 0 && points::award(c, {uid, points, day, "drill", day, "drill:" + day + ":" + uid, ""}))
    return points;
  return 0;
}

}  // namespace

json::object answer(db::Connection& c, const resources::StaffGate& gate, const json::object& body) {
  const auto& uid = gate.user_id();
  const auto now = gate.now();
  const auto* qid_v = body.if_contains("questionId");
  const auto* choices_v = body.if_contains("choices");
  const auto* pairs_v = body.if_contains("pairs");  // a matching question's answer
  http::FieldErrors errors;
  if (!qid_v || !qid_v->is_string()) errors["questionId"] = msg::REQUIRED;
  if (!choices_v && !pairs_v)
    errors["choices"] = msg::REQUIRED;
  else if (choices_v && !choices_v->is_array())
    errors["choices"] = msg::CHOICE_IDS;
  else if (pairs_v && !pairs_v->is_array())
    errors["pairs"] = msg::NOT_ALLOWED_VALUE;
  // An answer given offline: {answeredAt: ISO time on the device, answerMs: the time the device measured}.
  struct Offline {
    std::int64_t answered_at = 0, answer_ms = 0;
  };
  std::optional<Offline> offline;
  if (const auto* off = body.if_contains("offline"); off && !off->is_null()) {
    const auto* at = off->is_object() ? off->as_object().if_contains("answeredAt") : nullptr;
    const auto* ms = off->is_object() ? off->as_object().if_contains("answerMs") : nullptr;
    auto when = at && at->is_string() ? resources::parse_iso8601(std::string(at->as_string())) : std::nullopt;
    if (!when || *when > now + clock_skew_ms) errors["offline.answeredAt"] = msg::NOT_ALLOWED_VALUE;
    if (!ms || !ms->is_int64() || ms->as_int64() < 0 || ms->as_int64() > 86'400'000)
      errors["offline.answerMs"] = msg::NOT_ALLOWED_VALUE;
    if (errors.empty()) offline = Offline{*when, ms->as_int64()};
  }
  if (!errors.empty()) throw ApiError::validation(std::move(errors));
  const std::string qid(qid_v->as_string());
  // An offline answer counts only for the drill of the (Bangkok) day it was given on, reconciled that day.
  if (offline && day_text_of(offline->answered_at) != day_text_of(now))
    throw ApiError(http::Status::conflict, err::DRILL_DAY_OVER, msg::DRILL_DAY_OVER);

  // Everything one person does with their drill (and points) queues here, so two racing answers see each
  // other: the day is finished once and nothing is counted twice.
  points::lock_balance(c, uid);
  const auto day = day_text_of(now);
  auto d = load_day(c, uid, day);
  auto answers = load_answers(c, uid, day);
  const auto* served = find(answers, qid);
  if (!d || !served) throw ApiError::not_found();  // not a question served to this person today

  auto q = load_question(c, gate, qid);
  if (!q) throw ApiError::not_found();
  json::object out{{"questionId", qid}, {"correctChoices", json::array{}}, {"explanation", nullptr}};
  for (const auto& id : q->correct) out["correctChoices"].as_array().emplace_back(id);
  if (q->explanation) out["explanation"] = *q->explanation;
  std::optional<Board> board;
  if (q->kind == "match") {
    board = board_for(c, uid, day, *q);
    out["correctPairs"] = correct_pairs(*board);
  }

  if (served->answered_at) {  // a repeat (a retry, a double tap): the first answer stands
    auto row = c.query(
                    "SELECT correct, counted, rating FROM drill_answers WHERE user_id = $1 AND day = $2 AND "
                    "question_id = $3",
                    uid, day, qid)
                   .first();
    out["correct"] = row->boolean(0);
    out["counted"] = row->boolean(1);
    out["rating"] = row->is_null(2) ? json::value(nullptr) : json::value(row->i64(2));
    out["repeat"] = true;
    out["pointsAwarded"] = 0;
    auto progress = progress_json(c, *d, answers, uid, now);
    for (auto& [k, v] : progress) out[k] = v;
    return out;
  }

  bool correct = false;
  json::array chosen_list;
  if (board) {  // every left item matched to one right item, each right item used once
    if (!pairs_v || !pairs_v->is_array()) throw ApiError::validation({{"pairs", msg::NOT_ALLOWED_VALUE}});
    const auto n = board->left.size();
    std::vector<int> right_of(n, -1);
    std::vector<bool> used(n, false);
    correct = true;
    for (const auto& p : pairs_v->as_array()) {
      if (!p.is_object() || !p.as_object().contains("left") || !p.as_object().contains("right"))
        throw ApiError::validation({{"pairs", msg::NOT_ALLOWED_VALUE}});
      auto l = position_of(p.at("left"), 'l', n), r = position_of(p.at("right"), 'r', n);
      if (!l || !r) throw ApiError::validation({{"pairs", msg::NOT_QUESTION_CHOICE}});
      if (right_of[*l] >= 0 || used[*r]) throw ApiError::validation({{"pairs", msg::EVERY_ITEM_ONCE}});
      right_of[*l] = static_cast<int>(*r);
      used[*r] = true;
      correct = correct && board->left[*l] == board->right[*r];
      chosen_list.push_back(json::object{{"left", side_id('l', *l)}, {"right", side_id('r', *r)}});
    }
    if (chosen_list.size() != n) throw ApiError::validation({{"pairs", msg::EVERY_ITEM_ONCE}});
  } else {
    if (!choices_v || !choices_v->is_array()) throw ApiError::validation({{"choices", msg::REQUIRED}});
    std::set<std::string> valid, chosen;
    for (const auto& ch : q->choices) valid.insert(std::string(ch.at("id").as_string()));
    for (const auto& ch : choices_v->as_array()) {
      if (!ch.is_string() || !valid.contains(std::string(ch.as_string())))
        throw ApiError::validation({{"choices", msg::NOT_QUESTION_CHOICE}});
      chosen.insert(std::string(ch.as_string()));
    }
    if (chosen.empty()) throw ApiError::validation({{"choices", msg::REQUIRED}});
    if (q->kind != "multiple" && chosen.size() > 1)
      throw ApiError::validation({{"choices", msg::CHOOSE_ONE}});
    correct = chosen == q->correct;
    for (const auto& id : chosen) chosen_list.emplace_back(id);
  }

  // Online: timed from the serve, with network slack. Offline: the device's own measure, capped by the
  // question's time with no slack; never Easy, since the device's clock cannot be trusted (docs/API.md).
  const auto took = offline ? offline->answer_ms : now - served->shown_at;
  const bool counted = took <= q->seconds * 1000 + (offline ? 0 : grace_ms);  // a late answer moves nothing
  std::optional<fsrs::Rating> rating;
  if (counted) rating = rating_for(correct, took, q->seconds * 1000);
  if (offline && rating == fsrs::Rating::easy) rating = fsrs::Rating::good;
  c.query(
      "UPDATE drill_answers SET answered_at = $1, choices_json = $2, correct = $3, rating = $4, counted = $5 "
      "WHERE user_id = $6 AND day = $7 AND question_id = $8 AND answered_at IS NULL",
      now, json::serialize(chosen_list), correct,
      rating ? db::Value(static_cast<std::int64_t>(*rating)) : db::Value(), counted, uid, day, qid);
  out["correct"] = correct;
  out["counted"] = counted;
  out["rating"] = rating ? json::value(static_cast<std::int64_t>(*rating)) : json::value(nullptr);
  out["repeat"] = false;
  out["offline"] = offline.has_value();
  out["memory"] = rating ? json::value(review(c, uid, qid, *rating, now)) : json::value(nullptr);
  if (rating)
    for (const auto& listener : reviewed_listeners()) listener(c, uid, now);

  answers = load_answers(c, uid, day);
  bool all = true;
  for (const auto& id : d->question_ids) {
    const auto* a = find(answers, id);
    all = all && a && a->answered_at;
  }
  out["pointsAwarded"] = all ? finish(c, gate, day) : 0;
  d = load_day(c, uid, day);
  auto progress = progress_json(c, *d, answers, uid, now);
  for (auto& [k, v] : progress) out[k] = v;
  return out;
}

}  // namespace shopfloor::drill
