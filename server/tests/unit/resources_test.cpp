// The back-office engine's pure pieces: field validation, ISO dates, CSV parsing/writing, file sniffing,
// byte ranges.
#include <gtest/gtest.h>

#include "media/media.hpp"
#include "media/sniff.hpp"
#include "resources/csv.hpp"
#include "resources/fields.hpp"

namespace json = boost::json;
using namespace shopfloor;
using namespace shopfloor::resources;

namespace {

Resource sample() {
  Resource r;
  r.name = "things";
  r.table = "things";
  Field code = string_field("code", "code", {"รหัส", "Code"});
  code.required = true;
  code.max_length = 5;
  Field email = string_field("email", "email", {"อีเมล", "Email"});
  email.format = "email";
  email.lowercase = true;
  Field count = string_field("count", "count", {"จำนวน", "Count"});
  count.type = FieldType::integer;
  count.min = 0;
  count.max = 10;
  count.default_value = json::value(3);
  Field kind = string_field("kind", "kind", {"ชนิด", "Kind"});
  kind.type = FieldType::enumeration;
  kind.options = {{"a", {"เอ", "A"}}, {"b", {"บี", "B"}}};
  Field on = string_field("on", "on_flag", {"เปิด", "On"});
  on.type = FieldType::boolean;
  Field at = string_field("at", "at", {"เวลา", "At"});
  at.type = FieldType::datetime;
  Field tags = string_field("tags", "tags_json", {"แท็ก", "Tags"});
  tags.type = FieldType::string_list;
  Field seen = string_field("seen", "seen_at", {"เห็น", "Seen"});
  seen.type = FieldType::datetime;
  seen.read_only = true;
  Field secret = string_field("secret", "", {"ลับ", "Secret"});
  secret.write_only = secret.create_only = true;
  secret.min_length = 8;
  r.fields = {code, email, count, kind, on, at, tags, seen, secret};
  return r;
}

json::object obj(std::string_view text) {
  return json::parse(text).as_object();
}

}  // namespace

TEST(Validate, CreateAppliesDefaultsAndRequiresFields) {
  auto r = sample();
  auto v = validate(r, obj(R"({"email":"A@Example.com"})"), Mode::create);
  EXPECT_EQ(v.errors.at("code"), "Required.");
  EXPECT_EQ(std::get<std::string>(v.values.at("email")), "a@example.com");
  EXPECT_EQ(std::get<std::int64_t>(v.values.at("count")), 3);
}

TEST(Validate, TypesAndBounds) {
  auto r = sample();
  auto v =
      validate(r, obj(R"({"code":"toolong","email":"nope","count":11,"kind":"c","on":"yes","at":"yesterday",
                            "tags":[1],"bogus":1})"),
               Mode::create);
  EXPECT_EQ(v.errors.at("code"), "Must be at most 5 characters.");
  EXPECT_EQ(v.errors.at("email"), "Must be a valid email address.");
  EXPECT_EQ(v.errors.at("count"), "Must be at most 10.");
  EXPECT_TRUE(v.errors.count("kind"));
  EXPECT_EQ(v.errors.at("on"), "Must be true or false.");
  EXPECT_TRUE(v.errors.count("at"));
  EXPECT_TRUE(v.errors.count("tags"));
  EXPECT_EQ(v.errors.at("bogus"), "Unknown field.");
}

TEST(Validate, GoodValuesConvert) {
  auto r = sample();
  auto v = validate(r, obj(R"({"code":" ก1 ","count":0,"kind":"b","on":true,"at":"2026-01-02T03:04:05.678Z",
                            "tags":["x","y","x"],"seen":"ignored","secret":"longenough","id":"x","version":3})"),
                    Mode::create);
  EXPECT_TRUE(v.errors.empty()) << v.errors.begin()->first;
  EXPECT_EQ(std::get<std::string>(v.values.at("code")), "ก1");
  EXPECT_EQ(std::get<std::int64_t>(v.values.at("on_flag")), 1);
  EXPECT_EQ(std::get<std::int64_t>(v.values.at("at")), 1767323045678);
  EXPECT_EQ(std::get<std::string>(v.values.at("tags_json")), R"(["x","y"])");
  EXPECT_FALSE(v.values.count("seen_at"));
  EXPECT_TRUE(v.virtuals.count("secret"));
}

TEST(Validate, ThaiLengthCountsCharactersNotBytes) {
  auto r = sample();
  auto v = validate(r, obj(R"({"code":"สวัสดี"})"), Mode::create);  // 6 characters, 18 bytes
  EXPECT_EQ(v.errors.at("code"), "Must be at most 5 characters.");
  v = validate(r, obj(R"({"code":"สวัสด"})"), Mode::create);
  EXPECT_FALSE(v.errors.count("code"));
}

TEST(Validate, UpdateRefusesCreateOnlyAndAllowsPartial) {
  auto r = sample();
  auto v = validate(r, obj(R"({"secret":"longenough"})"), Mode::update);
  EXPECT_EQ(v.errors.at("secret"), "Cannot be changed after creation.");
  v = validate(r, obj(R"({"count":5})"), Mode::update);
  EXPECT_TRUE(v.errors.empty());
  EXPECT_EQ(v.values.size(), 1u);
  v = validate(r, obj(R"({"code":null})"), Mode::update);
  EXPECT_EQ(v.errors.at("code"), "Required.");
  v = validate(r, obj(R"({"secret":"short"})"), Mode::create);
  EXPECT_EQ(v.errors.at("secret"), "Must be at least 8 characters.");
}

TEST(Iso8601, ParsesZonesAndRejectsNonsense) {
  EXPECT_EQ(parse_iso8601("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(parse_iso8601("1970-01-01"), 0);
  EXPECT_EQ(parse_iso8601("1970-01-01T07:00:00+07:00"), 0);
  EXPECT_EQ(parse_iso8601("2024-02-29T00:00:00.5Z"), 1709164800500);
  EXPECT_FALSE(parse_iso8601("2023-02-29"));
  EXPECT_FALSE(parse_iso8601("2026-13-01"));
  EXPECT_FALSE(parse_iso8601("2026-01-01T10:00"));  // no zone
  EXPECT_FALSE(parse_iso8601("2026-01-01T10:00:00Zjunk"));
  EXPECT_FALSE(parse_iso8601("tomorrow"));
}

TEST(Email, Shapes) {
  EXPECT_TRUE(looks_like_email("a.b@example.co.th"));
  EXPECT_FALSE(looks_like_email("a@b"));
  EXPECT_FALSE(looks_like_email("a b@example.com"));
  EXPECT_FALSE(looks_like_email("@example.com"));
  EXPECT_FALSE(looks_like_email("a@@example.com"));
}

TEST(Csv, ParsesQuotesNewlinesBomAndCrlf) {
  auto rows = csv::parse(
      "\xEF\xBB\xBF"
      "a,b,c\r\n1,\"x, \"\"y\"\"\",3\r\n\r\n\"multi\nline\",,\n");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].cells, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(rows[1].cells, (std::vector<std::string>{"1", "x, \"y\"", "3"}));
  EXPECT_EQ(rows[1].line, 2u);
  EXPECT_EQ(rows[2].cells, (std::vector<std::string>{"multi\nline", "", ""}));
  EXPECT_EQ(rows[2].line, 4u);
}

TEST(Csv, NoTrailingNewlineAndThai) {
  auto rows = csv::parse("employee_code,name\nS1,สมชาย");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].cells[1], "สมชาย");
}

TEST(Csv, RefusesBrokenFiles) {
  EXPECT_THROW(csv::parse("a,\"open\n"), csv::ParseError);
  EXPECT_THROW(csv::parse("a,\"x\"y\n"), csv::ParseError);
  EXPECT_THROW(csv::parse(std::string("a\0b", 3)), csv::ParseError);
  EXPECT_THROW(csv::parse("\x89PNG\r\n\x1a\n\xff\xfe"), csv::ParseError);
  try {
    csv::parse("a\nb\n\"c\n");
    FAIL();
  } catch (const csv::ParseError& e) {
    EXPECT_EQ(e.line, 3u);
  }
}

TEST(Csv, WritesQuotedAndFormulaSafeCells) {
  EXPECT_EQ(csv::cell("plain"), "plain");
  EXPECT_EQ(csv::cell("a,b"), "\"a,b\"");
  EXPECT_EQ(csv::cell("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv::cell("=SUM(A1)"), "'=SUM(A1)");
  EXPECT_EQ(csv::cell("+66"), "'+66");
  EXPECT_EQ(csv::cell("-1"), "'-1");
  EXPECT_EQ(csv::cell("-"), "-");  // the reports' "none"
  EXPECT_EQ(csv::cell("--"), "'--");
  EXPECT_EQ(csv::cell("@cmd"), "'@cmd");
  EXPECT_EQ(csv::cell("=1,2"), "\"'=1,2\"");
  EXPECT_EQ(csv::line({"a", "b"}), "a,b\r\n");
}

TEST(Csv, Utf8Validation) {
  EXPECT_TRUE(csv::valid_utf8("ภาษาไทย abc"));
  EXPECT_FALSE(csv::valid_utf8("\xC0\xAF"));      // overlong
  EXPECT_FALSE(csv::valid_utf8("\xE0\xB8"));      // truncated
  EXPECT_FALSE(csv::valid_utf8("\xED\xA0\x80"));  // surrogate
}

TEST(Sniff, KnownSignatures) {
  using media::sniff;
  EXPECT_EQ(sniff(std::string("\x89PNG\r\n\x1a\n....", 12))->ext, "png");
  EXPECT_EQ(sniff("\xFF\xD8\xFF\xE0....")->mime, "image/jpeg");
  EXPECT_EQ(sniff("GIF89a....")->ext, "gif");
  auto webp = sniff(std::string("RIFF\x10\x00\x00\x00WEBPVP8 ", 16));
  ASSERT_TRUE(webp);
  EXPECT_EQ(webp->ext, "webp");
  EXPECT_EQ(sniff("%PDF-1.4\n")->kind, "pdf");
  EXPECT_EQ(sniff(std::string("\0\0\0\x18"
                              "ftypisom\0\0\0\0",
                              16))
                ->mime,
            "video/mp4");
  EXPECT_EQ(sniff(std::string("\0\0\0\x14"
                              "ftypqt  \0\0\0\0",
                              16))
                ->ext,
            "mov");
  EXPECT_FALSE(
      sniff(std::string("\0\0\0\x18"
                        "ftypavif\0\0\0\0",
                        16)));
  EXPECT_FALSE(sniff("<html>"));
  EXPECT_FALSE(sniff(""));
}

TEST(Sniff, DeclaredTypes) {
  EXPECT_EQ(media::canonical_mime("Image/JPG; charset=x"), "image/jpeg");
  EXPECT_FALSE(media::canonical_mime("text/html"));
  media::FileType mov{"video", "video/quicktime", "mov"};
  EXPECT_TRUE(media::declared_matches("video/mp4", mov));
  media::FileType png{"image", "image/png", "png"};
  EXPECT_FALSE(media::declared_matches("image/jpeg", png));
  EXPECT_EQ(media::size_limit("image"), 15u << 20);
  EXPECT_EQ(media::size_limit("pdf"), 50u << 20);
  EXPECT_EQ(media::size_limit("video"), 200u << 20);
}

TEST(Range, Forms) {
  auto r = media::parse_range("bytes=0-9", 100);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->first, 0u);
  EXPECT_EQ(r->last, 9u);
  r = media::parse_range("bytes=90-", 100);
  EXPECT_EQ(r->last, 99u);
  r = media::parse_range("bytes=-10", 100);
  EXPECT_EQ(r->first, 90u);
  r = media::parse_range("bytes=50-1000", 100);
  EXPECT_EQ(r->last, 99u);
  r = media::parse_range("bytes=100-", 100);
  EXPECT_FALSE(r->satisfiable);
  EXPECT_FALSE(media::parse_range("bytes=0-1,5-6", 100));
  EXPECT_FALSE(media::parse_range("items=0-1", 100));
  EXPECT_FALSE(media::parse_range("bytes=5-1", 100));
}
