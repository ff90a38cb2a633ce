#include "share/page.hpp"

#include <chrono>

#include "http/response.hpp"
#include "util/text.hpp"

namespace shopfloor::share {

using http::html_escape;

namespace {

// Clips to at most n code points on a character boundary, with an ellipsis when cut.
std::string clip(const std::string& s, std::size_t n) {
  std::size_t count = 0, i = 0;
  for (; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (count == n) return s.substr(0, i) + "…";
    ++count;
  }
  return s;
}

const char* kStyle = R"(<style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;background:#f3f6f6;color:#1f2937;
font:16px/1.6 "Noto Sans Thai","Sukhumvit Set","Leelawadee UI",system-ui,sans-serif;display:flex;
justify-content:center;align-items:flex-start}
main{width:min(560px,100%);background:#fff;min-height:100vh}
@media(min-width:600px){body{padding:32px 0}main{min-height:0;border-radius:16px;overflow:hidden;
box-shadow:0 8px 30px rgba(15,23,42,.08)}}
.brand{display:flex;align-items:center;gap:8px;padding:14px 20px;font-weight:700;color:#0f766e}
.cover{display:block;width:100%;aspect-ratio:1.91/1;object-fit:cover;background:#e5e7eb}
.body{padding:20px}h1{font-size:22px;line-height:1.35;margin:0 0 8px;overflow-wrap:anywhere}
p{margin:0 0 20px;color:#4b5563;overflow-wrap:anywhere;white-space:pre-line}
a.button{display:block;padding:14px;border-radius:12px;background:#0f766e;color:#fff;font-weight:600;
text-align:center;text-decoration:none}
.hint{margin:12px 0 0;font-size:14px;color:#6b7280;text-align:center}
.cover.whole{object-fit:contain;padding:16px;background:#f0f7f5}
.facts{list-style:none;margin:0 0 20px;padding:0;color:#374151}.facts li{padding:6px 0;border-top:1px solid #eef2f2}
.seal{display:flex;gap:10px;align-items:flex-start;margin:0 0 20px;padding:12px 14px;border-radius:12px;
background:#ecfdf5;color:#065f46;font-weight:600;white-space:normal}.seal span{flex:none;font-size:20px;line-height:1.2}
</style>)";

std::string head(const std::string& lang, const std::string& title, const std::string& meta,
                 const std::string& fonts) {
  return "<!doctype html><html lang=\"" + lang +
         "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, "
         "initial-scale=1\"><title>" +
         html_escape(title) + "</title>" + meta + (fonts.empty() ? "" : "<style>" + fonts + "</style>") +
         kStyle + "</head><body><main>";
}

std::string meta(const char* attr, const char* key, const std::string& value) {
  return std::string("<meta ") + attr + "=\"" + key + "\" content=\"" + html_escape(value) + "\">";
}

}  // namespace

std::string date_text(std::int64_t epoch_ms, const std::string& lang) {
  using namespace std::chrono;
  static const char* thai[] = {"มกราคม",  "กุมภาพันธ์", "มีนาคม",  "เมษายน", "พฤษภาคม",  "มิถุนายน",
                               "กรกฎาคม", "สิงหาคม",  "กันยายน", "ตุลาคม",  "พฤศจิกายน", "ธันวาคม"};
  static const char* english[] = {"January", "February", "March",     "April",   "May",      "June",
                                  "July",    "August",   "September", "October", "November", "December"};
  bool th = lang == "th";
  constexpr std::int64_t day_ms = 86'400'000, bangkok_ms = 7 * 3'600'000;
  std::int64_t t = epoch_ms + bangkok_ms;
  std::int64_t days = t / day_ms - (t % day_ms < 0 ? 1 : 0);
  year_month_day d{sys_days{std::chrono::days{days}}};
  unsigned month = static_cast<unsigned>(d.month()) - 1;
  return std::to_string(static_cast<unsigned>(d.day())) + " " + (th ? thai : english)[month] + " " +
         std::to_string(static_cast<int>(d.year()) + (th ? 543 : 0));
}

std::string language_of(const std::string& text) {
  // Thai letters are U+0E00..U+0E7F: UTF-8 E0 B8 xx / E0 B9 xx.
  for (std::size_t i = 0; i + 1 < text.size(); ++i)
    if (static_cast<unsigned char>(text[i]) == 0xE0 &&
        (static_cast<unsigned char>(text[i + 1]) == 0xB8 || static_cast<unsigned char>(text[i + 1]) == 0xB9))
      return "th";
  return "en";
}

std::string render_card(const PageContext& p, const Card& card) {
  std::string lang = language_of(card.title + card.summary);
  bool th = lang == "th";
  std::string summary = clip(card.summary, 200);
  std::optional<std::string> image;
  if (card.image_url) {
    // Library paths are "/media/<hex>.<ext>": only '/' needs encoding in the query.
    std::string encoded;
    for (char ch : *card.image_url) encoded += ch == '/' ? std::string("%2F") : std::string(1, ch);
    image = p.origin + "/_image?url=" + encoded + "&w=1200";
  }
  std::string m;
  m += meta("name", "description", summary);
  m += meta("property", "og:type", "article");
  m += meta("property", "og:site_name", p.product);
  m += meta("property", "og:title", card.title);
  m += meta("property", "og:description", summary);
  m += meta("property", "og:url", p.page_url);
  m += meta("property", "og:locale", th ? "th_TH" : "en_US");
  if (image) m += meta("property", "og:image", *image);
  m += meta("name", "twitter:card", image ? "summary_large_image" : "summary");
  m += meta("name", "twitter:title", card.title);
  m += meta("name", "twitter:description", summary);
  if (image) m += meta("name", "twitter:image", *image);
  m += "<link rel=\"canonical\" href=\"" + html_escape(p.page_url) + "\">";

  std::string html = head(lang, card.title + " · " + p.product, m, p.fonts);
  html += "<div class=\"brand\">" + html_escape(p.product) + "</div>";
  if (image)
    html += std::string("<img class=\"cover") + (card.whole_picture ? " whole" : "") + "\" src=\"" +
            html_escape(*image) + "\" alt=\"\">";
  html += "<div class=\"body\"><h1>" + html_escape(card.title) + "</h1>";
  if (!summary.empty()) html += "<p>" + html_escape(summary) + "</p>";
  if (card.verified)
    html += "<p class=\"seal\" data-verified=\"true\"><span aria-hidden=\"true\">✓</span>" +
            (th ? "ตรวจสอบแล้ว: ออกโดย " + html_escape(p.product) + " และยังมีผลอยู่"
                : "Verified: issued by " + html_escape(p.product) + " and still valid") +
            "</p>";
  if (!card.facts.empty()) {
    html += "<ul class=\"facts\">";
    for (const auto& f : card.facts) html += "<li>" + html_escape(f) + "</li>";
    html += "</ul>";
  }
  html += "<a class=\"button\" href=\"" + html_escape(card.app_path) + "\">" +
          (th ? "เปิดในแอป " : "Open in ") + html_escape(p.product) + "</a>";
  html += std::string("<p class=\"hint\">") +
          (th ? "พนักงานเข้าสู่ระบบก่อนเพื่ออ่านต่อ" : "Staff sign in first to read on.") + "</p>";
  html += "</div></main></body></html>";
  return html;
}

std::string render_not_found(const std::string& product, const std::string& fonts) {
  std::string html =
      head("th", "ไม่พบหน้านี้ · Not found · " + product, "<meta name=\"robots\" content=\"noindex\">", fonts);
  html += "<div class=\"brand\">" + html_escape(product) + "</div><div class=\"body\">";
  html += "<h1>ไม่พบหน้านี้</h1><p>ลิงก์นี้อาจหมดอายุหรือไม่ได้เปิดให้ดู</p>";
  html +=
      "<h1 lang=\"en\">Page not found</h1><p lang=\"en\">This link may have expired or is not shared.</p>";
  html += "<a class=\"button\" href=\"/main\">เปิด " + html_escape(product) + " · Open " +
          html_escape(product) + "</a></div></main></body></html>";
  return html;
}

}  // namespace shopfloor::share
