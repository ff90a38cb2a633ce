// Allow-list HTML sanitiser. The input is tokenised the way an HTML5 browser would read it (tag names,
// attributes with quoted/unquoted values, comments, CDATA, doctype, raw-text elements, entities with or
// without the semicolon), then the output is rebuilt only from allowed tags and attributes, with every text
// and attribute value re-escaped. What the browser parses from the output is therefore exactly what we
// checked, whatever tricks the input used.
#include "util/html_sanitizer.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "util/html_escape.hpp"

namespace shopfloor {

namespace {

// ---- UTF-8 helpers ----------------------------------------------------------------------------------

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Valid UTF-8 with NUL bytes removed; invalid sequences become U+FFFD.
std::string clean_utf8(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  std::size_t i = 0;
  while (i < in.size()) {
    auto b = static_cast<unsigned char>(in[i]);
    if (b == 0) {
      ++i;
      continue;
    }
    if (b < 0x80) {
      out.push_back(static_cast<char>(b));
      ++i;
      continue;
    }
    int len = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    std::uint32_t cp = len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    bool ok = len > 0 && i + len <= in.size();
    for (int k = 1; ok && k < len; ++k) {
      auto c = static_cast<unsigned char>(in[i + k]);
      if ((c & 0xC0) != 0x80) ok = false;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (ok) {
      // Overlong forms, surrogates and out-of-range values are invalid.
      if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
          cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        ok = false;
    }
    if (!ok) {
      append_utf8(out, 0xFFFD);
      ++i;
      continue;
    }
    out.append(in.substr(i, len));
    i += len;
  }
  return out;
}

bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_alnum(char c) {
  return is_alpha(c) || (c >= '0' && c <= '9');
}
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}
char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// ---- Entities ---------------------------------------------------------------------------------------

struct NamedEntity {
  std::string_view name;
  std::uint32_t cp;
  bool legacy;  // also recognised without the semicolon (HTML5 legacy entities)
};

// The common subset: the legacy set, typography, and the punctuation names used to hide URL schemes.
constexpr std::array<NamedEntity, 64> named_entities{{
    {"amp", '&', true},        {"lt", '<', true},        {"gt", '>', true},        {"quot", '"', true},
    {"apos", '\'', false},     {"nbsp", 0xA0, true},     {"copy", 0xA9, true},     {"reg", 0xAE, true},
    {"AMP", '&', true},        {"LT", '<', true},        {"GT", '>', true},        {"QUOT", '"', true},
    {"shy", 0xAD, true},       {"deg", 0xB0, true},      {"times", 0xD7, true},    {"divide", 0xF7, true},
    {"middot", 0xB7, true},    {"laquo", 0xAB, true},    {"raquo", 0xBB, true},    {"pound", 0xA3, true},
    {"yen", 0xA5, true},       {"cent", 0xA2, true},     {"sect", 0xA7, true},     {"para", 0xB6, true},
    {"plusmn", 0xB1, true},    {"frac12", 0xBD, true},   {"euro", 0x20AC, false},  {"trade", 0x2122, false},
    {"hellip", 0x2026, false}, {"mdash", 0x2014, false}, {"ndash", 0x2013, false}, {"lsquo", 0x2018, false},
    {"rsquo", 0x2019, false},  {"ldquo", 0x201C, false}, {"rdquo", 0x201D, false}, {"bull", 0x2022, false},
    {"colon", ':', false},     {"Tab", '\t', false},     {"NewLine", '\n', false}, {"sol", '/', false},
    {"lpar", '(', false},      {"rpar", ')', false},     {"period", '.', false},   {"comma", ',', false},
    {"excl", '!', false},      {"quest", '?', false},    {"num", '#', false},      {"dollar", '$', false},
    {"percnt", '%', false},    {"ast", '*', false},      {"plus", '+', false},     {"equals", '=', false},
    {"semi", ';', false},      {"lowbar", '_', false},   {"lsqb", '[', false},     {"rsqb", ']', false},
    {"lcub", '{', false},      {"rcub", '}', false},     {"verbar", '|', false},   {"grave", '`', false},
    {"Hat", '^', false},       {"bsol", '\\', false},    {"zwsp", 0x200B, false},  {"ensp", 0x2002, false},
}};

// Decodes character references. In attribute values a legacy entity without ';' followed by an
// alphanumeric or '=' stays literal, as in browsers.
std::string decode_entities(std::string_view s, bool in_attribute) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] != '&') {
      out.push_back(s[i++]);
      continue;
    }
    std::size_t j = i + 1;
    if (j < s.size() && s[j] == '#') {
      ++j;
      bool hex = j < s.size() && (s[j] == 'x' || s[j] == 'X');
      if (hex) ++j;
      std::size_t start = j;
      std::uint64_t v = 0;
      while (j < s.size() &&
             (hex ? std::isxdigit(static_cast<unsigned char>(s[j])) != 0 : (s[j] >= '0' && s[j] <= '9'))) {
        int d = (s[j] >= '0' && s[j] <= '9') ? s[j] - '0' : (lower(s[j]) - 'a' + 10);
        v = std::min<std::uint64_t>(v * (hex ? 16 : 10) + d, 0x110000);
        ++j;
      }
      if (j == start) {  // "&#" or "&#x" without digits: literal
        out.push_back(s[i++]);
        continue;
      }
      if (j < s.size() && s[j] == ';') ++j;
      append_utf8(out, static_cast<std::uint32_t>(v));
      i = j;
      continue;
    }
    // Named: the longest known name at this position.
    const NamedEntity* best = nullptr;
    bool with_semicolon = false;
    for (const auto& e : named_entities) {
      if (s.substr(j, e.name.size()) != e.name) continue;
      bool semi = j + e.name.size() < s.size() && s[j + e.name.size()] == ';';
      if (!semi && !e.legacy) continue;
      if (!best || e.name.size() > best->name.size()) {
        best = &e;
        with_semicolon = semi;
      }
    }
    if (best && !with_semicolon && in_attribute) {
      std::size_t after = j + best->name.size();
      if (after < s.size() && (is_alnum(s[after]) || s[after] == '=')) best = nullptr;
    }
    if (!best) {
      out.push_back(s[i++]);
      continue;
    }
    append_utf8(out, best->cp);
    i = j + best->name.size() + (with_semicolon ? 1 : 0);
  }
  return out;
}

// ---- Tokenizer --------------------------------------------------------------------------------------

struct Attribute {
  std::string name, value;  // name lower-cased, value decoded
};

struct Token {
  enum Kind { text, start, end, eof } kind = eof;
  std::string data;  // decoded text, or the lower-cased tag name
  std::vector<Attribute> attrs;
  bool self_closing = false;
};

// Elements whose content the browser does not parse as markup: skipped to their end tag.
bool is_raw_text(std::string_view n) {
  static const std::set<std::string_view> raw{"script", "style", "iframe",  "noscript", "textarea",
                                              "xmp",    "title", "noembed", "noframes"};
  return raw.contains(n);
}

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view in) : s_(in) {}

  Token next() {
    while (pos_ < s_.size()) {
      if (s_[pos_] != '<') return text_run();
      std::size_t p = pos_ + 1;
      if (p >= s_.size()) return literal_lt();
      char c = s_[p];
      if (c == '!') {
        if (s_.substr(p, 3) == "!--") {
          comment(p + 3);
        } else if (s_.substr(p, 8) == "![CDATA[") {
          auto e = s_.find("]]>", p + 8);
          pos_ = e == std::string_view::npos ? s_.size() : e + 3;
        } else {
          bogus_comment(p);
        }
        continue;
      }
      if (c == '?') {
        bogus_comment(p);
        continue;
      }
      if (c == '/') {
        if (p + 1 < s_.size() && is_alpha(s_[p + 1])) {
          Token t;
          if (!tag(p + 1, t)) return {Token::eof, {}, {}, false};
          t.kind = Token::end;
          t.attrs.clear();
          return t;
        }
        if (p + 1 < s_.size() && s_[p + 1] == '>') {  // "</>" is ignored
          pos_ = p + 2;
          continue;
        }
        if (p + 1 >= s_.size()) return literal_lt();
        bogus_comment(p + 1);
        continue;
      }
      if (is_alpha(c)) {
        Token t;
        if (!tag(p, t)) return {Token::eof, {}, {}, false};  // a tag cut off by the end is dropped
        t.kind = Token::start;
        return t;
      }
      return literal_lt();
    }
    return {};
  }

  // After a raw-text start tag: skips to (and past) its end tag, or to the end of the input.
  void skip_raw_text(std::string_view name) {
    std::size_t p = pos_;
    while (true) {
      auto lt = s_.find("</", p);
      if (lt == std::string_view::npos) {
        pos_ = s_.size();
        return;
      }
      std::size_t q = lt + 2;
      bool same = q + name.size() <= s_.size();
      for (std::size_t k = 0; same && k < name.size(); ++k) same = lower(s_[q + k]) == name[k];
      if (same && (q + name.size() == s_.size() || is_space(s_[q + name.size()]) ||
                   s_[q + name.size()] == '/' || s_[q + name.size()] == '>')) {
        pos_ = lt;
        Token ignored;
        if (!tag(q, ignored)) pos_ = s_.size();
        return;
      }
      p = lt + 2;
    }
  }

 private:
  Token literal_lt() {
    ++pos_;
    return {Token::text, "<", {}, false};
  }

  Token text_run() {
    auto lt = s_.find('<', pos_);
    if (lt == std::string_view::npos) lt = s_.size();
    Token t{Token::text, decode_entities(s_.substr(pos_, lt - pos_), false), {}, false};
    pos_ = lt;
    return t;
  }

  // "<!--" seen; HTML5: "<!-->" and "<!--->" end at once, otherwise at "-->" or "--!>".
  void comment(std::size_t p) {
    if (ends_at(p, {">", "->"})) return;
    for (std::size_t i = p; i < s_.size(); ++i)
      if (ends_at(i, {"-->", "--!>"})) return;
    pos_ = s_.size();
  }
  // Whether one of `ends` stands at p; if so, the comment ends after it.
  bool ends_at(std::size_t p, std::initializer_list<std::string_view> ends) {
    for (auto end : ends)
      if (s_.substr(p, end.size()) == end) {
        pos_ = p + end.size();
        return true;
      }
    return false;
  }

  void bogus_comment(std::size_t p) {
    auto e = s_.find('>', p);
    pos_ = e == std::string_view::npos ? s_.size() : e + 1;
  }

  // Reads a tag from its name at p to its '>'. Returns false when the input ends first.
  bool tag(std::size_t p, Token& t) {
    std::size_t i = p;
    while (i < s_.size() && !is_space(s_[i]) && s_[i] != '/' && s_[i] != '>')
      t.data.push_back(lower(s_[i++]));
    while (true) {
      while (i < s_.size() && (is_space(s_[i]) || s_[i] == '/')) {
        if (s_[i] == '/' && i + 1 < s_.size() && s_[i + 1] == '>') t.self_closing = true;
        ++i;
      }
      if (i >= s_.size()) {
        pos_ = s_.size();
        return false;
      }
      if (s_[i] == '>') {
        pos_ = i + 1;
        return true;
      }
      Attribute a;
      // The first character may be '=' (then it is part of the name).
      a.name.push_back(lower(s_[i++]));
      while (i < s_.size() && !is_space(s_[i]) && s_[i] != '/' && s_[i] != '>' && s_[i] != '=')
        a.name.push_back(lower(s_[i++]));
      std::size_t j = i;
      while (j < s_.size() && is_space(s_[j])) ++j;
      if (j < s_.size() && s_[j] == '=') {
        i = j + 1;
        while (i < s_.size() && is_space(s_[i])) ++i;
        if (i < s_.size() && (s_[i] == '"' || s_[i] == '\'')) {
          char q = s_[i++];
          auto e = s_.find(q, i);
          if (e == std::string_view::npos) {
            pos_ = s_.size();
            return false;
          }
          a.value = decode_entities(s_.substr(i, e - i), true);
          i = e + 1;
        } else {
          std::size_t start = i;
          while (i < s_.size() && !is_space(s_[i]) && s_[i] != '>') ++i;
          a.value = decode_entities(s_.substr(start, i - start), true);
        }
      } else {
        i = j;
      }
      // Duplicates: the first wins, as in browsers.
      bool dup =
          std::any_of(t.attrs.begin(), t.attrs.end(), [&](const Attribute& x) { return x.name == a.name; });
      if (!dup) t.attrs.push_back(std::move(a));
    }
  }

  std::string_view s_;
  std::size_t pos_ = 0;
};

// ---- Policy -----------------------------------------------------------------------------------------

const std::set<std::string_view>& allowed_tags() {
  static const std::set<std::string_view> t{
      "p",    "br",  "strong", "b",     "em",         "i",     "u",   "s",      "h2",         "h3",
      "h4",   "ul",  "ol",     "li",    "blockquote", "a",     "img", "figure", "figcaption", "hr",
      "code", "pre", "span",   "table", "thead",      "tbody", "tr",  "th",     "td"};
  return t;
}

bool is_void(std::string_view n) {
  return n == "br" || n == "hr" || n == "img";
}

// Dropped together with everything inside them.
bool drops_content(std::string_view n) {
  static const std::set<std::string_view> d{
      "script", "style", "iframe",  "object",   "embed",  "template", "noscript", "textarea", "svg", "math",
      "xmp",    "title", "noembed", "noframes", "applet", "frameset", "frame",    "select",   "head"};
  return d.contains(n);
}

// Starting one of these closes an open <p> (as browsers do), so the output's tree matches its text.
bool closes_p(std::string_view n) {
  static const std::set<std::string_view> b{"p",   "h2",    "h3", "h4",     "ul",         "ol", "blockquote",
                                            "pre", "table", "hr", "figure", "figcaption", "li"};
  return b.contains(n);
}

bool is_block(std::string_view n) {
  static const std::set<std::string_view> b{
      "p",     "br", "h1",         "h2",     "h3",         "h4",      "h5",      "h6",     "ul",
      "ol",    "li", "blockquote", "figure", "figcaption", "hr",      "pre",     "table",  "thead",
      "tbody", "tr", "th",         "td",     "div",        "section", "article", "header", "footer",
      "img",   "dt", "dd",         "dl",     "address",    "aside",   "nav",     "main",   "caption"};
  return b.contains(n);
}

// http:, https:, mailto:, or a path from the site root ("/x", not "//host" or "/\host"). The value is
// already entity-decoded; white space and control characters are removed before the check (browsers
// ignore them inside a scheme), and the cleaned value is what is written out.
std::optional<std::string> safe_url(std::string_view decoded) {
  // What is checked: every white space and control character removed (browsers skip them in a scheme).
  std::string v;
  for (char c : decoded) {
    auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7F) continue;
    v.push_back(c);
  }
  // U+00A0 and other non-ASCII spaces are harmless inside a path but must not hide a scheme: the prefix
  // check below is on the exact bytes.
  std::string l;
  for (char c : v) l.push_back(lower(c));
  bool ok = l.starts_with("http://") || l.starts_with("https://") || l.starts_with("mailto:") ||
            (l.starts_with("/") && !l.starts_with("//") && !l.starts_with("/\\"));
  if (!ok) return std::nullopt;
  // What is written: trimmed, controls removed, inner spaces percent-encoded (so "/a b" stays "/a%20b").
  std::size_t b = 0, e = decoded.size();
  while (b < e && static_cast<unsigned char>(decoded[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(decoded[e - 1]) <= 0x20) --e;
  std::string out;
  for (char c : decoded.substr(b, e - b)) {
    auto u = static_cast<unsigned char>(c);
    if (c == ' ')
      out += "%20";
    else if (u >= 0x20 && u != 0x7F)
      out.push_back(c);
  }
  return out;
}

bool small_number(std::string_view v) {
  return !v.empty() && v.size() <= 4 &&
         std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void write_start(std::string& out, const Token& t) {
  out += '<';
  out += t.data;
  auto attr = [&](std::string_view name, std::string_view value) {
    out += ' ';
    out += name;
    out += "=\"";
    append_html_escaped(out, value, HtmlQuotes::double_only);
    out += '"';
  };
  if (t.data == "a") {
    bool has_href = false;
    for (const auto& a : t.attrs) {
      if (a.name == "href") {
        if (auto u = safe_url(a.value)) {
          attr("href", *u);
          has_href = true;
        }
      } else if (a.name == "title") {
        attr("title", a.value);
      } else if (a.name == "target") {
        std::string l;
        for (char c : a.value) l.push_back(lower(c));
        if (l == "_blank" || l == "_self") attr("target", l);
      }
    }
    if (has_href) attr("rel", "noopener noreferrer");
  } else if (t.data == "img") {
    for (const auto& a : t.attrs) {
      if (a.name == "src") {
        if (auto u = safe_url(a.value)) attr("src", *u);
      } else if (a.name == "alt") {
        attr("alt", a.value);
      } else if ((a.name == "width" || a.name == "height") && small_number(a.value)) {
        attr(a.name, a.value);
      }
    }
  } else if (t.data == "td" || t.data == "th") {
    for (const auto& a : t.attrs)
      if ((a.name == "colspan" || a.name == "rowspan") && small_number(a.value) && a.value.size() <= 2)
        attr(a.name, a.value);
  } else if (t.data == "ol") {
    for (const auto& a : t.attrs)
      if (a.name == "start" && small_number(a.value)) attr("start", a.value);
  }
  out += '>';
}

template <class OnText, class OnStart, class OnEnd>
void walk(std::string_view html, OnText on_text, OnStart on_start, OnEnd on_end) {
  std::string clean = clean_utf8(html);
  Tokenizer tz(clean);
  // Open dropped elements that have parsed content (svg, math, object, template...): nothing inside them
  // is written until they close.
  std::vector<std::string> dropped;
  while (true) {
    Token t = tz.next();
    if (t.kind == Token::eof) break;
    if (t.kind == Token::text) {
      if (dropped.empty()) on_text(t.data);
      continue;
    }
    if (t.kind == Token::start) {
      if (is_raw_text(t.data)) {
        tz.skip_raw_text(t.data);  // even "<script/>" opens a script in HTML
        continue;
      }
      if (drops_content(t.data)) {
        if (!t.self_closing && t.data != "embed" && t.data != "frame") dropped.push_back(t.data);
        continue;
      }
      if (dropped.empty()) on_start(t);
      continue;
    }
    // End tag.
    if (!dropped.empty()) {
      auto it = std::find(dropped.rbegin(), dropped.rend(), t.data);
      if (it != dropped.rend()) dropped.erase(std::next(it).base(), dropped.end());
      continue;
    }
    on_end(t);
  }
}

}  // namespace

constexpr std::size_t max_depth = 64;

std::string sanitize_html(std::string_view html) {
  std::string out;
  std::vector<std::string> open;  // allowed elements written and not yet closed
  auto close_to = [&](std::size_t depth) {
    while (open.size() > depth) {
      out += "</" + open.back() + ">";
      open.pop_back();
    }
  };
  auto find_open = [&](std::string_view name,
                       std::initializer_list<std::string_view> stop) -> std::optional<std::size_t> {
    for (std::size_t k = open.size(); k-- > 0;) {
      if (open[k] == name) return k;
      if (std::find(stop.begin(), stop.end(), open[k]) != stop.end()) return std::nullopt;
    }
    return std::nullopt;
  };
  walk(
      html, [&](const std::string& text) { append_html_escaped(out, text, HtmlQuotes::none); },
      [&](const Token& t) {
        if (!allowed_tags().contains(t.data)) return;
        // Deeper nesting is never real formatting; capping it keeps the work linear for hostile input.
        if (open.size() >= max_depth && !is_void(t.data)) return;
        if (closes_p(t.data))
          if (auto k = find_open("p", {"blockquote", "li", "td", "th", "figure", "figcaption"})) close_to(*k);
        if (t.data == "li")
          if (auto k = find_open("li", {"ul", "ol"})) close_to(*k);
        if (t.data == "tr")
          if (auto k = find_open("tr", {"table"})) close_to(*k);
        if (t.data == "td" || t.data == "th") {
          if (auto k = find_open("td", {"tr", "table"})) close_to(*k);
          if (auto k = find_open("th", {"tr", "table"})) close_to(*k);
        }
        if (t.data == "a")  // links do not nest
          if (auto k = find_open("a", {})) close_to(*k);
        if (t.data == "img") {
          bool has_src = std::any_of(t.attrs.begin(), t.attrs.end(),
                                     [](const Attribute& a) { return a.name == "src" && safe_url(a.value); });
          if (!has_src) return;
        }
        write_start(out, t);
        if (!is_void(t.data)) open.push_back(t.data);
      },
      [&](const Token& t) {
        if (t.data == "br") {  // "</br>" is a line break in browsers
          out += "<br>";
          return;
        }
        for (std::size_t k = open.size(); k-- > 0;)
          if (open[k] == t.data) {
            close_to(k);
            return;
          }
        // A stray closing tag: dropped.
      });
  close_to(0);
  return out;
}

std::string html_to_text(std::string_view html) {
  std::string raw;
  walk(
      html, [&](const std::string& text) { raw += text; },
      [&](const Token& t) {
        if (is_block(t.data)) raw += ' ';
      },
      [&](const Token& t) {
        if (is_block(t.data)) raw += ' ';
      });
  // Collapse white space (including no-break spaces) and trim.
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    bool ws = is_space(c) || c == '\v';
    if (!ws && static_cast<unsigned char>(c) == 0xC2 && i + 1 < raw.size() &&
        static_cast<unsigned char>(raw[i + 1]) == 0xA0) {
      ws = true;
      ++i;
    }
    if (ws) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

}  // namespace shopfloor
