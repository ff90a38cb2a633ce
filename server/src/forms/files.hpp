// Files for file questions: a staff member uploads one to a form (checked by its bytes, not by its name or
// declared type), a submission then uses it once, and only admins download it. The files live under
// DATA_DIR/form-files/, outside the public media folder.
#pragma once

#include <string>
#include <string_view>

#include "http/area.hpp"
#include "media/sniff.hpp"

namespace shopfloor::forms {

inline constexpr std::size_t file_max_bytes = 10u * 1024 * 1024;

// The type of an uploaded file from its first bytes: PDF, JPEG or PNG; anything else throws 415
// FORM_FILE_TYPE. A declared Content-Type (other than empty or application/octet-stream) or a name's
// extension that disagrees with the bytes throws 415 FORM_FILE_MISMATCH; empty 422, over 10 MiB 413.
media::FileType check_file(std::string_view bytes, std::string_view declared_type, std::string_view name);

std::string file_path(const std::string& data_dir, const std::string& id, const std::string& ext);

// POST /api/forms/:id/files (signed in, the form must be visible), GET /api/admin/form-files/:id (admins).
void register_file_routes(http::Services& app);

}  // namespace shopfloor::forms
