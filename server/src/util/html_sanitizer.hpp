// Rich text from the back-office editor is sanitised on the server before it is stored: the HTML is parsed
// and re-written from an allow-list of tags and attributes, so what is stored is well-formed and safe to
// render with innerHTML. Scripts, styles, event handlers, `javascript:`/`data:` URLs (however encoded) and
// unknown tags are removed; text is re-escaped.
#pragma once

#include <string>
#include <string_view>

namespace shopfloor {

std::string sanitize_html(std::string_view html);

// The text of an HTML fragment (tags dropped, entities decoded, block ends as spaces), for search and
// summaries.
std::string html_to_text(std::string_view html);

}  // namespace shopfloor
