// A file the browser saves rather than shows (a certificate's PDF, a credential, a person's data as a ZIP,
// printed activation cards): `Content-Disposition: attachment`, and never cached, as each is one person's.
#pragma once

#include <string>
#include <string_view>

#include "http/context.hpp"

namespace shopfloor::http {

// `filename` is ours (ASCII, no quotes): callers build it from ids and dates, never from user text.
Response attachment(const Context& ctx, std::string body, std::string_view type, std::string_view filename);

}  // namespace shopfloor::http
