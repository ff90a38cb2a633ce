#include "accounts/cards.hpp"

#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <qrencode.h>

#include <ctime>
#include <memory>
#include <stdexcept>

namespace shopfloor::accounts {

namespace {

// PDF user units are points.
constexpr double kMm = 72.0 / 25.4;
constexpr double kPageW = 210 * kMm, kPageH = 297 * kMm;
constexpr int kCols = 2, kRows = 5, kPerPage = kCols * kRows;
constexpr double kCardW = 90 * kMm, kCardH = 52 * kMm;
constexpr double kLeft = (kPageW - kCols * kCardW) / 2;  // 15 mm
constexpr double kTop = 26 * kMm;                        // below the store's heading
constexpr double kPad = 4 * kMm;
constexpr double kQr = 30 * kMm;
constexpr double kTextW = kCardW - 2 * kPad - kQr - 2 * kMm;
constexpr const char* kSans = "Loma, Garuda, DejaVu Sans, sans-serif";
constexpr const char* kMono = "DejaVu Sans Mono, Tlwg Mono, monospace";

struct Labels {
  const char *card, *sheet, *code, *scan;
};
constexpr Labels kActivation{"บัตรเปิดใช้งาน · Activation card", "บัตรเปิดใช้งาน · Activation cards",
                             "รหัสเปิดใช้งาน · Activation code", "สแกนเพื่อลงทะเบียน · Scan to sign up"};
constexpr Labels kReset{"บัตรตั้งรหัสผ่านใหม่ · Password reset card", "บัตรตั้งรหัสผ่านใหม่ · Password reset cards",
                        "รหัสตั้งรหัสผ่านใหม่ · Reset code", "สแกนเพื่อตั้งรหัสผ่าน · Scan to reset"};

cairo_status_t append_to(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

struct Style {
  const char* family = kSans;
  double size = 8;  // points
  bool bold = false;
  double grey = 0.1;  // 0 black … 1 white
  PangoAlignment align = PANGO_ALIGN_LEFT;
};

// One line of text, shaped by Pango, cut with "…" when wider than `width`. Returns its height.
double draw_line(cairo_t* cr, const std::string& text, double x, double y, double width, const Style& s,
                 bool draw = true) {
  PangoLayout* layout = pango_cairo_create_layout(cr);
  PangoFontDescription* font = pango_font_description_from_string(s.family);
  pango_font_description_set_absolute_size(font, s.size * PANGO_SCALE);
  pango_font_description_set_weight(font, s.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description(layout, font);
  pango_layout_set_width(layout, static_cast<int>(width * PANGO_SCALE));
  pango_layout_set_height(layout, -1);  // one line
  pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment(layout, s.align);
  pango_layout_set_text(layout, text.c_str(), -1);
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  double height = static_cast<double>(logical.height) / PANGO_SCALE;
  if (draw) {
    cairo_set_source_rgb(cr, s.grey, s.grey, s.grey);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
  }
  pango_font_description_free(font);
  g_object_unref(layout);
  return height;
}

// The QR code of `text` as filled squares (runs of dark modules per row), with its quiet zone, in a
// `size` square at (x, y).
void draw_qr(cairo_t* cr, const std::string& text, double x, double y, double size) {
  std::unique_ptr<QRcode, decltype(&QRcode_free)> qr(
      QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
  if (!qr) throw std::runtime_error("QR encoding failed");
  const int n = qr->width, quiet = 4;
  const double module = size / (n + 2 * quiet);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, x, y, size, size);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n;) {
      if (!(qr->data[row * n + col] & 1)) {
        ++col;
        continue;
      }
      int end = col;
      while (end < n && (qr->data[row * n + end] & 1)) ++end;
      cairo_rectangle(cr, x + (quiet + col) * module, y + (quiet + row) * module, (end - col) * module,
                      module);
      col = end;
    }
  }
  cairo_fill(cr);
}

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
  std::string out;
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append_to, &out, kPageW, kPageH);
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, labels.sheet);
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, product_name.c_str());
  cairo_t* cr = cairo_create(surface);
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
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  cairo_status_t status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("PDF: ") + cairo_status_to_string(status));
  return out;
}

}  // namespace shopfloor::accounts
