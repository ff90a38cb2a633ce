#include "accounts/drawing.hpp"

#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <qrencode.h>

#include <memory>
#include <stdexcept>

namespace shopfloor::accounts::drawing {

namespace {

cairo_status_t append_to(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

double draw_line(cairo_t* cr, const std::string& text, double x, double y, double width, const Style& s,
                 bool draw) {
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

PdfDocument::PdfDocument(double width, double height, const std::string& title, const std::string& creator) {
  surface_ = cairo_pdf_surface_create_for_stream(append_to, &out_, width, height);
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, title.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, creator.c_str());
  cr_ = cairo_create(surface_);
}

PdfDocument::~PdfDocument() {
  if (cr_) cairo_destroy(cr_);
  if (surface_) cairo_surface_destroy(surface_);
}

std::string PdfDocument::bytes() {
  cairo_destroy(cr_);
  cr_ = nullptr;
  cairo_surface_finish(surface_);
  cairo_status_t status = cairo_surface_status(surface_);
  cairo_surface_destroy(surface_);
  surface_ = nullptr;
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("PDF: ") + cairo_status_to_string(status));
  return std::move(out_);
}

}  // namespace shopfloor::accounts::drawing
