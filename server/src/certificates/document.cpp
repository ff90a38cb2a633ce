#include "certificates/document.hpp"

#include "accounts/cards.hpp"
#include "accounts/drawing.hpp"

namespace shopfloor::certificates {

namespace {

using accounts::drawing::draw_line;
using accounts::drawing::mm;
using accounts::drawing::Style;

constexpr double page_w = 297 * mm, page_h = 210 * mm;
constexpr double margin = 14 * mm;
constexpr double qr_size = 42 * mm;

std::string both_dates(const char* th, const char* en, std::int64_t at) {
  return std::string(th) + " " + accounts::thai_date(at) + " · " + en + " " + accounts::english_date(at);
}

void frame(cairo_t* cr) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.12, 0.35, 0.6);
  cairo_set_line_width(cr, 2.5);
  cairo_rectangle(cr, margin / 2, margin / 2, page_w - margin, page_h - margin);
  cairo_stroke(cr);
  cairo_set_line_width(cr, 0.6);
  cairo_rectangle(cr, margin / 2 + 2 * mm, margin / 2 + 2 * mm, page_w - margin - 4 * mm,
                  page_h - margin - 4 * mm);
  cairo_stroke(cr);
  cairo_restore(cr);
}

}  // namespace

std::string certificate_pdf(const Document& d) {
  accounts::drawing::PdfDocument pdf(page_w, page_h, d.title, d.product);
  cairo_t* cr = pdf.cr();
  frame(cr);
  const double x = margin + 6 * mm, width = page_w - 2 * x;
  const Style centred{.size = 11, .grey = 0.35, .align = PANGO_ALIGN_CENTER};
  double y = margin + 8 * mm;
  y += draw_line(cr, d.product, x, y, width, centred);
  y += 4 * mm;
  y += draw_line(cr, "ใบรับรอง · Certificate", x, y, width,
                 {.size = 28, .bold = true, .grey = 0.12, .align = PANGO_ALIGN_CENTER});
  y += draw_line(cr, d.title, x, y, width, {.size = 15, .grey = 0.2, .align = PANGO_ALIGN_CENTER});
  y += 8 * mm;
  y += draw_line(cr, "มอบให้เพื่อรับรองว่า · This certifies that", x, y, width, centred);
  y += 2 * mm;
  y += draw_line(cr, d.holder, x, y, width,
                 {.size = 24, .bold = true, .grey = 0.05, .align = PANGO_ALIGN_CENTER});
  y += 3 * mm;
  y += draw_line(cr,
                 d.path ? "ได้ผ่านเส้นทางการเรียนรู้ · has completed the learning path"
                        : "ได้ผ่านหลักสูตร · has completed the course",
                 x, y, width, centred);
  y += 2 * mm;
  draw_line(cr, d.course, x, y, width, {.size = 16, .bold = true, .grey = 0.15, .align = PANGO_ALIGN_CENTER});

  // The dates at the bottom left, the QR code at the bottom right.
  const double bottom = page_h - margin - 4 * mm;
  const double qx = page_w - margin - 4 * mm - qr_size, qy = bottom - qr_size - 6 * mm;
  const double text_w = qx - x - 6 * mm;
  const Style date{.size = 11, .grey = 0.2};
  double line = draw_line(cr, "x", 0, 0, text_w, date, false) + 1.5 * mm;
  double dy = bottom - 3 * line;
  draw_line(cr, both_dates("ออกให้เมื่อ", "Issued on", d.issued_at), x, dy, text_w, date);
  draw_line(cr, both_dates("ใช้ได้ถึง", "Valid until", d.expires_at), x, dy + line, text_w,
            {.size = 11, .bold = true, .grey = 0.2});
  if (d.expired)
    draw_line(cr, "หมดอายุแล้ว · Expired", x, dy + 2 * line, text_w, {.size = 11, .bold = true, .grey = 0.1});
  accounts::drawing::draw_qr(cr, d.verify_url, qx, qy, qr_size);
  draw_line(cr, "สแกนเพื่อตรวจสอบ · Scan to verify", qx - 10 * mm, qy + qr_size + 1 * mm, qr_size + 20 * mm,
            {.size = 8, .grey = 0.4, .align = PANGO_ALIGN_CENTER});
  cairo_show_page(cr);
  return pdf.bytes();
}

}  // namespace shopfloor::certificates
