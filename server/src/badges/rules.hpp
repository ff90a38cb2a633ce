// The rules a badge can be awarded by. A registry, so a later area adds its own (a story published, an
// event attended, a campaign won) with badges::add_rule and a trigger it fires — the engine does not change.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "resources/resource.hpp"
#include "resources/triggers.hpp"

namespace shopfloor::badges {

// What a rule reads of a badge.
struct BadgeRow {
  std::string id, name, criteria, course_id, exam_id;
  std::int64_t threshold = 0;
};

struct Progress {
  std::int64_t current = 0, target = 0;
};

struct Rule {
  std::string name;  // stored in badges.criteria
  resources::Label label;
  std::vector<triggers::Kind> kinds;  // happenings (resources/triggers.hpp) after which it is checked
  bool needs_course = false, needs_exam = false, needs_threshold = false;
  // Does the person qualify now (inside the happening's transaction)?
  std::function<bool(db::Connection&, const BadgeRow&, const std::string& user_id)> qualifies;
  // How far along they are (nullopt: the rule has no count, e.g. one given course).
  std::function<std::optional<Progress>(db::Connection&, const BadgeRow&, const std::string& user_id)>
      progress;
  // Everyone (staff) who qualifies now, for the backfill when the badge is published.
  std::function<std::vector<std::string>(db::Connection&, const BadgeRow&)> everyone;
  // The criteria's narrative for the Open Badges achievement, in English.
  std::function<std::string(const BadgeRow&)> narrative;
};

// "manual" plus the built-in rules, then any an area added.
const std::vector<Rule>& rules();
const Rule* rule_named(std::string_view name);
void add_rule(Rule rule);

}  // namespace shopfloor::badges
