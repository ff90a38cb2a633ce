#include "accounts/cards.hpp"

#include <ctime>

#include "accounts/drawing.hpp"

namespace shopfloor::accounts {

namespace {

using drawing::draw_line;
using drawing::draw_qr;
using drawing::Style;

constexpr double kMm = drawing::mm;
constexpr double kPageW = 210 * kMm, kPageH = 297 * kMm;
constexpr int kCols = 2, kRows = 5, kPerPage = kCols * kRows;
constexpr double kCardW = 90 * kMm, kCardH = 52 * kMm;
constexpr double kLeft = (kPageW - kCols * kCardW) / 2;  // 15 mm
constexpr double kTop = 26 * kMm;                        // below the store's heading
constexpr double kPad = 4 * kMm;
constexpr double kQr = 30 * kMm;
constexpr double kTextW = kCardW - 2 * kPad - kQr - 2 * kMm;
constexpr const char* kMono = drawing::mono;

struct Labels {
  const char *card, *sheet, *code, *scan;
};
constexpr Labels kActivation{"บัตรเปิดใช้งาน · Activation card", "บัตรเปิดใช้งาน · Activation cards",
                             "รหัสเปิดใช้งาน · Activation code", "สแกนเพื่อลงทะเบียน · Scan to sign up"};
constexpr Labels kReset{"บัตรตั้งรหัสผ่านใหม่ · Password reset card", "บัตรตั้งรหัสผ่านใหม่ · Password reset cards",
                        "รหัสตั้งรหัสผ่านใหม่ · Reset code", "สแกนเพื่อตั้งรหัสผ่าน · Scan to reset"};

void draw_card(cairo_t* cr, const Card& card, const Labels& labels, const std::string& product, double x0,
               double y0) {
  double x = x0 + kPad, y = y0 + kPad;
  y += draw_line(cr, product + " · " + labels.card, x, y, kTextW, {.size = 6.5, .grey = 0.45});
  y += 1.2 * kMm;
  y += draw_line(cr, card.name, x, y, kTextW, {.size = 12, .bold = true});
  y += 0.4 * kMm;
  std::string store =
      card.store_code.empty() ? "ไม่มีสาขา · No store" : card.store_code + " " + card.store_name;
  y += draw_line(cr, store, x, y, kTextW, {.size = 8.5});
  draw_line(cr, "รหัสพนักงาน · Employee code  " + card.employee_code, x, y + 0.4 * kMm, kTextW, {.size = 7.5});

  // The code and its expiry sit at the bottom of the card.
  std::string expiry =
      "ใช้ได้ถึง " + thai_date(card.expires_at) + " · Valid until " + english_date(card.expires_at);
  Style small{.size = 6.5, .grey = 0.45};
  Style code{.family = kMono, .size = 16, .bold = true};
  double bottom = y0 + kCardH - kPad;
  double h_expiry = draw_line(cr, expiry, 0, 0, kTextW, small, false);
  double h_code = draw_line(cr, card.code, 0, 0, kTextW, code, false);
  double h_label = draw_line(cr, labels.code, 0, 0, kTextW, small, false);
  draw_line(cr, expiry, x, bottom - h_expiry, kTextW, small);
  draw_line(cr, card.code, x, bottom - h_expiry - h_code, kTextW, code);
  draw_line(cr, labels.code, x, bottom - h_expiry - h_code - h_label, kTextW, small);

  double qx = x0 + kCardW - kPad - kQr;
  draw_qr(cr, card.link, qx, y0 + kPad, kQr);
  draw_line(cr, labels.scan, qx - 2 * kMm, y0 + kPad + kQr + 0.5 * kMm, kQr + 4 * kMm,
            {.size = 5.5, .grey = 0.45, .align = PANGO_ALIGN_CENTER});
}

// Dashed lines along every card edge of a page holding `count` cards, running a little past the grid.
void draw_cut_lines(cairo_t* cr, int count) {
  int rows = (count + kCols - 1) / kCols;
  double overrun = 5 * kMm;
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
  cairo_set_line_width(cr, 0.5);
  const double dash[] = {3, 2};
  cairo_set_dash(cr, dash, 2, 0);
  for (int c = 0; c <= kCols; ++c) {
    double x = kLeft + c * kCardW;
    cairo_move_to(cr, x, kTop - overrun);
    cairo_line_to(cr, x, kTop + rows * kCardH + overrun);
  }
  for (int r = 0; r <= rows; ++r) {
    double y = kTop + r * kCardH;
    cairo_move_to(cr, kLeft - overrun, y);
    cairo_line_to(cr, kLeft + kCols * kCardW + overrun, y);
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

void draw_heading(cairo_t* cr, const Card& first, const Labels& labels, int page, int pages) {
  double width = kCols * kCardW;
  std::string store =
      first.store_code.empty() ? "ไม่มีสาขา · No store" : first.store_code + " " + first.store_name;
  draw_line(cr, store, kLeft, 10 * kMm, width * 0.6, {.size = 13, .bold = true});
  std::string right = std::string(labels.sheet) + " — หน้า " + std::to_string(page) + "/" +
                      std::to_string(pages) + " · Page " + std::to_string(page) + " of " +
                      std::to_string(pages);
  draw_line(cr, right, kLeft + width * 0.4, 11 * kMm, width * 0.6,
            {.size = 7.5, .grey = 0.4, .align = PANGO_ALIGN_RIGHT});
  draw_line(cr,
            "ตัดตามเส้นประ แล้วมอบบัตรให้เจ้าของชื่อ · Cut along the dashed lines and hand each card to its person.",
            kLeft, 16 * kMm, width, {.size = 7, .grey = 0.45});
}

std::tm bangkok_day(std::int64_t epoch_ms) {
  std::time_t t = static_cast<std::time_t>(epoch_ms / 1000 + 7 * 3600);  // Asia/Bangkok: UTC+7, no DST
  std::tm tm{};
  gmtime_r(&t, &tm);
  return tm;
}

}  // namespace

std::string thai_date(std::int64_t epoch_ms) {
  static const char* months[] = {"ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.",
                                 "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.",  "พ.ย.", "ธ.ค."};
  auto tm = bangkok_day(epoch_ms);
  return std::to_string(tm.tm_mday) + " " + months[tm.tm_mon] + " " + std::to_string(tm.tm_year + 1900 + 543);
}

std::string english_date(std::int64_t epoch_ms) {
  static const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  auto tm = bangkok_day(epoch_ms);
  return std::to_string(tm.tm_mday) + " " + months[tm.tm_mon] + " " + std::to_string(tm.tm_year + 1900);
}

std::string cards_pdf(const std::vector<Card>& cards, CardKind kind, const std::string& product_name) {
  const Labels& labels = kind == CardKind::activation ? kActivation : kReset;
  drawing::PdfDocument pdf(kPageW, kPageH, labels.sheet, product_name);
  cairo_t* cr = pdf.cr();
  for (std::size_t start = 0; start < cards.size();) {
    // This store's cards: [start, end).
    std::size_t end = start;
    while (end < cards.size() && cards[end].store_code == cards[start].store_code) ++end;
    int pages = static_cast<int>((end - start + kPerPage - 1) / kPerPage);
    for (int page = 0; page < pages; ++page) {
      std::size_t first = start + static_cast<std::size_t>(page) * kPerPage;
      int count = static_cast<int>(std::min<std::size_t>(kPerPage, end - first));
      draw_heading(cr, cards[start], labels, page + 1, pages);
      draw_cut_lines(cr, count);
      for (int i = 0; i < count; ++i)
        draw_card(cr, cards[first + i], labels, product_name, kLeft + (i % kCols) * kCardW,
                  kTop + (i / kCols) * kCardH);
      cairo_show_page(cr);
    }
    start = end;
  }
  return pdf.bytes();
}

}  // namespace shopfloor::accounts
