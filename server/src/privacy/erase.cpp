#include "privacy/erase.hpp"

#include <filesystem>

#include "forms/files.hpp"
#include "http/api_error.hpp"
#include "media/media.hpp"
#include "search/backends.hpp"
#include "search/index.hpp"
#include "search/text.hpp"
#include "util/ids.hpp"

namespace shopfloor::privacy {

namespace fs = std::filesystem;

namespace {

// Rows that are only about the person and hold no number anyone else's figures are made from.
constexpr const char* deleted_tables[] = {
    "sessions",
    "push_subscriptions",
    "push_settings",
    "presence",
    "presence_connections",
    "idempotency_keys",
    "account_codes",
    "registration_claims",
    "club_addresses",
    "survey_drafts",
    "notifications",
    "satisfaction_prompts",
    // Telemetry: the reports read the rollups written when it arrived, never these rows.
    "page_views",
    "user_activity",
    "user_clicks",
    "user_page_time",
    "user_scroll_time",
    "web_vitals",
    "item_events",
    "telemetry_batches",
};

std::vector<std::string> column_of(db::Connection& c, const std::string& sql, const std::string& id) {
  std::vector<std::string> out;
  for (const auto& r : c.query(sql, id).rows)
    if (!r.is_null(0) && !r.str(0).empty()) out.push_back(r.str(0));
  return out;
}

// Another row naming the person by what they typed or are called (someone else's notification "X commented",
// an audit entry's before/after, a ledger reason that quotes their story's title): replaced as a whole, since
// a text cannot be half-scrubbed reliably.
void scrub_mentions(db::Connection& c, const std::vector<std::string>& needles) {
  struct Column {
    const char* table;
    const char* column;
    const char* replacement;
  };
  static constexpr Column columns[] = {{"audit_log", "before_json", "{\"erased\":true}"},
                                       {"audit_log", "after_json", "{\"erased\":true}"},
                                       {"notifications", "params_json", "{}"},
                                       {"points_ledger", "reason", erased_marker},
                                       {"sign_ins", "identifier", ""}};
  const char* contains = c.is_sqlite() ? "instr(%s, $1) > 0" : "strpos(%s, $1) > 0";
  for (const auto& needle : needles) {
    if (needle.size() < 3) continue;  // a two-letter nickname would wipe half the log
    for (const auto& col : columns) {
      std::string cond = contains;
      cond.replace(cond.find("%s"), 2, col.column);
      c.query(std::string("UPDATE ") + col.table + " SET " + col.column + " = $2 WHERE " + cond, needle,
              std::string(col.replacement));
    }
  }
}

// The words the search index learnt from the erased texts, once no document holds them any more.
void prune_words(db::Connection& c, const std::vector<std::string>& texts) {
  for (const auto& t : texts)
    for (const auto& w : search::words(t)) {
      // (before, w]: w and the few words between; before is w less its last character (not byte: UTF-8).
      std::size_t n = w.size() - 1;
      while (n > 0 && (static_cast<unsigned char>(w[n]) & 0xC0) == 0x80) --n;
      std::string before = w.substr(0, n);
      if (c.is_sqlite())
        search::detail::sqlite_prune(c, before, w);
      else
        search::detail::postgres_prune(c, before, w);
    }
}

}  // namespace

Erasure erase_person(db::Connection& c, const std::string& data_dir, const std::string& id,
                     const std::string& confirm_name) {
  auto person = c.query(
                     "SELECT name, status, erased_at, employee_code, email, phone, nickname FROM users "
                     "WHERE id = $1",
                     id)
                    .first();
  // An erased person is no one any more. The registry has no dedicated texts for these refusals yet
  // (adding codes rebuilds the whole server): the web explains them before it asks.
  if (!person || !person->is_null(2)) throw http::ApiError::not_found(msg::NO_SUCH_USER);
  if (person->str(1) != "disabled") throw http::ApiError::conflict(msg::NO_PERMISSION);
  if (confirm_name != person->str(0)) throw http::ApiError::validation({{"confirmName", msg::REQUIRED}});

  Erasure out;
  std::vector<std::string> needles;
  for (int i : {0, 3, 4, 5, 6})
    if (!person->is_null(i) && !person->str(i).empty()) needles.push_back(person->str(i));
  // The free texts they wrote, read before they go, so the search words and mentions of them go too.
  std::vector<std::string> texts = needles;
  for (const char* sql :
       {"SELECT text FROM stories WHERE user_id = $1", "SELECT body FROM story_comments WHERE user_id = $1",
        "SELECT body FROM article_comments WHERE user_id = $1",
        "SELECT text FROM contest_entries WHERE user_id = $1",
        "SELECT comment FROM satisfaction_ratings WHERE user_id = $1"})
    for (auto& t : column_of(c, sql, id)) texts.push_back(std::move(t));

  // Uploads: their photo, the photos they sent (stories, contest entries, profile) and form files.
  auto uploads = c.query(
      "SELECT id, hash, ext FROM media WHERE id IN (SELECT media_id FROM photo_uploads WHERE user_id = $1) "
      " OR id IN (SELECT photo_media_id FROM users WHERE id = $1) OR id IN (SELECT "
      "photo_media_id FROM contest_entries WHERE user_id = $1)",
      id);
  auto form_files = c.query("SELECT id, ext FROM form_files WHERE user_id = $1", id);

  // Who they are: the row stays (ledger, rollups and counts point at it), nothing in it names them.
  c.query(
      "UPDATE users SET employee_code = $2, email = NULL, name = $3, nickname = NULL, phone = NULL, image = "
      "NULL, photo_media_id = NULL, password_hash = NULL, erased_at = $4, updated_at = $4, version = version "
      "+ 1 "
      "WHERE id = $1",
      id, "erased-" + id, std::string(erased_marker), now_ms());
  search::remove(c, "users", id);
  for (const auto& story : column_of(c, "SELECT id FROM stories WHERE user_id = $1", id))
    search::remove(c, "stories", story);

  // What they wrote: the rows stay (likes, comment counts, votes, moderation figures), the words go.
  const std::string marker = erased_marker;
  auto text = [&](const std::string& sql) { out.texts += c.query(sql, id, marker).affected; };
  text("UPDATE stories SET text = $2, author_name = $2, photos_json = '[]' WHERE user_id = $1");
  text("UPDATE story_comments SET body = $2 WHERE user_id = $1");
  text("UPDATE article_comments SET body = $2 WHERE user_id = $1");
  text("UPDATE contest_entries SET text = $2, reason = NULL, photo_media_id = NULL WHERE user_id = $1");
  text(
      "UPDATE satisfaction_ratings SET comment = NULL WHERE user_id = $1 AND comment IS NOT NULL AND $2 <> "
      "''");
  text(
      "UPDATE survey_answers SET text = $2 WHERE text IS NOT NULL AND response_id IN (SELECT id FROM "
      "survey_responses WHERE user_id = $1)");
  text("UPDATE form_submissions SET answers_json = '{}' WHERE user_id = $1 AND $2 <> ''");
  text("UPDATE form_files SET name = $2 WHERE user_id = $1");
  text("UPDATE message_threads SET subject = $2, last_preview = $2 WHERE user_id = $1");
  text(
      "UPDATE thread_messages SET body = $2 WHERE thread_id IN (SELECT id FROM message_threads WHERE user_id "
      "= $1)");
  text(
      "UPDATE redemptions SET address_json = NULL WHERE user_id = $1 AND address_json IS NOT NULL AND $2 <> "
      "''");

  for (const char* table : deleted_tables)
    out.deleted += c.query(std::string("DELETE FROM ") + table + " WHERE user_id = $1", id).affected;
  out.deleted += c.query("DELETE FROM sign_ins WHERE user_id = $1", id).affected;
  out.deleted += c.query("DELETE FROM photo_uploads WHERE user_id = $1", id).affected;

  // An upload someone else's item also uses (an editor put it in a gallery) keeps its row and file: it is
  // theirs now. The rest go, row and file.
  for (const auto& m : uploads.rows) {
    c.query("SAVEPOINT erase_media");
    try {
      c.query("DELETE FROM media WHERE id = $1", m.str(0));
      c.query("RELEASE SAVEPOINT erase_media");
    } catch (const db::Error& e) {
      if (e.kind() != db::ErrorKind::foreign_key_violation) throw;
      c.query("ROLLBACK TO SAVEPOINT erase_media");
      c.query("RELEASE SAVEPOINT erase_media");
      c.query("UPDATE media SET original_name = NULL, alt = NULL, uploaded_by = NULL WHERE id = $1",
              m.str(0));
      continue;
    }
    ++out.media;
    std::string hash = m.str(1);
    out.files.push_back(media::media_path(data_dir, hash, m.str(2)));
    fs::path cache = fs::path(data_dir) / "cache" / "images" / hash.substr(0, 2);
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(cache, ec))
      if (f.path().filename().string().starts_with(hash + "-")) out.files.push_back(f.path().string());
  }
  for (const auto& f : form_files.rows) out.files.push_back(forms::file_path(data_dir, f.str(0), f.str(1)));

  scrub_mentions(c, texts);
  prune_words(c, texts);
  return out;
}

}  // namespace shopfloor::privacy
