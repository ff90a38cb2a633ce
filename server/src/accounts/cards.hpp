// Printable cut-out cards of one-time codes (issue 26): an A4 PDF, ten 90 × 52 mm cards a page with dashed
// cut lines, each store's cards on pages of their own under the store's name. A card shows the person's
// name, store and employee code, the code, when it expires, and a QR code of the link that opens the
// page where it is used. Drawn with cairo; text laid out by Pango (Thai shaped, fonts found through
// fontconfig: the TLWG fonts of fonts-thai-tlwg, DejaVu Sans Mono for the code); the QR by libqrencode.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace shopfloor::accounts {

struct Card {
  std::string name, employee_code, store_code, store_name;  // store_code empty: no store
  std::string code;                                         // "ABCD-EFGH"
  std::string link;                                         // what the QR opens
  std::int64_t expires_at = 0;
};

enum class CardKind { activation, reset };

// Cards in the order given; a new store (by store_code) starts a new page.
std::string cards_pdf(const std::vector<Card>& cards, CardKind kind, const std::string& product_name);

// "25 ธ.ค. 2569" / "25 Dec 2026": the day in Asia/Bangkok.
std::string thai_date(std::int64_t epoch_ms);
std::string english_date(std::int64_t epoch_ms);

}  // namespace shopfloor::accounts
