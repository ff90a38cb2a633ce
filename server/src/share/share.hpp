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

#include "http/area.hpp"

namespace shopfloor::share {

struct Card {
  std::string title;
  std::string summary;                   // plain text; the page clips it
  std::optional<std::string> image_url;  // a library image, "/media/<hash>.<ext>"
  std::string app_path;                  // where "open in app" goes, e.g. "/main/articles/<id>"
};

using Loader = std::function<std::optional<Card>(db::Connection&, const std::string& id, std::int64_t now)>;

// Registers (or replaces) the loader of one type; call while the server starts.
void add_kind(const std::string& type, Loader loader);

// The cover image of an item, as Card::image_url wants it (nullopt for no id or a non-image).
std::optional<std::string> media_image_url(db::Connection& c, const std::optional<std::string>& media_id);

// GET /share/* (app/app.cpp routes /share/ to the server, not the SPA) and the built-in article and event
// kinds.
void register_routes(http::Services& app);

}  // namespace shopfloor::share
