// The "reset your password" mail, in Thai and English (the person's language first).
#pragma once

#include <string>

#include "mail/outbox.hpp"

namespace shopfloor::accounts {

struct ResetMail {
  std::string to, name, locale, link, product;
  int minutes = 60;
};

mail::Message reset_mail(const ResetMail& m);

}  // namespace shopfloor::accounts
