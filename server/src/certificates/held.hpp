// One issued certificate as the staff routes, the PDF and the credential read it.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::certificates {

struct Held {
  // subject_kind "course" or "path"; subject_id and subject its id and title.
  std::string id, definition_id, title, subject_kind, subject_id, subject, holder, user_id;
  std::int64_t issued_at = 0, expires_at = 0, first_issued_at = 0, renewals = 0;
  std::string learn_course_id;  // the course to learn again to renew it ("" for a path with no course)
};

// The person's certificates, soonest expiry first.
std::vector<Held> held_by(db::Connection& c, const std::string& user_id);
// One of the person's certificates (nullopt: not theirs or none).
std::optional<Held> held_one(db::Connection& c, const std::string& user_id, const std::string& id);

// {id, title, subject: {kind, id, title}, course: {id, title} (a path's: null), path: {id, title} (a
// course's: null), learnCourseId, issuedAt, expiresAt, status, verifyUrl, pdfUrl, credentialUrl}
boost::json::object held_json(const Held& h, std::int64_t now);

}  // namespace shopfloor::certificates
