// The server-rendered Auth.js pages (/api/auth/signin, /signout, /error): plain HTML that works without
// JavaScript, bilingual (Thai first), every dynamic value escaped.
#pragma once

#include <string>
#include <vector>

namespace shopfloor::auth {

// A single sign-on button of the sign-in page: a form posting to /api/auth/signin/<id>.
struct ProviderButton {
  std::string id, name;
  std::string origin;  // where that post is redirected (the page's form-action must allow it)
};

std::string render_sign_in_page(const std::string& product, const std::string& csrf_token,
                                const std::string& callback_url, const std::string& error_code,
                                const std::vector<ProviderButton>& providers = {});
std::string render_sign_out_page(const std::string& product, const std::string& csrf_token,
                                 const std::string& callback_url);
std::string render_error_page(const std::string& product, const std::string& error_code);

// Thai and English explanation of an Auth.js / Shopfloor sign-in error code.
struct ErrorText {
  std::string th, en;
};
ErrorText error_text(const std::string& code);

}  // namespace shopfloor::auth
