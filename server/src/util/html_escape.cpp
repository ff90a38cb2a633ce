#include "util/html_escape.hpp"

namespace shopfloor {

void append_html_escaped(std::string& out, std::string_view s, HtmlQuotes quotes) {
  for (char c : s) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"' && quotes != HtmlQuotes::none)
      out += "&quot;";
    else if (c == '\'' && quotes == HtmlQuotes::both)
      out += "&#39;";
    else
      out.push_back(c);
  }
}

}  // namespace shopfloor
