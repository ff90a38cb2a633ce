#include "share/fonts.hpp"

#include <filesystem>
#include <mutex>

namespace shopfloor::share {

namespace {

std::string scan(const std::string& web_dir) {
  namespace fs = std::filesystem;
  // Subset → unicode-range, as @fontsource declares them.
  struct Subset {
    const char* name;
    const char* range;
  };
  const Subset subsets[] = {{"thai", "U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC"},
                            {"latin",
                             "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,"
                             "U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"}};
  std::string css;
  std::error_code ec;
  fs::directory_iterator it(fs::path(web_dir) / "assets", ec);
  if (ec) return css;
  std::vector<std::string> names;
  for (const auto& entry : it) names.push_back(entry.path().filename().string());
  for (const auto& s : subsets)
    for (const char* weight : {"400", "700"}) {
      std::string prefix = std::string("noto-sans-thai-") + s.name + "-" + weight + "-normal-";
      for (const auto& n : names)
        if (n.starts_with(prefix) && n.ends_with(".woff2") &&
            n.find_first_of("\"'()\\ ") == std::string::npos) {
          css += "@font-face{font-family:'Noto Sans Thai';font-style:normal;font-display:swap;font-weight:" +
                 std::string(weight) + ";src:url(/assets/" + n +
                 ") format('woff2');unicode-range:" + s.range + "}";
          break;
        }
    }
  return css;
}

}  // namespace

const std::string& bundled_font_css(const std::string& web_dir) {
  static std::once_flag once;
  static std::string css;
  std::call_once(once, [&] { css = scan(web_dir); });
  return css;
}

}  // namespace shopfloor::share
