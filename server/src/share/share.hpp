// Public share pages (issue 15, SPEC §5 "Share"): GET /share/{type}/{id} answers real HTML with Open Graph
// and Twitter tags, so a chat app's link preview works without JavaScript, and an "open in app" link.
// Each shareable kind is one call at start, from the area that owns it (or here for the built-in ones):
//
//   share::add_kind("story", [](db::Connection& c, const std::string& id, std::int64_t now)
//                                -> std::optional<share::Card> { ... });
//
// The loader returns the card only for an item that is published, inside its window and for everyone; any
// other answer (nullopt) is the one 404 page, byte for byte the same for every reason.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "http/area.hpp"

namespace shopfloor::share {

struct Card {
  // The four every card has; the rest are set by name where a kind needs them.
  Card(std::string title, std::string summary, std::optional<std::string> image_url, std::string app_path)
      : title(std::move(title)),
        summary(std::move(summary)),
        image_url(std::move(image_url)),
        app_path(std::move(app_path)) {}

  std::string title;
  std::string summary;                   // plain text; the page clips it
  std::optional<std::string> image_url;  // a library image, "/media/<hash>.<ext>"
  std::string app_path;                  // where "open in app" goes, e.g. "/main/articles/<id>"
  std::vector<std::string> facts;        // short lines under the summary (who, when), plain text
  bool whole_picture = false;            // show the picture whole (a badge), not cropped to a banner
  bool verified = false;                 // a record this server vouches for (a badge award): the page says
                                         // so, naming the product as its issuer
};

using Loader = std::function<std::optional<Card>(db::Connection&, const std::string& id, std::int64_t now)>;

// Registers (or replaces) the loader of one type; call while the server starts.
void add_kind(const std::string& type, Loader loader);

// "th" when the text has Thai letters, else "en": the language a card's page is written in.
std::string language_of(const std::string& text);

// A day in Asia/Bangkok as the page's readers write it: "27 พฤศจิกายน 2569" (Buddhist-era year) for "th",
// "27 November 2026" otherwise.
std::string date_text(std::int64_t epoch_ms, const std::string& lang);

// The cover image of an item, as Card::image_url wants it (nullopt for no id or a non-image).
std::optional<std::string> media_image_url(db::Connection& c, const std::optional<std::string>& media_id);

// GET /share/* (app/app.cpp routes /share/ to the server, not the SPA) and the built-in article and event
// kinds.
void register_routes(http::Services& app);

}  // namespace shopfloor::share
