// PLACEHOLDER until the allow-list sanitiser lands (same branch series): escapes everything.
#include "util/html_sanitizer.hpp"

namespace shopfloor {

static std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

std::string sanitize_html(std::string_view html) {
  return "<p>" + escape(html) + "</p>";
}

std::string html_to_text(std::string_view html) {
  std::string out;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<')
      in_tag = true;
    else if (c == '>') {
      in_tag = false;
      out.push_back(' ');
    } else if (!in_tag)
      out.push_back(c);
  }
  return out;
}

}  // namespace shopfloor
