#include "auth/pages.hpp"

#include <map>

#include "http/response.hpp"

namespace shopfloor::auth {

using http::html_escape;

ErrorText error_text(const std::string& code) {
  static const std::map<std::string, ErrorText> texts = {
      {"CredentialsSignin",
       {"รหัสพนักงาน อีเมล หรือรหัสผ่านไม่ถูกต้อง", "The employee code, email or password is not correct."}},
      {"SessionRequired", {"กรุณาเข้าสู่ระบบเพื่อดูหน้านี้", "Please sign in to see this page."}},
      {"AccountPending",
       {"บัญชีของคุณกำลังรอผู้ดูแลระบบอนุมัติ", "Your account is waiting for approval by an administrator."}},
      {"AccountDisabled", {"บัญชีนี้ถูกระงับการใช้งาน", "This account has been disabled."}},
      {"TooManyAttempts",
       {"ลองเข้าสู่ระบบหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่",
        "Too many sign-in attempts. Wait a while and try again."}},
      {"MissingCSRF", {"หน้านี้หมดอายุ กรุณาลองใหม่อีกครั้ง", "This page expired. Please try again."}},
      {"INVALID_CALLBACK_URL_ERROR", {"ลิงก์ปลายทางไม่ได้อยู่ในเว็บไซต์นี้", "The callback URL must be on this site."}},
      {"AccessDenied", {"คุณไม่มีสิทธิ์เข้าถึง", "You do not have permission to sign in."}},
      {"OAuthSignin",
       {"ติดต่อระบบเข้าสู่ระบบขององค์กรไม่ได้ กรุณาลองใหม่อีกครั้ง",
        "Could not reach your organisation's sign-in service. Please try again."}},
      {"OAuthCallbackError",
       {"เข้าสู่ระบบผ่านองค์กรไม่สำเร็จ กรุณาเริ่มใหม่อีกครั้ง",
        "Signing in through your organisation did not complete. Please start again."}},
      {"OAuthCallback",
       {"เข้าสู่ระบบผ่านองค์กรไม่สำเร็จ กรุณาเริ่มใหม่อีกครั้ง",
        "Signing in through your organisation did not complete. Please start again."}},
      {"Configuration",
       {"การตั้งค่าเซิร์ฟเวอร์มีปัญหา กรุณาติดต่อผู้ดูแลระบบ", "There is a problem with the server configuration."}},
      {"Verification", {"ลิงก์ยืนยันหมดอายุหรือถูกใช้แล้ว", "The verification link has expired or was already used."}},
      {"CLIENT_FETCH_ERROR",
       {"เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่",
        "Could not reach the server. Check your connection and try again."}},
      {"CLIENT_SESSION_ERROR", {"โหลดข้อมูลการเข้าสู่ระบบไม่ได้", "Could not load your session."}},
      {"NO_SECRET", {"เซิร์ฟเวอร์ยังไม่ได้ตั้งค่ารหัสลับ", "The server has no secret configured."}},
      {"MISSING_NEXTAUTH_API_ROUTE_ERROR",
       {"ไม่พบเส้นทางระบบยืนยันตัวตน", "The authentication API route is missing."}},
      {"CALLBACK_CREDENTIALS_HANDLER_ERROR",
       {"ระบบเข้าสู่ระบบด้วยรหัสผ่านมีปัญหา", "The credentials sign-in handler failed."}},
      {"EMAIL_REQUIRES_ADAPTER_ERROR", {"การเข้าสู่ระบบด้วยอีเมลยังไม่เปิดใช้", "Email sign-in is not available."}},
      {"MISSING_ADAPTER_METHODS_ERROR", {"การตั้งค่าฐานข้อมูลไม่ครบ", "The session store is misconfigured."}},
      {"CALLBACK_CREDENTIALS_JWT_ERROR",
       {"ระบบเข้าสู่ระบบด้วยรหัสผ่านต้องใช้เซสชันในฐานข้อมูล", "Credentials sign-in needs database sessions."}},
  };
  auto it = texts.find(code);
  if (it != texts.end()) return it->second;
  return {"เกิดข้อผิดพลาดในการเข้าสู่ระบบ", "Something went wrong while signing in."};
}

static std::string page(const std::string& product, const std::string& title, const std::string& body,
                        const std::string& form_targets = "") {
  return R"(<!doctype html><html lang="th"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'self')" +
         html_escape(form_targets) + R"(">
<title>)" +
         html_escape(title) + " · " + html_escape(product) + R"(</title>
<style>
:root{--brand:#0f766e;--ink:#1f2937;--muted:#6b7280;--bg:#f3f6f6}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:var(--bg);color:var(--ink);font:16px/1.6 "Noto Sans Thai","Sukhumvit Set","Leelawadee UI",system-ui,sans-serif}
main{width:min(400px,92vw);background:#fff;border-radius:16px;padding:28px;box-shadow:0 8px 30px rgba(15,23,42,.08)}
h1{font-size:22px;margin:0 0 4px}p{margin:4px 0;color:var(--muted)}label{display:block;margin:14px 0 4px;font-weight:600}
input{width:100%;padding:12px;border:1px solid #d1d5db;border-radius:10px;font:inherit}
button,a.button{display:block;width:100%;margin-top:20px;padding:12px;border:0;border-radius:10px;background:var(--brand);
color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button.sso{background:#fff;color:var(--brand);border:1px solid var(--brand);margin-top:12px}
.error{background:#fef2f2;color:#991b1b;border-radius:10px;padding:10px 12px;margin-top:14px}
.en{font-size:14px;color:var(--muted)}
</style></head><body><main>)" +
         body + "</main></body></html>";
}

std::string render_sign_in_page(const std::string& product, const std::string& csrf_token,
                                const std::string& callback_url, const std::string& error_code,
                                const std::vector<ProviderButton>& providers) {
  std::string body =
      "<h1>" + html_escape(product) + "</h1><p>เข้าสู่ระบบ <span class=\"en\">· Sign in</span></p>";
  if (!error_code.empty()) {
    auto t = error_text(error_code);
    body += "<div class=\"error\" role=\"alert\">" + html_escape(t.th) + "<br><span class=\"en\">" +
            html_escape(t.en) + "</span></div>";
  }
  body += R"(<form method="post" action="/api/auth/callback/credentials">
<input type="hidden" name="csrfToken" value=")" +
          html_escape(csrf_token) + R"(">
<input type="hidden" name="callbackUrl" value=")" +
          html_escape(callback_url) + R"(">
<label for="identifier">รหัสพนักงานหรืออีเมล <span class="en">Employee code or email</span></label>
<input id="identifier" name="identifier" autocomplete="username" required autofocus>
<label for="password">รหัสผ่าน <span class="en">Password</span></label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">เข้าสู่ระบบ · Sign in</button></form>)";
  // Single sign-on: the post answers with a redirect to the provider, which form-action must allow.
  std::string form_targets;
  for (const auto& p : providers) {
    body += R"(<form method="post" action="/api/auth/signin/)" + html_escape(p.id) +
            R"("><input type="hidden" name="csrfToken" value=")" + html_escape(csrf_token) +
            R"("><input type="hidden" name="callbackUrl" value=")" + html_escape(callback_url) +
            R"("><button type="submit" class="sso">เข้าสู่ระบบด้วย )" + html_escape(p.name) + " · Sign in with " +
            html_escape(p.name) + "</button></form>";
    form_targets += " " + p.origin;
  }
  return page(product, "เข้าสู่ระบบ", body, form_targets);
}

std::string render_sign_out_page(const std::string& product, const std::string& csrf_token,
                                 const std::string& callback_url) {
  std::string body =
      "<h1>ออกจากระบบ</h1><p>ต้องการออกจากระบบใช่ไหม <span class=\"en\">· Are you sure you want to sign "
      "out?</span></p>";
  body += R"(<form method="post" action="/api/auth/signout">
<input type="hidden" name="csrfToken" value=")" +
          html_escape(csrf_token) + R"(">
<input type="hidden" name="callbackUrl" value=")" +
          html_escape(callback_url) + R"(">
<button type="submit">ออกจากระบบ · Sign out</button></form>)";
  return page(product, "ออกจากระบบ", body);
}

std::string render_error_page(const std::string& product, const std::string& error_code) {
  auto t = error_text(error_code);
  std::string body =
      "<h1>เข้าสู่ระบบไม่สำเร็จ</h1><p class=\"en\">Sign-in problem</p><div class=\"error\" role=\"alert\">" +
      html_escape(t.th) + "<br><span class=\"en\">" + html_escape(t.en) + "</span></div>" +
      "<p class=\"en\">" + html_escape(error_code) + "</p>" +
      R"(<a class="button" href="/login">กลับไปหน้าเข้าสู่ระบบ · Back to sign in</a>)";
  return page(product, "ข้อผิดพลาด", body);
}

}  // namespace shopfloor::auth
