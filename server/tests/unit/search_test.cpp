// Search (server/src/search/): words of a text (ICU), queries, highlights, and the index on both databases
// (SQLite on a temp file always; PostgreSQL when TEST_DATABASE_URL is set, in a schema of its own). The
// staff and admin searches through the real server are in tests/integration/search.test.mjs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "db/database.hpp"
#include "search/index.hpp"
#include "search/query.hpp"
#include "search/text.hpp"

namespace {

namespace db = shopfloor::db;
namespace search = shopfloor::search;
using Words = std::vector<std::string>;

// ---- words

TEST(SearchWords, ThaiIsSplitIntoDictionaryWords) {
  EXPECT_EQ(search::words("การบริการลูกค้า"), (Words{"การ", "บริการ", "ลูกค้า"}));
  EXPECT_EQ(search::words("ลูกค้าสัมพันธ์"), (Words{"ลูกค้า", "สัมพันธ์"}));
  // Compounds ICU keeps whole: "มือ" is not a word of these.
  EXPECT_EQ(search::words("รับมือ"), (Words{"รับมือ"}));
  EXPECT_EQ(search::words("คู่มือ"), (Words{"คู่มือ"}));
  EXPECT_EQ(search::words("บริการ ลูกค้า"), (Words{"บริการ", "ลูกค้า"}));
}

TEST(SearchWords, CaseAccentsWidthAndInvisibleCharactersFold) {
  EXPECT_EQ(search::words("Café CRÈME ﬁne Straße"), (Words{"cafe", "creme", "fine", "strasse"}));
  EXPECT_EQ(search::words("ＡＢＣ１２３"), (Words{"abc123"}));
  EXPECT_EQ(search::words("สิน\u200Bค้า"), search::words("สินค้า")) << "a zero-width space is not a break";
  EXPECT_EQ(search::words("\uFEFFบริการ\u200C\u200Dลูกค้า\u2060"), (Words{"บริการ", "ลูกค้า"}));
  EXPECT_EQ(search::words("soft\u00ADhyphen a\u00A0\u00A0b"), (Words{"softhyphen", "a", "b"}));
  EXPECT_EQ(search::words("iPhone 15 Pro (ลดราคา)"), (Words{"iphone", "15", "pro", "ลด", "ราคา"}));
}

TEST(SearchWords, ThaiTypedAgainstLatinIsTwoWords) {
  // ICU alone keeps "ลูกค้าvip" whole; people typing a code after a Thai word mean two words.
  EXPECT_EQ(search::words("ลูกค้าVIP"), (Words{"ลูกค้า", "vip"}));
  EXPECT_EQ(search::words("บริการลูกค้าzq8h792"), (Words{"บริการ", "ลูกค้า", "zq8h792"}));
  EXPECT_EQ(search::words("iPhoneรุ่นใหม่"), (Words{"iphone", "รุ่น", "ใหม่"}));
  EXPECT_EQ(search::words("iPhone15"), (Words{"iphone15"})) << "digits belong to no script";
  auto located = search::located_words("ลูกค้าVIP");
  ASSERT_EQ(located.size(), 2u);
  EXPECT_EQ(located[1].word, "vip");
  EXPECT_EQ(std::string("ลูกค้าVIP").substr(located[1].begin, located[1].end - located[1].begin), "VIP");
}

TEST(SearchWords, ThaiMarksHaveOneOrder) {
  // น้ำ: tone mark then SARA AM; typed as NIKHAHIT, tone mark, SARA AA; or with the marks swapped.
  std::string typed_apart = "น\u0E4D\u0E49\u0E32", swapped = "น\u0E49\u0E4D\u0E32";
  EXPECT_EQ(search::normalize(typed_apart), search::normalize("น้ำ"));
  EXPECT_EQ(search::normalize(swapped), search::normalize("น้ำ"));
  EXPECT_EQ(search::normalize("น้ำ"), "น้ำ");
  // Vowel and tone mark typed in the other order, and a tone mark typed twice.
  EXPECT_EQ(search::normalize("ก\u0E48\u0E34ง"), "กิ่ง");
  EXPECT_EQ(search::normalize("ปู\u0E48\u0E48"), "ปู่");
  EXPECT_EQ(search::words("นํ้าดื่ม"), (Words{"น้ำ", "ดื่ม"}));
}

TEST(SearchWords, PunctuationAndSyntaxAreNotWords) {
  EXPECT_TRUE(search::words("% _ ' \" * : ( ) - AND OR NOT").size() == 3);  // and, or, not are words
  EXPECT_TRUE(search::words("%_'\"*:()^~<->!&|\\").empty());
  EXPECT_TRUE(search::words("\xff\xfe").empty()) << "ill-formed UTF-8 is no word";
}

TEST(SearchWords, LocatedWordsPointIntoTheOriginalText) {
  std::string text = "Café กับ น\u0E4D\u0E49\u0E32";
  auto located = search::located_words(text);
  ASSERT_EQ(located.size(), 3u);
  EXPECT_EQ(located[0].word, "cafe");
  EXPECT_EQ(text.substr(located[0].begin, located[0].end - located[0].begin), "Café");
  EXPECT_EQ(located[2].word, "น้ำ");
  EXPECT_EQ(text.substr(located[2].begin, located[2].end - located[2].begin), "น\u0E4D\u0E49\u0E32");
}

// ---- queries

TEST(SearchQuery, WordsArePrefixTermsQuotesArePhrases) {
  auto q = search::parse("บริการลูกค้า \"ลด ราคา\" \"มือ\"");
  ASSERT_EQ(q.terms.size(), 4u);
  EXPECT_EQ(q.terms[0].words, Words{"บริการ"});
  EXPECT_TRUE(q.terms[0].prefix);
  EXPECT_EQ(q.terms[2].words, (Words{"ลด", "ราคา"}));
  EXPECT_TRUE(q.terms[2].phrase());
  EXPECT_FALSE(q.terms[2].prefix);
  EXPECT_EQ(q.terms[3].words, Words{"มือ"});
  EXPECT_FALSE(q.terms[3].prefix) << "one quoted word is matched whole";
  EXPECT_FALSE(search::parse("a").terms[0].prefix) << "one letter is matched whole";
  EXPECT_TRUE(search::parse("  %%% ___ \"\" ").empty());
  EXPECT_EQ(search::parse("ลูกค้า ลูกค้า LUGKHA lugkha").terms.size(), 2u);
  std::string many;
  for (int i = 0; i < 30; ++i) many += "word" + std::to_string(i) + " ";
  EXPECT_EQ(search::parse(many).terms.size(), search::max_terms);
}

TEST(SearchQuery, OneEditApart) {
  EXPECT_TRUE(search::within_one_edit("promotion", "promotoin"));  // neighbours swapped
  EXPECT_TRUE(search::within_one_edit("promotion", "promotin"));   // one letter less
  EXPECT_TRUE(search::within_one_edit("promotion", "promotions"));
  EXPECT_TRUE(search::within_one_edit("promotion", "promotiom"));
  EXPECT_FALSE(search::within_one_edit("promotion", "promoshun"));
  EXPECT_FALSE(search::within_one_edit("promotion", "motion"));
  EXPECT_TRUE(search::typo_tolerant("promo"));
  EXPECT_FALSE(search::typo_tolerant("prom"));
  EXPECT_FALSE(search::typo_tolerant("ลูกค้าสัมพันธ์"));
}

// ---- highlights

TEST(SearchHighlight, MarksAreUtf16RangesOfTheMatchedWords) {
  auto q = search::parse("ลูกค้า");
  auto m = search::marked("การบริการลูกค้า", q);
  ASSERT_EQ(m.marks.size(), 1u);
  // การ (3) + บริการ (6) = 9 UTF-16 units before ลูกค้า (6).
  EXPECT_EQ(m.marks[0], (std::pair<std::size_t, std::size_t>{9, 15}));
  auto prefix = search::marked("Promotion promo PROMOTIONS", search::parse("promo"));
  EXPECT_EQ(prefix.marks.size(), 3u);
  EXPECT_TRUE(search::marked("รับมือกับลูกค้า", search::parse("มือ")).marks.empty()) << "never inside a word";
}

TEST(SearchHighlight, SnippetsCentreOnTheFirstMatch) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "คำอื่น ";
  text += "<b>ลูกค้า</b> & \"อื่น\" ";
  for (int i = 0; i < 40; ++i) text += "ต่อไป ";
  auto s = search::snippet(text, search::parse("ลูกค้า"), 80);
  EXPECT_TRUE(s.text.starts_with("\xE2\x80\xA6"));
  EXPECT_TRUE(s.text.ends_with("\xE2\x80\xA6"));
  ASSERT_EQ(s.marks.size(), 1u);
  // The text is returned as is (the web escapes it); the mark covers exactly the word.
  EXPECT_EQ(s.marks[0].second - s.marks[0].first, 6u);
  EXPECT_NE(s.text.find("<b>ลูกค้า</b>"), std::string::npos);
}

// ---- the index, on both databases

enum class Kind { sqlite, postgres };

std::string unique_suffix() {
  static std::atomic<int> counter{0};
  auto now = std::chrono::system_clock::now().time_since_epoch();
  return std::to_string(getpid()) + "_" +
         std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(now).count()) + "_" +
         std::to_string(counter++);
}

class SearchIndex : public ::testing::TestWithParam<Kind> {
 protected:
  void SetUp() override {
    if (GetParam() == Kind::postgres) {
      const char* env = std::getenv("TEST_DATABASE_URL");
      if (!env || !*env) GTEST_SKIP() << "TEST_DATABASE_URL is not set; skipping PostgreSQL";
      admin_url_ = env;
      schema_ = "sf_search_" + unique_suffix();
      db::Database::open(admin_url_, {.pool_size = 1})->transact_sync([&](db::Connection& c) {
        c.exec_script("CREATE SCHEMA " + schema_);
      });
      url_ = admin_url_ + (admin_url_.find('?') == std::string::npos ? "?" : "&") +
             "options=-c%20search_path%3D" + schema_;
    } else {
      path_ = std::filesystem::temp_directory_path() / ("shopfloor-search-" + unique_suffix() + ".db");
      url_ = "sqlite://" + path_.string();
    }
    db_ = db::Database::open(url_, {.pool_size = 1});
    db_->migrate();
  }
  void TearDown() override {
    db_.reset();
    if (!schema_.empty())
      db::Database::open(admin_url_, {.pool_size = 1})->transact_sync([&](db::Connection& c) {
        c.exec_script("DROP SCHEMA " + schema_ + " CASCADE");
      });
    if (!path_.empty())
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_.string() + suffix);
  }

  void put(const std::string& id, const std::string& title, const std::string& summary = "",
           const std::string& body = "", std::int64_t at = 1) {
    db_->transact_sync([&](db::Connection& c) { search::put(c, {"things", id, title, summary, body, at}); });
  }

  // Item ids found, best first.
  std::vector<std::string> find(std::string_view typed, std::size_t cap = 100) {
    return db_->transact_sync([&](db::Connection& c) {
      auto q = search::parse(typed);
      search::add_typos(c, q);
      std::vector<std::string> kinds{"things"}, out;
      for (const auto& h : search::find(c, q, kinds, cap)) out.push_back(h.item_id);
      return out;
    });
  }

  std::unique_ptr<db::Database> db_;
  std::string admin_url_, schema_, url_;
  std::filesystem::path path_;
};

TEST_P(SearchIndex, AllWordsInAnyOrderWholeOrByPrefix) {
  put("a", "การบริการลูกค้า");
  put("b", "ลูกค้าสัมพันธ์ในร้านค้าปลีก");
  put("c", "การรับมือกับลูกค้าที่ไม่พอใจ");
  put("d", "มือถือรุ่นใหม่");
  put("e", "คู่มือพนักงาน");
  EXPECT_EQ(find("บริการ ลูกค้า"), Words{"a"});
  EXPECT_EQ(find("ลูกค้า บริการ"), Words{"a"});
  EXPECT_EQ(find("บริการลูกค้า"), Words{"a"}) << "unspaced: two words";
  EXPECT_EQ(find("มือ"), Words{"d"}) << "not from inside รับมือ or คู่มือ";
  EXPECT_EQ(find("ลูกค้า สัม"), Words{"b"}) << "a word by its start";
  EXPECT_EQ(find("\"ลูกค้า บริการ\""), Words{}) << "a phrase keeps its order";
  EXPECT_EQ(find("\"บริการ ลูกค้า\""), Words{"a"});
  EXPECT_TRUE(find("%").empty());
  EXPECT_TRUE(find("ลูกค้า %' OR 1=1 --").empty()) << "syntax characters are not words; OR, 1 are words";
}

TEST_P(SearchIndex, RanksTitleThenSummaryThenBodyWholeWordsBeforePrefixesThenNewest) {
  put("body", "อื่น", "", "ส่วนลดพิเศษ", 50);
  put("summary", "อื่น", "ส่วนลดพิเศษ", "", 40);
  put("title", "ส่วนลดพิเศษ", "", "", 20);
  put("title-newer", "ส่วนลดใหญ่", "", "", 25);
  EXPECT_EQ(find("ส่วนลด"), (Words{"title-newer", "title", "summary", "body"}));
  put("exact", "รับสินค้า", "", "", 10);
  put("prefix", "รับมือลูกค้า", "", "", 60);  // รับมือ is one word: รับ is its start
  EXPECT_EQ(find("รับ"), (Words{"exact", "prefix"}));
  put("p1", "promotion week", "", "", 100);
  put("p2", "promo", "", "", 2);
  EXPECT_EQ(find("promo"), (Words{"p2", "p1"}));
}

TEST_P(SearchIndex, OneTypoForLongLatinWordsTheIndexDoesNotHave) {
  put("p", "Promotion calendar");
  EXPECT_EQ(find("promotoin"), Words{"p"});
  EXPECT_EQ(find("calender"), Words{"p"});
  EXPECT_TRUE(find("promoshun").empty());
  EXPECT_TRUE(find("calx").empty()) << "short words get no tolerance";
}

TEST_P(SearchIndex, RewritesAndRemoves) {
  put("x", "ชั้นวางสินค้า");
  EXPECT_EQ(find("สินค้า"), Words{"x"});
  put("x", "โปรโมชั่นประจำเดือน");
  EXPECT_TRUE(find("สินค้า").empty());
  EXPECT_EQ(find("โปรโมชั่น"), Words{"x"});
  db_->transact_sync([&](db::Connection& c) { search::remove(c, "things", "x"); });
  EXPECT_TRUE(find("โปรโมชั่น").empty());
}

TEST_P(SearchIndex, ABroadMatchRanksTheNewestUpToTheCap) {
  put("old", "ตรวจนับสต็อก", "", "", 10);
  put("tie-first", "ตรวจนับสต็อก", "", "", 30);
  put("tie-second", "ตรวจนับสต็อก", "", "", 30);  // same millisecond, written later: newer
  put("new", "ตรวจนับสต็อก", "", "", 40);
  db_->transact_sync([&](db::Connection& c) {
    search::put(c, {"other", "o", "ตรวจนับสต็อก", "", "", 99});
  });  // not a kind asked
  EXPECT_EQ(find("ตรวจนับ สต็อก", 3), (Words{"new", "tie-second", "tie-first"}));
  put("old", "ตรวจนับสต็อก", "", "", 50);  // edited: newer now
  EXPECT_EQ(find("ตรวจนับ สต็อก", 3), (Words{"old", "new", "tie-second"}));
  put("old", "ตรวจนับสต็อกสินค้า", "", "", 50);  // new text, same recency
  EXPECT_EQ(find("ตรวจนับ สต็อก", 2), (Words{"old", "new"}));
  EXPECT_EQ(find("สินค้า"), Words{"old"});
}

TEST_P(SearchIndex, APrefixOfManyLongerWordsFindsThemAll) {
  // More longer words than sqlite_fts.cpp reads one by one: FTS5's own prefix query then answers.
  Words all;
  for (char a = 'a'; a <= 'e'; ++a)
    for (char b = 'a'; b <= 'h'; ++b) {
      std::string id = std::string("till2") + a + b;  // a digit: no typo alternatives
      put(id, id, "", "", 100 + static_cast<std::int64_t>(all.size()));
      all.insert(all.begin(), id);  // newest first
    }
  EXPECT_EQ(find("till2", 100), all);
  EXPECT_EQ(find("till2b", 100),
            (Words{"till2bh", "till2bg", "till2bf", "till2be", "till2bd", "till2bc", "till2bb", "till2ba"}));
}

INSTANTIATE_TEST_SUITE_P(Backends, SearchIndex, ::testing::Values(Kind::sqlite, Kind::postgres),
                         [](const auto& info) { return info.param == Kind::sqlite ? "sqlite" : "postgres"; });

}  // namespace
