// The running time of an MP4/QuickTime file, read from its own boxes (ISO BMFF): the movie header
// ("moov/mvhd": duration / timescale), or for a fragmented file the movie-extends header
// ("moov/mvex/mehd"). Used to know how long a video lesson really is, whatever a client reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace shopfloor::media {

// Milliseconds, or nullopt when the file states no (non-zero) duration, e.g. a live recording.
std::optional<std::int64_t> mp4_duration_ms(std::string_view bytes);

}  // namespace shopfloor::media
