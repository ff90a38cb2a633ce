#include "search/bench.hpp"

#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <random>
#include <vector>

#include "search/caps.hpp"
#include "search/index.hpp"
#include "search/query.hpp"

namespace shopfloor::search {

namespace {

using Clock = std::chrono::steady_clock;

// Words of retail training, news and events: the first ones are drawn most often (Zipf-like), so some
// queries are broad (thousands of matches) and others narrow.
constexpr const char* vocabulary[] = {
    "ลูกค้า",      "บริการ",    "สินค้า",       "พนักงาน",    "การขาย",  "ร้าน",        "โปรโมชั่น",  "ความปลอดภัย",
    "หลักสูตร",    "เรียนรู้",    "สาขา",       "ราคา",      "ส่วนลด",   "คะแนน",      "กิจกรรม",   "ทีม",
    "หัวหน้า",     "แคชเชียร์",  "ชั้นวาง",      "สต็อก",      "มือถือ",    "รับมือ",       "คู่มือ",      "ต้อนรับ",
    "ทักทาย",     "แนะนำ",    "คืนเงิน",      "เปลี่ยนสินค้า", "รับประกัน", "ซ่อม",        "ถังดับเพลิง", "อพยพ",
    "ทางหนีไฟ",   "สุขอนามัย",  "ล้างมือ",      "อาหาร",     "เครื่องดื่ม", "กาแฟ",       "ขนม",      "ผลไม้",
    "เสื้อผ้า",     "รองเท้า",   "เครื่องสำอาง", "ผิวหน้า",     "ไฟฟ้า",    "ฉลาก",       "ประหยัด",   "พลังงาน",
    "ตู้เย็น",      "แอร์",      "ตรวจนับ",     "คลังสินค้า",   "จัดส่ง",    "ออนไลน์",     "สั่งซื้อ",     "ชำระเงิน",
    "บัตรเครดิต",  "เงินสด",    "ใบเสร็จ",     "ภาษี",       "สมาชิก",   "แต้ม",        "ของรางวัล", "คูปอง",
    "เทศกาล",    "ปีใหม่",     "สงกรานต์",    "วันแม่",      "ตรุษจีน",   "ฤดูร้อน",      "ยอดขาย",   "เป้าหมาย",
    "รายงาน",    "ประชุม",    "อบรม",       "แบบทดสอบ",  "ผ่าน",     "ใบประกาศ",   "ทักษะ",     "สื่อสาร",
    "ภาษาอังกฤษ", "ภาษาจีน",   "ยิ้ม",         "สุภาพ",      "ใจเย็น",   "ร้องเรียน",    "ปัญหา",     "แก้ไข",
    "ขอโทษ",     "ขอบคุณ",    "จัดเรียง",     "หน้าร้าน",    "ป้าย",     "แสงไฟ",      "ดนตรี",     "บรรยากาศ",
    "ความสะอาด", "ขยะ",      "รีไซเคิล",     "สิ่งแวดล้อม",  "สุขภาพ",   "ออกกำลังกาย", "วิ่ง",       "ฟุตบอล",
    "อาสา",      "บริจาค",    "โรงเรียน",    "ชุมชน",      "ครอบครัว", "เพื่อน",       "เช้า",      "เย็น",
    "กะ",        "วันหยุด",    "ลางาน",      "เงินเดือน",   "สวัสดิการ", "ประกัน",      "โบนัส",     "เลื่อนตำแหน่ง",
    "ผู้จัดการ",    "ภูมิภาค",    "กรุงเทพ",     "เชียงใหม่",   "ภูเก็ต",    "ขอนแก่น",     "หาดใหญ่",   "พัทยา",
    "อยุธยา",     "ระยอง",    "ใหม่",        "ล่าสุด",      "สำคัญ",    "ง่าย",        "รวดเร็ว",   "ถูกต้อง",
    "มืออาชีพ",    "เบื้องต้น",   "ขั้นสูง",       "ประจำเดือน", "POS",     "iPhone",     "Samsung",  "Promotion",
    "Service",   "Customer", "Training",   "Safety",    "Online",  "Delivery",
};
constexpr std::size_t vocabulary_size = std::size(vocabulary);

class Words {
 public:
  explicit Words(std::uint32_t seed) : rng_(seed) {
    std::vector<double> weights;
    for (std::size_t i = 0; i < vocabulary_size; ++i) weights.push_back(1.0 / static_cast<double>(i + 1));
    pick_ = std::discrete_distribution<std::size_t>(weights.begin(), weights.end());
  }
  const char* word() { return vocabulary[pick_(rng_)]; }
  // Thai typed as Thai is: no space between words (one now and then, as between phrases).
  std::string text(std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
      if (i && (i % 4 == 0 || (static_cast<unsigned char>(out.back()) < 0x80))) out += ' ';
      out += word();
    }
    return out;
  }
  std::size_t between(std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(rng_);
  }

 private:
  std::mt19937 rng_;
  std::discrete_distribution<std::size_t> pick_;
};

Document document(Words& w, std::size_t i, std::int64_t now) {
  return {"bench",
          "bench-" + std::to_string(i),
          w.text(w.between(3, 6)),
          w.text(w.between(6, 12)),
          w.text(w.between(20, 60)),
          now - static_cast<std::int64_t>(i) * 1000};
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

Spread spread(std::vector<double> ms) {
  if (ms.empty()) return {};
  std::sort(ms.begin(), ms.end());
  auto at = [&](double p) {
    return ms[std::min(ms.size() - 1, static_cast<std::size_t>(p * static_cast<double>(ms.size())))];
  };
  return {at(0.50), at(0.95), at(0.99), ms.back()};
}

// What the staff search shows per page; documents written per transaction while seeding.
constexpr std::size_t page_size = 20, batch = 1000;

}  // namespace

BenchFigures bench(db::Database& db, const BenchOptions& options) {
  BenchFigures out;
  Words w(31);
  auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  bool reuse =
      options.reuse &&
      db.transact_sync(
          [&](db::Connection& c) {
            return c.query("SELECT count(*) FROM search_docs WHERE kind = 'bench'").first()->i64(0) ==
                   static_cast<std::int64_t>(options.items);
          },
          db::TxMode::read);
  if (!reuse)
    db.transact_sync([](db::Connection& c) { c.query("DELETE FROM search_docs WHERE kind = 'bench'"); });

  auto seeding = Clock::now();
  for (std::size_t from = 0; from < options.items && !reuse; from += batch)
    db.transact_sync([&](db::Connection& c) {
      for (std::size_t i = from; i < std::min(options.items, from + batch); ++i) put(c, document(w, i, now));
    });
  out.items = options.items;
  out.seed_seconds = ms_since(seeding) / 1000;
  // The statistics autovacuum keeps for a table this size (it would take them within a minute or so of the
  // writes): search/postgres_fts.cpp orders the terms and picks the recency scan or the GIN index from the
  // words' element frequencies in search_match.
  db.transact_sync([](db::Connection& c) {
    if (!c.is_sqlite()) c.exec_script("ANALYZE search_docs, search_match");
  });

  // One item written again (new text) in its own transaction, as a back-office save does.
  std::vector<double> puts;
  for (std::size_t k = 0; k < options.writes; ++k) {
    Document d = document(w, w.between(0, options.items - 1), now + 1000);
    db.transact_sync([&](db::Connection& c) {
      auto start = Clock::now();
      put(c, d);
      puts.push_back(ms_since(start));
    });
  }
  out.put_ms = spread(std::move(puts));

  const std::vector<std::string> kinds{"bench"};
  std::vector<double> queries;
  double matches = 0;
  for (std::size_t k = 0; k < options.queries; ++k) {
    std::string typed = std::string(w.word()) + w.word();  // two words, no space
    auto start = Clock::now();
    db.transact_sync(
        [&](db::Connection& c) {
          Query q = parse(typed);
          add_typos(c, q);
          auto hits = find(c, q, kinds, staff_candidates);
          matches += static_cast<double>(hits.size());
          if (hits.size() > page_size) hits.resize(page_size);
          show(c, q, hits);
        },
        db::TxMode::read);
    queries.push_back(ms_since(start));
  }
  out.query_ms = spread(std::move(queries));
  out.mean_matches = options.queries ? matches / static_cast<double>(options.queries) : 0;

  if (!options.keep)
    while (db.transact_sync([](db::Connection& c) {
      return c
          .query(
              "DELETE FROM search_docs WHERE id IN (SELECT id FROM search_docs WHERE kind = 'bench' LIMIT "
              "10000)")
          .affected;
    }) > 0) {
    }
  return out;
}

std::string figures_json(const BenchFigures& f, std::string_view backend) {
  auto s = [](const Spread& x) {
    return boost::json::object{{"p50", x.p50}, {"p95", x.p95}, {"p99", x.p99}, {"max", x.max}};
  };
  return boost::json::serialize(boost::json::object{{"backend", backend},
                                                    {"items", f.items},
                                                    {"seedSeconds", f.seed_seconds},
                                                    {"indexUpdateMs", s(f.put_ms)},
                                                    {"twoWordQueryMs", s(f.query_ms)},
                                                    {"meanMatches", f.mean_matches}});
}

}  // namespace shopfloor::search
