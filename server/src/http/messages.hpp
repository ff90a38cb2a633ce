// Every message the API can send, with its stable code and English text ({name} marks a value). The web
// translates by code (web/src/i18n/server.{th,en}.json); tests/unit/messages_test.cpp fails when a code has
// no Thai or English text, when a catalog keeps a code that is gone, or when the texts name other values.
// Adding a message: a line here, and its text in both catalogs.
#pragma once

#include <span>

#include "http/message.hpp"

// clang-format off
#define SHOPFLOOR_MESSAGES(X) \
  X(BAD_JSON, "The request body is not valid JSON.") \
  X(SIGN_IN_TO_CONTINUE, "Sign in to continue.") \
  X(NO_PERMISSION, "You do not have permission to do this.") \
  X(CSRF_TOKEN_INVALID, "The CSRF token is missing or invalid. Reload the page and try again.") \
  X(NOT_FOUND, "Not found.") \
  X(BODY_TOO_LARGE, "The request body is too large.") \
  X(FIELDS_NOT_VALID, "Some fields are not valid.") \
  X(TOO_MANY_ATTEMPTS, "Too many attempts. Try again later.") \
  X(HEADERS_TOO_LARGE, "The request headers are too large.") \
  X(MALFORMED_REQUEST, "Malformed HTTP request.") \
  X(METHOD_NOT_ALLOWED, "This method is not allowed here.") \
  X(NO_ENDPOINT, "No such API endpoint.") \
  X(VALUE_TAKEN, "That value is already taken.") \
  X(DB_UNREACHABLE, "The database is not reachable.") \
  X(INVALID_QUERY, "Some query parameters are not valid.") \
  X(SEND_JSON, "Send the body as application/json.") \
  X(BODY_NOT_OBJECT, "The request body must be a JSON object.") \
  X(FORM_INVALID, "The form body is not valid.") \
  X(INVALID_DATE, "Invalid date.") \
  X(INVALID_FILTER, "Invalid filter.") \
  X(LEADERBOARD_SCOPE, "The scope must be store, region or all.") \
  X(LEADERBOARD_STORES_SCOPE, "The scope must be region or all.") \
  X(LEADERBOARD_PERIOD, "The period must be week, month or all.") \
  X(NO_WEB_SOCKET, "No WebSocket endpoint here.") \
  X(CROSS_ORIGIN_REALTIME, "Cross-origin realtime connections are not allowed.") \
  X(CALLBACK_URL, "The callback URL must be on this site.") \
  X(BAD_CREDENTIALS, "The employee code, email or password is not correct.") \
  X(ACCOUNT_PENDING, "This account is waiting for approval by an administrator.") \
  X(ACCOUNT_DISABLED, "This account has been disabled.") \
  X(DATA_NOT_OBJECT, "\"data\" must be an object.") \
  X(CANNOT_CHANGE_HERE, "This field cannot be changed here.") \
  X(PHOTO_NOT_SQUARE, "The photo must be square: crop it first.") \
  X(PHOTO_TOO_SMALL, "The photo must be at least {min} pixels wide.") \
  X(PHOTO_ON_PROFILE, "Change your photo on your profile.") \
  X(REQUIRED, "Required.") \
  X(MUST_BE_TEXT, "Must be text.") \
  X(MUST_BE_PLAIN_TEXT, "Must be plain text.") \
  X(SINGLE_LINE, "Must be a single line of text.") \
  X(MUST_BE_EMAIL, "Must be a valid email address.") \
  X(MUST_BE_WHOLE_NUMBER, "Must be a whole number.") \
  X(MUST_BE_NUMBER, "Must be a number.") \
  X(MUST_BE_FINITE_NUMBER, "Must be a finite number.") \
  X(MUST_BE_BOOLEAN, "Must be true or false.") \
  X(MUST_BE_OBJECT, "Must be an object.") \
  X(MUST_BE_ISO_DATE, "Must be an ISO 8601 date or time.") \
  X(MUST_BE_ISO_DATE_EXAMPLE, "Must be an ISO 8601 date or time (e.g. 2026-11-22T11:03:20Z).") \
  X(MUST_BE_ISO_DATE_SHORT, "Must be a date or time in ISO 8601, e.g. 2026-11-22.") \
  X(MUST_BE_ID, "Must be an id.") \
  X(LIST_OF_TEXTS, "Must be a list of texts.") \
  X(ITEM_LENGTH, "Each item must be 1 to 100 characters.") \
  X(TOO_LONG, "Too long.") \
  X(VALUE_TOO_LARGE, "Too large.") \
  X(OUT_OF_RANGE, "Out of range.") \
  X(UNKNOWN_FIELD, "Unknown field.") \
  X(UNSUPPORTED_FIELD, "Unsupported field.") \
  X(CREATE_ONLY, "Cannot be changed after creation.") \
  X(NOT_ALLOWED_VALUE, "Not one of the allowed values.") \
  X(CANNOT_FILTER, "Cannot filter on this field.") \
  X(CANNOT_SORT, "Cannot sort on this field.") \
  X(NO_SPACES, "Must not contain spaces.") \
  X(NO_CONTROL_CHARS, "Must not contain control characters.") \
  X(HTTP_URL, "Must be an http:// or https:// address.") \
  X(APP_LINK, "Must be a path in the app (starting with /) or an https:// address.") \
  X(AT_MOST_100_CHARS, "At most 100 characters.") \
  X(AT_MOST_1000_CHARS, "At most 1000 characters.") \
  X(AT_MOST_2000_CHARS, "At most 2000 characters.") \
  X(AT_MOST_50_IMAGES, "At most 50 images.") \
  X(LENGTH_1_TO_60, "Must be 1 to 60 characters.") \
  X(LENGTH_1_TO_100, "Must be 1 to 100 characters.") \
  X(LENGTH_8_TO_200, "Must be 8 to 200 characters.") \
  X(MUST_BE_LOCALE, "Must be \"th\" or \"en\".") \
  X(NO_SUCH_RESOURCE, "No such resource.") \
  X(NO_SUCH_ACTION, "No such action.") \
  X(ALREADY_TAKEN, "Already taken.") \
  X(VALUES_TAKEN, "Some values are already taken.") \
  X(SEARCH_TOO_LONG, "The search text is too long (at most 100 characters).") \
  X(NOT_CREATED_HERE, "Items of this kind are not created here.") \
  X(NOT_EDITABLE, "Items of this kind cannot be edited.") \
  X(NOT_DELETABLE, "Items of this kind cannot be deleted.") \
  X(SEND_VERSION, "Send the version you read (an integer).") \
  X(STALE_ITEM, "Someone else changed this item since you read it. Reload and try again.") \
  X(STILL_USED, "This item is still used elsewhere; remove those uses first.") \
  X(CANNOT_CHANGE_OWN_ROLE, "You cannot change your own role.") \
  X(CANNOT_CHANGE_OWN_STATUS, "You cannot change your own status.") \
  X(CANNOT_DELETE_SELF, "You cannot delete your own account.") \
  X(ONLY_PENDING_APPROVED, "Only a pending account can be approved.") \
  X(CANNOT_DISABLE_SELF, "You cannot disable your own account.") \
  X(ROSTER_UNREADABLE, "The file is not a readable CSV roster.") \
  X(FILE_EMPTY, "The file is empty.") \
  X(NOT_ROSTER_HEADER, "The header row is not a roster header.") \
  X(MORE_CELLS, "More cells than header columns.") \
  X(EMPLOYEE_CODE_FORMAT, "Must be 1 to 40 characters without spaces.") \
  X(EMAIL_USED, "Already used by another account.") \
  X(NO_STORE_CODE, "No store with this code.") \
  X(MUST_BE_ROLE, "Must be staff, editor or admin.") \
  X(SEND_CSV, "Send the roster as a CSV file (Content-Type: text/csv).") \
  X(ROWS_HAVE_ERRORS_NOTHING_IMPORTED, "Some rows have errors; nothing was imported. Fix them and try again.") \
  X(BINARY_FILE, "The file contains binary data (NUL bytes).") \
  X(NOT_UTF8, "The file is not valid UTF-8 text.") \
  X(QUOTE_NOT_CLOSED, "A quoted cell is not closed.") \
  X(TEXT_AFTER_QUOTE, "Unexpected text after a closing quote.") \
  X(POINTS_DELTA, "Must be a whole number between -1000000 and 1000000, not 0.") \
  X(POINTS_REASON, "Required, 1 to 200 characters.") \
  X(NO_SUCH_USER, "No such user.") \
  X(NO_SUCH_NOTIFICATION, "No such notification.") \
  X(UPLOAD_TYPE, "Upload a PNG, JPEG, WebP or GIF image, a PDF, or an MP4/MOV video, with its Content-Type.") \
  X(UNSUPPORTED_CONTENT, "The file's content is not a supported image, PDF or video.") \
  X(IMAGE_DAMAGED, "The image cannot be read (damaged file?).") \
  X(IMAGE_UNREADABLE, "The image cannot be read.") \
  X(IMAGE_NOT_CONVERTIBLE, "This image cannot be converted.") \
  X(NO_SUCH_IMAGE, "No such image.") \
  X(LOCAL_IMAGES_ONLY, "Only local images (/media/<hash>.<png|jpg|webp|gif>) can be optimised.") \
  X(IMAGE_WIDTH, "The width must be one of 16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840.") \
  X(IMAGE_QUALITY, "The quality must be a whole number from 1 to 100.") \
  X(AFTER_START, "Must be after the start.") \
  X(MUST_BE_IMAGE, "Must be an image.") \
  X(MUST_BE_VIDEO, "Must be a video.") \
  X(MUST_BE_PDF, "Must be a PDF.") \
  X(SUBCATEGORY_CATEGORY, "Must belong to the chosen category.") \
  X(MEDIA_IDS, "Must be a list of media ids.") \
  X(IMAGES_FROM_LIBRARY, "Every item must be an image from the media library.") \
  X(VIDEO_TO_PUBLISH, "A video is required to publish.") \
  X(PDF_TO_PUBLISH, "A PDF is required to publish.") \
  X(IMAGE_TO_PUBLISH, "Add at least one image to publish.") \
  X(LINK_TO_PUBLISH, "A link is required to publish.") \
  X(EXAM_LESSON, "Required for an exam lesson.") \
  X(CONTENT_LESSON, "Required for a content lesson.") \
  X(NO_SUCH_EXAM, "No such exam.") \
  X(NO_SUCH_TARGET, "No such item of this type.") \
  X(AUDIENCE_OBJECT, "Must be an object with stores, regions, positions, groups and subgroups.") \
  X(COMMENT_ID, "Must be a comment id.") \
  X(BODY_TEXT, "Required: text.") \
  X(WRITE_SOMETHING, "Write something first.") \
  X(COMMENTS_CLOSED, "Comments are closed on this article.") \
  X(NUMBER_FROM_0, "Must be a number from 0.") \
  X(MUST_BE_PERCENT, "Must be a number from 0 to 100.") \
  X(LESSON_COUNTS_IN, "Keep this lesson open a little longer: it counts in {seconds} s.") \
  X(SEE_EVERY_PICTURE, "See every picture first: {left} still to see.") \
  X(SEE_MORE_PAGES, "Page through at least {needed} pages, the last one among them (seen so far: {seen}).") \
  X(OPEN_THE_LINK, "Open the link first, then come back here.") \
  X(SEEN_LIST, "Must be a list of at most {count} whole numbers from 0.") \
  X(MUST_BE_TRUE, "Must be true when sent.") \
  X(DRAW_COUNT, "Required when questions are drawn at random (at least 1).") \
  X(CHOICES_LIST, "Must be a list of choices [{id, text}].") \
  X(CHOICES_COUNT, "Needs 2 to 8 choices.") \
  X(CHOICE_SHAPE, "Each choice must be {id, text}.") \
  X(CHOICE_ID_FORMAT, "Choice ids must be 1-40 letters, digits, '-' or '_'.") \
  X(CHOICE_IDS_UNIQUE, "Choice ids must be unique.") \
  X(CHOICE_TEXT_LENGTH, "Choice texts must be 1 to 500 characters.") \
  X(CHOICE_IDS, "Must be a list of choice ids.") \
  X(CHOICES_REQUIRED, "Required: 2 to 8 choices.") \
  X(CORRECT_REQUIRED, "Required: the id(s) of the correct choice(s).") \
  X(CORRECT_IN_CHOICES, "Every correct answer must be one of the choice ids.") \
  X(MARK_AT_LEAST_ONE, "Mark at least one correct choice.") \
  X(MARK_EXACTLY_ONE, "Mark exactly one correct choice.") \
  X(MAX_ATTEMPTS, "You have used all the attempts for this exam.") \
  X(EXAM_EMPTY, "This exam has no questions yet.") \
  X(ANSWERS_OBJECT, "Must be an object {questionId: [choiceId]}.") \
  X(NOT_ATTEMPT_QUESTION, "Not a question of this attempt.") \
  X(NOT_QUESTION_CHOICE, "Not a choice of this question.") \
  X(CHOOSE_ONE, "Choose one answer.") \
  X(ATTEMPT_CLOSED, "This attempt is already submitted or past its time limit.") \
  X(AT_LEAST_ONE_EVENT, "Send at least one event.") \
  X(OWN_EVENTS_ONLY, "Events can only be recorded for yourself.") \
  X(TELEMETRY_BUSY, "Telemetry is busy. Try again shortly.") \
  X(EVENTS_LIST, "Must be a list of events.") \
  X(EVENT_TYPE, "Must be activity, click, page_time, scroll_time, page_view or web_vital.") \
  X(UNKNOWN_EVENT_TYPE, "Unknown event type.") \
  X(DURATION_RANGE, "Must be between 0 and 86400000 ms.") \
  X(VIEW_ACTION, "Must be \"view\".") \
  X(VIEW_OR_TAP_ACTION, "Must be \"view\" or \"tap\".") \
  X(WEB_VITAL, "Must be LCP, INP, CLS, FCP or TTFB.") \
  X(ORDER_IDS_REQUIRED, "Send every id in the new order.") \
  X(ORDER_IDS, "Must be a list of ids.") \
  X(EVERY_ITEM_ONCE, "Must list every item exactly once.") \
  X(ORDER_STALE, "Someone else changed this list since you read it. Reload and try again.") \
  X(ORDER_VERSIONS, "Must map ids to the versions read.") \
  X(ORDER_CHANGED, "Changed since you read it. Reload and try again.") \
  X(MIN_LENGTH, "Must be at least {count} characters.") \
  X(MAX_LENGTH, "Must be at most {count} characters.") \
  X(MAX_BYTES, "Must be at most {count} bytes.") \
  X(MIN_VALUE, "Must be at least {value}.") \
  X(MAX_VALUE, "Must be at most {value}.") \
  X(BETWEEN, "Must be between {min} and {max}.") \
  X(WHOLE_NUMBER_FROM_TO, "Required: a whole number from {min} to {max}.") \
  X(ONE_OF, "Must be one of: {list}.") \
  X(MIN_ITEMS, "Needs at least {count} items.") \
  X(MAX_ITEMS, "At most {count} items.") \
  X(MAX_EVENTS, "At most {count} events per batch.") \
  X(NO_SUCH, "No such {label}.") \
  X(INTERNAL, "Something went wrong on our side. Quote request id {id} if you contact support.") \
  X(STALE_VERSION, "Stale: the current version is {version}.") \
  X(BALANCE_BELOW_ZERO, "The balance cannot go below zero (it is {balance}).") \
  X(CONTENT_MISMATCH, "The file's content is {actual}, not the declared {declared}.") \
  X(IMAGE_TOO_LARGE, "An image may be at most {size} MiB.") \
  X(VIDEO_TOO_LARGE, "A video may be at most {size} MiB.") \
  X(PDF_TOO_LARGE, "A pdf may be at most {size} MiB.") \
  X(ON_LINE, "Line {line}: {message}") \
  X(DUPLICATE_EMAIL, "Duplicate email (also on line {line}).") \
  X(DUPLICATE_EMPLOYEE_CODE, "Duplicate employee code (also on line {line}).") \
  X(UNKNOWN_COLUMN, "Unknown column \"{column}\" in the header. Expected: employee_code,name,email,phone,store_code,position,role.") \
  X(DUPLICATE_COLUMN, "Column \"{column}\" appears twice in the header.") \
  X(MISSING_COLUMN, "The header row must name the column \"{column}\".") \
  X(ROWS_HAVE_ERRORS, "{count} rows have errors.") \
  X(UNKNOWN_AUDIENCE_KIND, "Unknown audience kind \"{kind}\".") \
  X(AUDIENCE_LIST, "{kind} must be a list.") \
  X(AUDIENCE_TEXTS, "{kind} must be a list of texts.") \
  X(AUDIENCE_MAX_ITEMS, "{kind}: at most 500 items.") \
  X(AUDIENCE_ITEM_LENGTH, "{kind}: each item must be 1 to 100 characters.") \
  X(OUT_OF_STOCK, "This is out of stock.") \
  X(INSUFFICIENT_POINTS, "You need {cost} points; you have {balance}.") \
  X(LIMIT_REACHED, "You have reached the limit of {limit} for this item.") \
  X(NOT_OPEN, "This is not open now.") \
  X(ADDRESS_REQUIRED, "Enter the delivery address: name, phone, address, district, province and postcode.") \
  X(REDEMPTION_STATUS, "This redemption is {status} and cannot be changed that way.") \
  X(METHOD_NOT_OFFERED, "This reward does not offer that way of receiving it.") \
  X(METHOD_CHOICE, "Must be pickup or delivery.") \
  X(NO_SUCH_STORE, "No such store.") \
  X(PICKUP_STORE_REQUIRED, "Choose the store to pick up at.") \
  X(IDEMPOTENCY_KEY, "The Idempotency-Key header must be 1 to 100 characters.") \
  X(REASON_REQUIRED, "A reason is required (1 to 500 characters).") \
  X(STOCK_DELTA, "Must be a whole number between -100000 and 100000, not 0.") \
  X(STOCK_BELOW_ZERO, "Stock would go below zero (it is {stock}).") \
  X(COUPON_EXPIRED, "This coupon has expired.") \
  X(CODE_EMPTY, "Empty line.") \
  X(CODE_DUPLICATE_IN_FILE, "Duplicate of line {line}.") \
  X(CODE_EXISTS, "This code is already in the batch.") \
  X(CODE_FORMULA, "Looks like a spreadsheet formula (starts with = + - or @).") \
  X(CODE_FORMAT, "A code is 1 to 64 characters without spaces or control characters.") \
  X(CODE_UNKNOWN, "No such code in this batch.") \
  X(CODE_NOT_CLAIMED, "Nobody has claimed this code.") \
  X(CODE_ALREADY_USED, "Already marked used.") \
  X(CODES_COUNT, "Must be a whole number from 1 to 10000.") \
  X(CODES_LENGTH, "Must be a whole number from 6 to 20.") \
  X(CODES_PREFIX, "At most 10 letters, digits or dashes.") \
  X(CSV_TEXT, "Send the CSV text (at most 2 MB).") \
  X(OPTION_NOT_IN_PERIOD, "Not an option of this period.") \
  X(BULK_IDS, "Must be a list of 1 to 500 ids.") \
  X(BULK_ACTION, "Must be approve, reject or fulfil.") \
  X(EXPORT_FORMAT, "The format must be csv or xlsx.") \
  X(PERIOD_CLOSED, "This period is already closed.") \
  X(STATUS_FILTER, "Unknown status.") \
  X(BADGE_CRITERIA, "Unknown criteria.") \
  X(ALREADY_AWARDED, "This person already has this badge.") \
  X(NOT_AWARDED, "This person does not hold this badge.") \
  X(STICKER_NOT_OWNED, "You do not have this sticker.") \
  X(POLL_CHOICES, "Pick one or more different options.") \
  X(POLL_AT_MOST, "Pick at most {max}.") \
  X(OPTION_NOT_IN_POLL, "Not an option of this poll.") \
  X(ALREADY_VOTED, "You have already voted in this poll.") \
  /* contests */ \
  X(CONTEST_KIND, "Must be campaign or naming.") \
  X(CONTEST_PHASES, "The phases must follow each other: entries open, entries close, voting opens, voting closes.") \
  X(ENTRIES_CLOSED, "Entries are not open now.") \
  X(ENTRY_LIMIT, "You have already sent {limit} entries.") \
  X(PHOTO_NOT_YOURS, "Upload the photo yourself first.") \
  X(VOTING_NOT_OPEN, "Voting is not open now.") \
  X(OWN_ENTRY, "You cannot vote for your own entry.") \
  X(ENTRY_ALREADY_VOTED, "You have already voted for this entry.") \
  X(VOTE_LIMIT, "You have used all {limit} of your votes.") \
  X(NOT_SHORTLISTED, "This name is not on the shortlist.") \
  X(MODERATION_DECISION, "Must be approve or reject.") \
  X(NOT_PENDING, "Nothing to do: these entries are no longer waiting for review.") \
  X(CONTEST_WINNERS, "Pick approved entries of this contest.") \
  X(WINNERS_AT_MOST, "Pick at most {max} winners.") \
  X(WINNER_MODE, "Winners of this contest are decided by votes.") \
  X(ALREADY_ANNOUNCED, "The results have already been announced.") \
  X(VOTING_NOT_OVER, "Voting has not ended yet.") \
  X(NO_WINNERS, "There is no winner to announce yet.") \
  /* events and social club */ \
  X(ALREADY_REGISTERED, "You are already signed up for this.") \
  X(NOT_REGISTERED, "You are not signed up for this.") \
  X(UNKNOWN_TICKET, "No such ticket for this event.") \
  X(TICKET_CODE, "Send the ticket code as text.") \
  X(ALREADY_CHECKED_IN, "{name} is already checked in.") \
  X(NOT_GOING, "{name} has no place (waitlisted or cancelled).") \
  /* games */ \
  X(QUIZ_BANK_COUNT, "Say how many questions to draw from the examination (1 to 50).") \
  X(GAME_TARGET, "Pick the quiz or matching game to play.") \
  X(GAME_NOT_READY, "This game is not ready: a quiz needs questions, a board 4 to 12 pairs.") \
  X(ATTEMPTS_USED, "You have used all of today's attempts at this game.") \
  X(ALREADY_ANSWERED, "This question is already answered.") \
  X(DRILL_DAY_OVER, "That day's drill is over: answers given offline count only on the day they were given.") \
  X(ROUND_OPEN, "Answer this question first.") \
  X(NO_MORE_ROUNDS, "There are no more questions.") \
  X(PLAY_NOT_DONE, "Answer every question first.") \
  X(PLAY_FINISHED, "This game is already finished.") \
  X(GAME_OPTIONS, "Pick one or more different options of this question.") \
  X(CARD_IDS, "Pick two different cards of this board that are not matched yet.") \
  X(GAME_LEADERBOARD_PERIOD, "The period must be today, week or all.") \
  /* live quiz */ \
  X(LIVE_PIN_NOT_FOUND, "No open game has this PIN.") \
  X(LIVE_PIN, "Type the 8-digit PIN.") \
  X(LIVE_STARTED, "This game has already started.") \
  X(QUESTION_CLOSED, "Time is up for this question.") \
  X(LIVE_NO_GAME, "Put this quiz in the games catalogue first: a live game uses its points rule.") \
  X(LIVE_NOT_HOST, "Only the host runs this game.") \
  X(LIVE_FINISHED, "This game is over.") \
  /* ads */ \
  X(AD_CAPS_INTERSTITIAL, "Frequency caps are for full-screen ads only.") \
  X(AD_DAY_CAP_ABOVE_TOTAL, "The daily cap cannot be above the total cap.") \
  X(AD_SHOWN_ID, "Send the id of this showing (shownId).") \
  X(AD_NOT_INTERSTITIAL, "Only a full-screen ad is counted when shown.") \
  X(AD_CAP_REACHED, "This ad has been shown to you as often as it may be.") \
  /* registration */ \
  X(CONTACT_FORMAT, "Enter an email address or a phone number.") \
  X(PASSWORD_TOO_SHORT, "Use at least {count} characters.") \
  X(PASSWORD_TOO_WEAK, "This password is too easy to guess: make it longer and mix words, numbers and symbols.") \
  X(EMPLOYEE_CODE_TAKEN, "This employee code already has an account: sign in instead.") \
  X(REGISTER_STORE_UNKNOWN, "Choose a store from the list.") \
  X(ACTIVATION_CODE_INVALID, "This activation code does not fit this employee code, or it was used or has expired. Ask an administrator for a new one.") \
  X(RESET_CODE_INVALID, "This code does not fit this account, or it was used or has expired. Ask an administrator for a new one.") \
  X(RESET_LINK_INVALID, "This link no longer works: it was used, a newer one was sent, or it has expired. Ask for a new one.") \
  X(ACCOUNT_CODE_PURPOSE, "Must be activation or reset.") \
  X(ACCOUNT_CODE_TARGET, "Choose people, a store or a roster import (one of them).") \
  X(ACCOUNT_CODE_FORMAT, "The format must be json, pdf or csv.") \
  X(NO_ONE_TO_ISSUE, "No one chosen can get this code: activation codes are for roster people who have not signed up yet, reset codes for active accounts that have a password.") \
  X(TOO_MANY_AT_ONCE, "At most {count} at a time.") \
  X(CLAIM_NOT_APPROVABLE, "Only a registration beside a roster account that has no password yet can be approved.") \
  /* stories */ \
  X(STORY_TOO_LONG, "At most 2000 characters.") \
  X(STORY_PHOTOS, "Add 1 to 6 different photos.") \
  X(PICK_STORE, "Choose the store of this story.") \
  X(PAGE_CURSOR, "Must be the cursor of the previous page.") \
  X(STORY_NOT_PENDING, "Only a story waiting for review can be changed.") \
  X(STORY_NOT_PUBLISHED, "This story is not published yet.") \
  X(STORY_ALREADY_PUBLISHED, "This story is already published.") \
  X(STORY_ALREADY_REJECTED, "This story is already rejected.") \
  X(STORY_ALREADY_REPORTED, "You have already reported this story.") \
  X(OWN_STORY_REPORT, "You cannot report your own story.") \
  X(STORY_REPORT_REASON, "The reason must be plain text of at most 500 characters.") \
  /* messages */ \
  X(ALREADY_SENT, "This broadcast has already been sent.") \
  X(NOBODY_IN_AUDIENCE, "No one is in this audience yet.") \
  /* satisfaction */ \
  X(STARS_1_TO_5, "Give 1 to 5 stars.") \
  X(NOT_COMPLETED, "You can rate this once you have completed it.") \
  X(SATISFACTION_TYPE, "Must be content, course or event.") \
  /* forms (and the engine's form kinds) */ \
  X(ANSWER_MIN, "Must be at least {min}.") \
  X(ANSWER_MAX, "Must be at most {max}.") \
  X(ANSWER_DATE, "Enter a real date (YYYY-MM-DD).") \
  X(FORM_ALREADY_SUBMITTED, "You have already submitted this form.") \
  X(FORM_HAS_SUBMISSIONS, "This form has submissions: the kind and options of its questions cannot change.") \
  X(FORM_NUMBER_BOUNDS, "The smallest value must not be above the largest.") \
  X(FORM_FILE_TYPE, "Upload a PDF, JPEG or PNG file.") \
  X(FORM_FILE_MISMATCH, "The file's content is {actual}, which its name or type does not say.") \
  X(FORM_FILE_TOO_LARGE, "The file is larger than {size} MB.") \
  X(FORM_FILE_UNAVAILABLE, "This file is not one of your uploads, or it is already used.") \
  /* surveys */ \
  X(ANSWER_REQUIRED, "Please answer this question.") \
  X(ANSWER_TYPE, "This answer is not of the kind the question asks for.") \
  X(ANSWER_RANGE, "Must be from {min} to {max}.") \
  X(ANSWER_TOO_MANY, "Choose at most {max}.") \
  X(ANSWER_DUPLICATE, "An option is chosen twice.") \
  X(ANSWER_UNKNOWN, "This is not a question of this survey.") \
  X(SURVEY_ALREADY_ANSWERED, "You have already answered this survey.") \
  X(SURVEY_OPTIONS, "Choice questions need 2 to 20 options; other kinds none.") \
  X(SURVEY_HAS_RESPONSES, "This survey has responses: the kind and options of its questions cannot change.") \
  X(ANONYMOUS_END_FIXED, "Anonymous answers have come in: the end can only move later.") \
  X(SURVEY_BREAKDOWN, "Break down by store, region or position.") \
  /* pulse */ \
  X(PULSE_ALREADY_ANSWERED, "You have already answered this pulse survey in this period.") \
  X(PULSE_NOTHING_TO_ASK, "There is no question to ask you in this period.") \
  X(PULSE_HAS_RESPONSES, "This question has answers: its kind and options cannot change.") \
  X(PULSE_UPDATE_QUESTION, "Choose a question of this pulse survey.") \
  X(PULSE_PERIOD, "Use the period key of the pulse survey: 2026-W47 (weekly) or 2026-11 (monthly).") \
  /* reports */ \
  X(REPORT_DATE, "Use a date written as YYYY-MM-DD.") \
  X(REPORT_RANGE, "The range must not end before it starts, and spans at most 366 days.") \
  X(REPORT_TABLE, "Choose one of this report's tables to export.") \
  /* web push */ \
  X(PUSH_ENDPOINT_NOT_ALLOWED, "Notifications can only be sent through an allowed push service (an https address).") \
  X(PUSH_P256DH_INVALID, "The key p256dh must be base64url of a P-256 public key.") \
  X(PUSH_AUTH_INVALID, "The key auth must be base64url of 16 bytes.") \
  X(NO_SUCH_PUSH_SUBSCRIPTION, "This device is not subscribed to your notifications.") \
  X(PUSH_QUIET_HOURS, "Write quiet hours as HH:MM to HH:MM, with a start different from the end.") \
  X(PUSH_KIND_UNKNOWN, "This is not a kind of notification that can be turned on or off.")
// clang-format on

namespace shopfloor::msg {

#define SHOPFLOOR_DEFINE_MESSAGE(code, english) inline constexpr http::MessageDef code{#code, english};
SHOPFLOOR_MESSAGES(SHOPFLOOR_DEFINE_MESSAGE)
#undef SHOPFLOOR_DEFINE_MESSAGE

// The whole registry, in declaration order.
std::span<const http::MessageDef> all();

}  // namespace shopfloor::msg
