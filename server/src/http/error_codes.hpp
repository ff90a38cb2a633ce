// Every `code` the API's error envelope can carry: what kind of failure it is, one word the web can branch on
// (OUT_OF_STOCK, NOT_OPEN, VALIDATION_FAILED), beside the message that says it in the person's language
// (http/messages.hpp). An ApiError is only made from these, so a code the web does not know cannot be sent:
// tests/unit/messages_test.cpp fails when the web names a code that is not here or a code here is thrown
// nowhere. Adding one: a line here.
#pragma once

#include <span>
#include <string_view>

// clang-format off
#define SHOPFLOOR_ERROR_CODES(X) \
  X(BAD_JSON) \
  X(BAD_REQUEST) \
  X(UNAUTHENTICATED) \
  X(FORBIDDEN) \
  X(CSRF_FAILED) \
  X(NOT_FOUND) \
  X(CONFLICT) \
  X(PAYLOAD_TOO_LARGE) \
  X(VALIDATION_FAILED) \
  X(RATE_LIMITED) \
  X(UNSUPPORTED_MEDIA_TYPE) \
  X(METHOD_NOT_ALLOWED) \
  X(HEADERS_TOO_LARGE) \
  X(INTERNAL) \
  X(UNAVAILABLE) \
  /* Auth.js's, as its client expects them (SPEC §3) */ \
  X(CredentialsSignin) \
  X(AccountPending) \
  X(AccountDisabled) \
  X(INVALID_CALLBACK_URL_ERROR) \
  X(OAuthSignin) \
  /* the areas' own */ \
  X(ADDRESS_REQUIRED) \
  X(AD_CAP_REACHED) \
  X(AD_NOT_INTERSTITIAL) \
  X(ALREADY_ANNOUNCED) \
  X(ALREADY_ANSWERED) \
  X(ALREADY_AWARDED) \
  X(ALREADY_CHECKED_IN) \
  X(ALREADY_PUBLISHED) \
  X(ALREADY_REGISTERED) \
  X(ALREADY_REJECTED) \
  X(ALREADY_REPORTED) \
  X(ALREADY_VOTED) \
  X(ATTEMPTS_USED) \
  X(ATTEMPT_CLOSED) \
  X(COMMENTS_CLOSED) \
  X(ENTRIES_CLOSED) \
  X(ENTRY_LIMIT) \
  X(DRILL_DAY_OVER) \
  X(EXAM_EMPTY) \
  X(GAME_NOT_READY) \
  X(INSUFFICIENT_POINTS) \
  X(LIMIT_REACHED) \
  X(LINK_NOT_OPENED) \
  X(LIVE_FINISHED) \
  X(LIVE_NOT_HOST) \
  X(LIVE_NO_GAME) \
  X(LIVE_PIN_NOT_FOUND) \
  X(LIVE_STARTED) \
  X(MAX_ATTEMPTS) \
  X(NOT_ALL_SEEN) \
  X(NOT_COMPLETED) \
  X(NOT_GOING) \
  X(NOT_OPEN) \
  X(NOT_PENDING) \
  X(NOT_REGISTERED) \
  X(NOT_SHORTLISTED) \
  X(NO_MORE_ROUNDS) \
  X(NO_WINNERS) \
  X(OUT_OF_STOCK) \
  X(OWN_ENTRY) \
  X(OWN_STORY) \
  X(PLAY_FINISHED) \
  X(PLAY_NOT_DONE) \
  X(QUESTION_CLOSED) \
  X(ROUND_OPEN) \
  X(STORY_NOT_PENDING) \
  X(STORY_NOT_PUBLISHED) \
  X(TOO_EARLY) \
  X(UNKNOWN_TICKET) \
  X(VOTE_LIMIT) \
  X(VOTING_NOT_OPEN) \
  X(VOTING_NOT_OVER) \
  X(WINNER_MODE)
// clang-format on

namespace shopfloor::http {

struct ErrorCode {
  std::string_view name;
};

}  // namespace shopfloor::http

namespace shopfloor::err {

#define SHOPFLOOR_DEFINE_ERROR_CODE(name) inline constexpr http::ErrorCode name{#name};
SHOPFLOOR_ERROR_CODES(SHOPFLOOR_DEFINE_ERROR_CODE)
#undef SHOPFLOOR_DEFINE_ERROR_CODE

// The whole registry, in declaration order.
std::span<const http::ErrorCode> all();

}  // namespace shopfloor::err
