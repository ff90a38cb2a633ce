// Certificates that expire (issue 32): a course can grant a certificate valid for N months (the
// certificate-definitions resource); completing the course issues it to the person, completing it again
// renews it (issue.hpp). Each certificate is a PDF with a QR code of its public verification page
// /share/cert/<id> (document.hpp, verify_page.cpp) and an Open Badges 3.0 credential signed like the badges'
// (credential.cpp). Before it expires the person is reminded at 30, 7 and 1 days and re-enrolled in the
// course (expiry.hpp, a daily job).
#pragma once

#include <cstdint>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor::certificates {

void register_routes(http::Services& app);

// The daily job (also `shopfloor notifications daily`): reminders at 30, 7 and 1 days before expiry, each
// once, and the refresher enrolment. Returns how many reminders it sent.
std::int64_t remind_expiring(db::Connection& c, std::int64_t now);

// `seed --demo`: a certificate course, and demo staff holding its certificate (one expiring soon, one
// expired).
void seed_demo(db::Connection& c);

}  // namespace shopfloor::certificates
