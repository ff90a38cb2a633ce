// Web Push settings, read from the environment like sign-in's providers (auth/oidc/settings.hpp), so the
// push area's knobs stay in the push area (README "Web Push"):
//   VAPID_PRIVATE_KEY  base64url of the 32-byte P-256 scalar every node signs with; empty =
//                      DATA_DIR/vapid_private_key, generated on first start (mode 0600)
//   VAPID_SUBJECT      the contact push services see: mailto: or https:; empty = PUBLIC_URL when it is
//                      https, else mailto:webpush@<the domain of SMTP_FROM>
//   PUSH_SERVICES      comma-separated origins subscriptions may name ("*." for subdomains); empty = the
//                      browsers' own push services (push/endpoints.hpp)
//   PUSH_SENDERS       pushes sent at once by each node (1-32, default 4)
// (a broadcast's pushes are queued a page of deliveries at a time: AUDIENCE_JOB_BATCH, push/broadcasts.hpp)
#pragma once

#include <string>

namespace shopfloor::push {

struct Settings {
  std::string vapid_private_key;
  std::string vapid_subject;
  std::string services;
  int senders = 4;
};

// Throws std::runtime_error on a value that cannot be right (PUSH_SENDERS out of range).
Settings settings_from_env();

}  // namespace shopfloor::push
