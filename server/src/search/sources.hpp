// What the index is made of: each kind of searchable item says how to read its documents (the resources kit
// adds one source per declaration with searchable fields, resources/search.hpp). Writes that go around the
// kit (a person's own nickname, a story posted from the app) call refresh() in their transaction.
//
// At start, catch_up() indexes whatever the index lacks: every kind after the words changed (a new ICU or
// new rules here: `version` below), and a kind whose count of documents differs from its table's (rows
// written by a seed or a migration).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "search/index.hpp"

namespace shopfloor::search {

struct Source {
  std::string kind;   // the document kind (a resource name)
  std::string table;  // where the items are: every id in it has a document
  // The documents of these ids (an id that is not there is left out).
  std::function<std::vector<Document>(db::Connection&, const std::vector<std::string>& ids)> load;
};

void add_source(Source source);
const Source* source(std::string_view kind);
std::vector<std::string> source_kinds();

// The item's document rewritten from its table, or removed when the item is gone. No-op for an unknown kind.
void refresh(db::Connection& c, std::string_view kind, const std::string& id);

// Rewrites every document of a kind (in transactions of a few hundred items); returns how many.
std::size_t rebuild(db::Database& db, std::string_view kind);

// The words' version: a change of ICU (its dictionaries) or of search/text.cpp's rules.
std::string version();

// Brings the index up to date (see above). Returns the documents written.
std::size_t catch_up(db::Database& db);

}  // namespace shopfloor::search
