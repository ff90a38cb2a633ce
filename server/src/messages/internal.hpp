// Pieces the messages files share (not for other areas).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "http/context.hpp"
#include "messages/messages.hpp"

namespace shopfloor::messages {

// Who receives broadcasts and writes threads: active staff (the back office writes to them).
inline constexpr const char* recipients_where = "u.role = 'staff' AND u.status = 'active'";
inline constexpr std::size_t subject_max = 100, body_max = 2000, preview_max = 120;

// Sends a broadcast (status draft → sent) to everyone of its audience: counts them (recipients_count), writes
// the first page of delivery rows in the caller's transaction and, when more people are left, records the
// audience job (kind "broadcast") that writes the rest a page at a time after commit. Returns the number of
// recipients; throws 409 when it was sent already, 422 when its audience holds nobody.
std::int64_t send_broadcast(db::Connection& c, const std::string& id, const std::string& sender,
                            std::int64_t now);
// One page of a sent broadcast's deliveries (jobs::Expand): the next `batch` people of its audience after
// `after_user` get their row (once each), delivered_count moves, the on_delivered listeners run (push queues
// the page's pushes) and the page's connected recipients hear of it live. Returns the last person looked at,
// or nothing when everyone has theirs (recipients_count then becomes delivered_count).
std::optional<std::string> deliver_page(db::Connection& c, const std::string& id,
                                        const std::string& after_user, int batch, std::int64_t now);
// Rows not there yet, delivered at `at`; returns how many were written.
std::int64_t add_deliveries(db::Connection& c, const std::string& broadcast_id,
                            const std::vector<std::string>& users, std::int64_t at);

// The text of rich text (tags dropped, common entities decoded), cut to `max` characters, for previews.
std::string preview_of(std::string_view html, std::size_t max = preview_max);

// Unread counts of one person: staff {unread, broadcasts, threads}; the back office {unread, threads}
// (threads waiting for an answer).
boost::json::object unread_of(db::Connection& c, const std::string& user_id, bool office);

// The live pushes (topic "messages" of realtime::Fanout), inside the transaction that caused them.
// A broadcast's page of recipients (after `after_user`, up to `through`) hears of it.
void publish_broadcast(db::Connection& c, const std::string& broadcast_id, const std::string& after_user,
                       const std::string& through);
void publish_thread(db::Connection& c, const std::string& thread_id, const std::string& user_id,
                    bool to_office);
void register_live(http::Services& app);

// Throws 429 when the person sends faster than the shared budget allows (threads and replies together).
void spend_send_budget(const http::Context& ctx);

void register_thread_routes(http::Services& app);
void register_broadcast_routes(http::Services& app);

}  // namespace shopfloor::messages
