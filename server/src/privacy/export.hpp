// "Download my data": everything the catalogue lists for one person, as a ZIP of one JSON and one CSV file
// per kind, a README (Thai and English) and index.json (what each file is, its rows, what is not exported).
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::privacy {

// The archive's bytes; nullopt when there is no such person.
std::optional<std::string> export_archive(db::Connection& c, const std::string& user_id);

}  // namespace shopfloor::privacy
