// The ballot box of anonymous answers (migration 0027). PostgreSQL stamps every row a transaction writes with
// that transaction's id (xmin), so answers written with the person's claim could be joined back to it. An
// anonymous submit therefore writes the claim and a sealed ballot; the ballots of a box are opened together
// once there are at least min_open of them, and whoever opens them writes the answers in that one
// transaction, in random order: the answers share the opener's stamp and no order of arrival.
//
// Fewer than min_open are never opened, whatever happens to the survey (issue 26, finding 3): results read
// before and after an opening differ by the answers it opened, so an editor who ended a survey early to open
// one waiting ballot read that one person's answer. The last one to four ballots of a box that closes stay
// sealed for good (the results say how many).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::surveys::ballots {

// The secret-box key of the ballots, derived from AUTH_SECRET (the same on every node).
using Key = std::array<unsigned char, 32>;
Key key_from(std::string_view auth_secret);

// The fewest ballots opened together: the results' own small-group rule.
inline constexpr std::size_t min_open = 5;

// Seals `payload` and puts it in `box`.
void cast(db::Connection& c, const Key& key, const std::string& box, std::string_view payload);

// When `box` holds at least min_open ballots, takes them all out (deleted in the caller's transaction, so two
// openers never both get one) and returns their payloads in random order; otherwise none. A ballot that does
// not open under `key` (AUTH_SECRET changed) stays in the box and is logged.
std::vector<std::string> open(db::Connection& c, const Key& key, const std::string& box);
// The same whatever their number: only for boxes whose answers promise no anonymity (a named pulse's periods,
// which use the box for their storage alone).
std::vector<std::string> open_all(db::Connection& c, const Key& key, const std::string& box);

// How many ballots wait in `box`.
std::int64_t waiting(db::Connection& c, const std::string& box);

}  // namespace shopfloor::surveys::ballots
