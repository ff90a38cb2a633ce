// The server-rendered Auth.js pages (/api/auth/signin, /signout, /error): plain HTML that works without
// JavaScript, bilingual (Thai first), every dynamic value escaped.
#pragma once

#include <string>

namespace shopfloor::auth {

std::string render_sign_in_page(const std::string& product, const std::string& csrf_token,
                                const std::string& callback_url, const std::string& error_code);
std::string render_sign_out_page(const std::string& product, const std::string& csrf_token,
                                 const std::string& callback_url);
std::string render_error_page(const std::string& product, const std::string& error_code);

// Thai and English explanation of an Auth.js / Shopfloor sign-in error code.
struct ErrorText {
  std::string th, en;
};
ErrorText error_text(const std::string& code);

}  // namespace shopfloor::auth
