// The question builder that surveys, pulse surveys and forms share: a question's fields in the back office
// and the rules of writing one. Each area adds its parent reference, fields of its own, and what "this
// question has answers" means for it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "http/message.hpp"
#include "resources/resource.hpp"

namespace shopfloor::surveys {

// Appends kind (one of `kinds`, `fallback` on create), text, help, required, options (shown for the choice
// kinds among `kinds`) and, when `kinds` has `multiple`, maxChoices: in that order.
void add_question_fields(std::vector<resources::Field>& fields, std::vector<resources::Option> kinds,
                         std::string fallback);

// Choice kinds need 2-20 options, other kinds none; maxChoices stays within the options. Answers name options
// by index, so when `answered(w)` says the question already has answers, a change of its kind or options is
// refused: 409 CONFLICT with `frozen`.
void check_question(resources::WriteContext& w, const std::function<bool(resources::WriteContext&)>& answered,
                    const http::MessageDef& frozen);

// A rule of the areas whose anonymous answers wait in the ballot box (surveys, pulses: `anonymous` and
// `responsesCount` fields): once answers came in, endAt only moves later (an open end only to a time ahead),
// else 422 ANONYMOUS_END_FIXED on endAt. The box never opens fewer than five (surveys/ballots.hpp); this
// keeps an editor from cutting short the answers people were promised would be counted.
void anonymous_end_only_later(resources::WriteContext& w);

}  // namespace shopfloor::surveys
