// Pieces the messages files share (not for other areas).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "http/context.hpp"

namespace shopfloor::messages {

// Who receives broadcasts and writes threads: active staff (the back office writes to them).
inline constexpr const char* recipients_where = "u.role = 'staff' AND u.status = 'active'";
inline constexpr std::size_t subject_max = 100, body_max = 2000, preview_max = 120;

// Sends a broadcast (status draft → sent) to everyone of its audience: one delivery row per person, written
// in bulk in the caller's transaction, and the live push after commit. Returns the number of recipients;
// throws 409 when it was sent already, 422 when its audience holds nobody.
std::int64_t send_broadcast(db::Connection& c, const std::string& id, const std::string& sender,
                            std::int64_t now);
void add_deliveries(db::Connection& c, const std::string& broadcast_id, const std::vector<std::string>& users,
                    std::int64_t now);

// The text of rich text (tags dropped, common entities decoded), cut to `max` characters, for previews.
std::string preview_of(std::string_view html, std::size_t max = preview_max);

// Unread counts of one person: staff {unread, broadcasts, threads}; the back office {unread, threads}
// (threads waiting for an answer).
boost::json::object unread_of(db::Connection& c, const std::string& user_id, bool office);

// The live pushes (topic "messages" of realtime::Fanout), inside the transaction that caused them.
void publish_broadcast(db::Connection& c, const std::string& broadcast_id);
void publish_thread(db::Connection& c, const std::string& thread_id, const std::string& user_id,
                    bool to_office);
void register_live(http::Services& app);

// Throws 429 when the person sends faster than the shared budget allows (threads and replies together).
void spend_send_budget(const http::Context& ctx);

void register_thread_routes(http::Services& app);
void register_broadcast_routes(http::Services& app);

}  // namespace shopfloor::messages
