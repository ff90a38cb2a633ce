// The demo's media (server/demo-media, compiled in): every drawing renders to a WebP of its own size, the
// video states its length, the documents are PDFs; none is a generated stand-in.
#include "media/demo_media.hpp"

#include <gtest/gtest.h>

#include <regex>

#include "media/media.hpp"
#include "media/mp4.hpp"
#include "media/sniff.hpp"

namespace media = shopfloor::media;

TEST(DemoMedia, EveryDrawingRendersToAWebpOfItsOwnSize) {
  int drawings = 0;
  for (const auto& f : media::demo_files()) {
    std::string name(f.name);
    if (!name.ends_with(".svg")) continue;
    ++drawings;
    std::smatch m;
    std::string svg(f.bytes);
    ASSERT_TRUE(std::regex_search(svg, m, std::regex(R"re(width="(\d+)" height="(\d+)")re"))) << name;
    auto bytes = media::demo_bytes(name.substr(0, name.size() - 4));
    auto type = media::sniff(bytes);
    ASSERT_TRUE(type) << name;
    EXPECT_EQ(type->mime, "image/webp") << name;
    auto size = media::image_size(bytes);
    ASSERT_TRUE(size) << name;
    EXPECT_EQ(size->width, std::stoi(m[1])) << name;
    EXPECT_EQ(size->height, std::stoi(m[2])) << name;
    EXPECT_LT(bytes.size(), 120u * 1024) << name;
  }
  EXPECT_GE(drawings, 90);
}

TEST(DemoMedia, TheVideoAndTheDocuments) {
  auto video = media::demo_bytes("lesson-extinguisher.mp4");
  ASSERT_TRUE(media::sniff(video));
  EXPECT_EQ(media::sniff(video)->kind, "video");
  EXPECT_EQ(media::mp4_duration_ms(video), 8000);
  for (const char* pdf : {"safety-checklist.pdf", "handbook.pdf"}) {
    auto bytes = media::demo_bytes(pdf);
    ASSERT_TRUE(media::sniff(bytes)) << pdf;
    EXPECT_EQ(media::sniff(bytes)->kind, "pdf") << pdf;
  }
  EXPECT_TRUE(media::demo_bytes("no-such-picture").empty());
  // The whole set stays small: it is all in the binary.
  std::size_t total = 0;
  for (const auto& f : media::demo_files()) total += f.bytes.size();
  EXPECT_LT(total, 1024u * 1024);
}
