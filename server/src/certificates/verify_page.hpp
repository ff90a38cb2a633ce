// The "cert" share kind: /share/cert/<certificateId> (verify_page.cpp).
#pragma once

namespace shopfloor::certificates {

// Called while the certificates' routes are registered.
void register_verify_page();

}  // namespace shopfloor::certificates
