// The HTML of a share page and of the one 404 page (no scripts, inline styles only, every text escaped).
#pragma once

#include <string>

#include "share/share.hpp"

namespace shopfloor::share {

struct PageContext {
  std::string product;   // PRODUCT_NAME
  std::string origin;    // "https://host", for absolute og: URLs
  std::string page_url;  // this page's absolute URL
  std::string fonts;     // @font-face rules (fonts.hpp), may be empty
};

std::string render_card(const PageContext& p, const Card& card);
std::string render_not_found(const std::string& product, const std::string& fonts);

}  // namespace shopfloor::share
