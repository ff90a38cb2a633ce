// One-time account codes (accounts/codes.hpp), the reset mail (mail/outbox.hpp render,
// accounts/reset_mail.hpp) and the printable cards (accounts/cards.hpp): the parts that need no server.
// Issuing, using and racing codes are covered through HTTP in tests/integration/account-codes.test.mjs and
// password-reset.test.mjs.
#include <gtest/gtest.h>

#include <set>

#include "accounts/cards.hpp"
#include "accounts/codes.hpp"
#include "accounts/reset_mail.hpp"
#include "mail/outbox.hpp"
#include "util/ids.hpp"

using namespace shopfloor;
using namespace shopfloor::accounts;

TEST(AccountCodes, FreshCodesUseOnlyTheUnambiguousAlphabet) {
  init_crypto();
  std::set<std::string> seen;
  for (int i = 0; i < 2000; ++i) {
    std::string code = new_code();
    ASSERT_EQ(code.size(), 9u) << code;
    EXPECT_EQ(code[4], '-');
    for (std::size_t k = 0; k < code.size(); ++k) {
      if (k == 4) continue;
      EXPECT_NE(kAlphabet.find(code[k]), std::string_view::npos) << code;
      EXPECT_EQ(std::string("0O1IL").find(code[k]), std::string::npos) << code;
    }
    seen.insert(code);
  }
  EXPECT_EQ(seen.size(), 2000u) << "31^8 codes: 2,000 draws do not repeat";
  EXPECT_EQ(kAlphabet.size(), 31u);
}

TEST(AccountCodes, TypedCodesAreNormalised) {
  EXPECT_EQ(normalize_code("abcd-efgh"), "ABCDEFGH");
  EXPECT_EQ(normalize_code(" ab cd  ef-gh "), "ABCDEFGH");
  EXPECT_EQ(normalize_code("ABCD-EFG"), "");             // too short
  EXPECT_EQ(normalize_code("ABCD-EFGHJ"), "");           // too long
  EXPECT_EQ(normalize_code("ABCD-EFG0"), "");            // 0 is not in the alphabet
  EXPECT_EQ(normalize_code("OIL2-3456"), "");            // nor O, I, L
  EXPECT_EQ(normalize_code("ABCD\xE0\xB8\x81EFG"), "");  // nor Thai letters
  EXPECT_EQ(display_code("ABCDEFGH"), "ABCD-EFGH");
}

TEST(AccountCodes, HashesAreKeyedAndBoundToPurposeAndPerson) {
  auto h = code_hash("secret", Purpose::activation, "user-1", "ABCDEFGH");
  EXPECT_EQ(h.size(), 64u);
  EXPECT_EQ(h, code_hash("secret", Purpose::activation, "user-1", "ABCDEFGH"));
  EXPECT_NE(h, code_hash("other secret", Purpose::activation, "user-1", "ABCDEFGH"));
  EXPECT_NE(h, code_hash("secret", Purpose::reset, "user-1", "ABCDEFGH"));
  EXPECT_NE(h, code_hash("secret", Purpose::activation, "user-2", "ABCDEFGH"));
  EXPECT_EQ(h.find("ABCDEFGH"), std::string::npos);
  EXPECT_NE(link_hash("secret", "token"), link_hash("secret", "token2"));
  EXPECT_EQ(parse_purpose("reset_link"), Purpose::reset_link);
  EXPECT_FALSE(parse_purpose("login"));
}

TEST(ResetMail, ThaiAndEnglishWithTheLinkInBase64Utf8) {
  auto m = reset_mail(
      {"a@example.test", "สมชาย ใจดี", "th", "https://app.example/reset?token=abc", "Shopfloor", 60});
  EXPECT_EQ(m.to, "a@example.test");
  EXPECT_NE(m.text.find("สวัสดีคุณสมชาย ใจดี"), std::string::npos);
  EXPECT_NE(m.text.find("Hello สมชาย ใจดี"), std::string::npos);
  EXPECT_LT(m.text.find("สวัสดี"), m.text.find("Hello")) << "Thai first for a Thai reader";
  auto en = reset_mail({"a@example.test", "Ann", "en", "https://x/reset?token=t", "Shopfloor", 30});
  EXPECT_LT(en.text.find("Hello"), en.text.find("สวัสดี"));
  EXPECT_NE(en.text.find("30 minutes"), std::string::npos);

  std::string raw = mail::render(m, "ร้าน <no-reply@shop.example>", 1'700'000'000'000);
  EXPECT_NE(raw.find("Date: Tue, 14 Nov 2023 22:13:20 +0000\r\n"), std::string::npos) << raw;
  EXPECT_NE(raw.find("From: =?UTF-8?B?"), std::string::npos) << "a Thai sender name is encoded";
  EXPECT_NE(raw.find(" <no-reply@shop.example>\r\n"), std::string::npos);
  EXPECT_NE(raw.find("To: <a@example.test>\r\n"), std::string::npos);
  EXPECT_NE(raw.find("Subject: =?UTF-8?B?"), std::string::npos);
  EXPECT_NE(raw.find("@shop.example>\r\n"), std::string::npos) << "Message-ID in the sender's domain";
  EXPECT_NE(raw.find("Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n"),
            std::string::npos);
  auto body = raw.substr(raw.find("\r\n\r\n") + 4);
  for (std::size_t start = 0; start < body.size();) {
    auto end = body.find("\r\n", start);
    ASSERT_NE(end, std::string::npos);
    EXPECT_LE(end - start, 76u) << "base64 lines of at most 76 characters";
    start = end + 2;
  }
  // A header value cannot carry a line break into the header block.
  auto evil = mail::render({"x@y.z\r\nBcc: victim@example.test", "s", "t"}, "a@b.c", 0);
  EXPECT_EQ(evil.find("\r\nBcc:"), std::string::npos);
  EXPECT_EQ(mail::address_of("Shop <no-reply@shop.example>"), "no-reply@shop.example");
  EXPECT_EQ(mail::address_of("no-reply@shop.example"), "no-reply@shop.example");
}

TEST(Cards, DatesInBangkok) {
  // 2026-12-31 17:30 UTC is already 1 January 2027 in Bangkok (BE 2570).
  std::int64_t t = 1'798'738'200'000;
  EXPECT_EQ(english_date(t), "1 Jan 2027");
  EXPECT_EQ(thai_date(t), "1 ม.ค. 2570");
}

TEST(Cards, APdfWithOnePagePerStoreAndTenCardsAPage) {
  std::vector<Card> cards;
  for (int i = 0; i < 12; ++i)
    cards.push_back({"สมชาย ใจดี", "S" + std::to_string(i), "BKK01", "เซ็นทรัลเวิลด์", "ABCD-EFGH",
                     "https://app.example/register?code=ABCD-EFGH&employee=S" + std::to_string(i), 0});
  cards.push_back({"Ann", "X1", "", "", "ABCD-EFGH", "https://app.example/register", 0});
  auto pdf = cards_pdf(cards, CardKind::activation, "Shopfloor");
  ASSERT_GT(pdf.size(), 1000u);
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
  // 12 cards of BKK01 → 2 pages; the card without a store → 1 page (the page tree's count; cairo leaves
  // the document structure uncompressed).
  EXPECT_NE(pdf.find("/Count 3"), std::string::npos);
}
