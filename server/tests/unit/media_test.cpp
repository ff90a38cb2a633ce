// media::mp4_duration_ms: the length of a video from its own ISO BMFF boxes, and what damaged or
// header-less files answer.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "learning/progress.hpp"
#include "media/mp4.hpp"

using shopfloor::media::mp4_duration_ms;

namespace {

std::string be(std::uint64_t v, int n) {
  std::string out;
  for (int i = n - 1; i >= 0; --i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  return out;
}

std::string box(const std::string& type, const std::string& body) {
  return be(body.size() + 8, 4) + type + body;
}

std::string ftyp() {
  return box("ftyp", "isom" + be(0x200, 4) + "isommp41");
}

std::string mvhd_v0(std::uint32_t timescale, std::uint32_t duration) {
  return box("mvhd",
             be(0, 4) + be(0, 4) + be(0, 4) + be(timescale, 4) + be(duration, 4) + std::string(80, '\0'));
}

std::string mvhd_v1(std::uint32_t timescale, std::uint64_t duration) {
  return box("mvhd", be(0x01000000, 4) + be(0, 8) + be(0, 8) + be(timescale, 4) + be(duration, 8) +
                         std::string(80, '\0'));
}

}  // namespace

TEST(Mp4Duration, ReadsTheMovieHeader) {
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", mvhd_v0(1000, 2000))), 2000);
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", mvhd_v0(600, 90 * 600))), 90'000);
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", mvhd_v1(90'000, 45ull * 90'000))), 45'000);
}

TEST(Mp4Duration, FindsMoovAfterOtherBoxesAndLargeSizes) {
  // mdat first (as most cameras write it), with a 64-bit size.
  std::string mdat_body(100, 'x');
  std::string mdat = be(1, 4) + "mdat" + be(mdat_body.size() + 16, 8) + mdat_body;
  std::string moov = box("moov", box("trak", std::string(20, '\0')) + mvhd_v0(1000, 12'345));
  EXPECT_EQ(mp4_duration_ms(ftyp() + mdat + moov), 12'345);
}

TEST(Mp4Duration, FragmentedFilesUseTheMovieExtendsHeader) {
  std::string mehd = box("mehd", be(0, 4) + be(7'000, 4));
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", mvhd_v0(1000, 0) + box("mvex", mehd))), 7'000);
  // A live recording states no length at all.
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", mvhd_v0(1000, 0))), std::nullopt);
}

TEST(Mp4Duration, NothingToTrustIsNullopt) {
  EXPECT_EQ(mp4_duration_ms(""), std::nullopt);
  EXPECT_EQ(mp4_duration_ms(ftyp()), std::nullopt);                                           // no moov
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", "")), std::nullopt);                         // no mvhd
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", mvhd_v0(0, 2000))), std::nullopt);           // no timescale
  EXPECT_EQ(mp4_duration_ms(ftyp() + box("moov", mvhd_v0(1000, 0xffffffff))), std::nullopt);  // "unknown"
  std::string truncated = ftyp() + box("moov", mvhd_v0(1000, 2000));
  EXPECT_EQ(mp4_duration_ms(truncated.substr(0, truncated.size() - 60)), std::nullopt);
  EXPECT_EQ(mp4_duration_ms(be(4, 4) + "moov"), std::nullopt);  // size smaller than its header
}

TEST(WatchTime, CountsTheLesserOfWallClockAndMediaTime) {
  using shopfloor::learning::watch_time_between;
  EXPECT_EQ(watch_time_between(10.0, 1'000, 15.0, 6'000), 5'000);    // played 5 s in 5 s
  EXPECT_EQ(watch_time_between(10.0, 1'000, 20.0, 6'000), 5'000);    // double speed: the wall clock
  EXPECT_EQ(watch_time_between(10.0, 1'000, 500.0, 1'200), 200);     // skipped ahead: 0.2 s passed
  EXPECT_EQ(watch_time_between(10.0, 1'000, 12.0, 301'000), 2'000);  // paused: 2 s played
  EXPECT_EQ(watch_time_between(0.0, 0, 600.0, 600'000), 60'000);     // a lost report: at most a minute
  EXPECT_EQ(watch_time_between(30.0, 1'000, 5.0, 9'000), 0);         // went back
  EXPECT_EQ(watch_time_between(5.0, 9'000, 6.0, 8'000), 0);          // clock went back
  EXPECT_EQ(shopfloor::learning::min_watch_time_ms(2'000), 900);
  EXPECT_EQ(shopfloor::learning::min_watch_time_ms(0), 0);
}
