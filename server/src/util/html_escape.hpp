// HTML escaping shared by the sanitizer (text and attribute values it re-writes) and server-rendered pages.
#pragma once

#include <string>
#include <string_view>

namespace shopfloor {

// Which quote characters are escaped besides &, < and >: none for text, the double quote for attribute
// values written in double quotes, both for text that may land anywhere.
enum class HtmlQuotes { none, double_only, both };

// Appends s to out with &, <, > (and the chosen quotes) written as entities.
void append_html_escaped(std::string& out, std::string_view s, HtmlQuotes quotes);

}  // namespace shopfloor
