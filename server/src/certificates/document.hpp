// The certificate as a printable PDF (A4 landscape): the person's name, the course, the certificate's name,
// (or learning path), the issue and expiry dates, and a QR code of its public verification page; drawn with
// the activation cards' helpers (accounts/drawing.hpp). An expired certificate says so on the page.
#pragma once

#include <cstdint>
#include <string>

namespace shopfloor::certificates {

struct Document {
  std::string product;     // PRODUCT_NAME, the issuer
  std::string holder;      // the person's name
  std::string title;       // the certificate's name (its definition)
  std::string course;      // the course's title, or the learning path's (with path)
  std::string verify_url;  // absolute /share/cert/<id>: the QR code
  std::int64_t issued_at = 0;
  std::int64_t expires_at = 0;
  bool expired = false;
  bool path = false;  // a learning path's certificate: "has completed the learning path"
};

std::string certificate_pdf(const Document& d);

}  // namespace shopfloor::certificates
