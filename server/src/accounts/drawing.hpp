// Drawing printable PDFs with cairo (pages), Pango (Thai shaped, fonts found through fontconfig: the TLWG
// fonts of fonts-thai-tlwg, DejaVu Sans Mono for codes) and libqrencode (QR codes): the activation cards
// (cards.hpp) and the course certificates (certificates/document.hpp) are drawn with these.
#pragma once

#include <cairo.h>
#include <pango/pango-layout.h>

#include <string>

namespace shopfloor::accounts::drawing {

// PDF user units are points.
inline constexpr double mm = 72.0 / 25.4;
inline constexpr const char* sans = "Loma, Garuda, DejaVu Sans, sans-serif";
inline constexpr const char* mono = "DejaVu Sans Mono, Tlwg Mono, monospace";

struct Style {
  const char* family = sans;
  double size = 8;  // points
  bool bold = false;
  double grey = 0.1;  // 0 black … 1 white
  PangoAlignment align = PANGO_ALIGN_LEFT;
};

// One line of text, shaped by Pango, cut with "…" when wider than `width`. Returns its height; with
// draw = false only measures.
double draw_line(cairo_t* cr, const std::string& text, double x, double y, double width, const Style& s,
                 bool draw = true);

// The QR code of `text` as filled squares (runs of dark modules per row), with its quiet zone, in a `size`
// square at (x, y).
void draw_qr(cairo_t* cr, const std::string& text, double x, double y, double size);

// A PDF drawn in memory: draw on cr(), cairo_show_page() after each page, then bytes().
class PdfDocument {
 public:
  PdfDocument(double width, double height, const std::string& title, const std::string& creator);
  ~PdfDocument();
  PdfDocument(const PdfDocument&) = delete;
  PdfDocument& operator=(const PdfDocument&) = delete;

  cairo_t* cr() { return cr_; }
  // Finishes the document (throws when cairo failed) and answers its bytes. Call once.
  std::string bytes();

 private:
  std::string out_;
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
};

}  // namespace shopfloor::accounts::drawing
