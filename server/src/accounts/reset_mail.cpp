#include "accounts/reset_mail.hpp"

namespace shopfloor::accounts {

mail::Message reset_mail(const ResetMail& m) {
  std::string minutes = std::to_string(m.minutes);
  std::string thai = "สวัสดีคุณ" + m.name + "\n\n" + "มีคำขอตั้งรหัสผ่านใหม่สำหรับบัญชี " + m.product +
                     " ของคุณ เปิดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่ ลิงก์ใช้ได้ครั้งเดียวภายใน " + minutes + " นาที:\n\n" + m.link +
                     "\n\n" + "เมื่อตั้งรหัสผ่านใหม่แล้ว ทุกอุปกรณ์ที่เข้าสู่ระบบอยู่จะออกจากระบบ\n" +
                     "หากคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมยังใช้ได้ตามปกติ\n";
  std::string english = "Hello " + m.name + ",\n\n" + "Someone asked to reset the password of your " +
                        m.product + " account. Open this link to choose a new one; it works once, within " +
                        minutes + " minutes:\n\n" + m.link + "\n\n" +
                        "Setting a new password signs you out on every device.\n" +
                        "If you did not ask for this, do nothing: your password stays as it is.\n";
  bool english_first = m.locale == "en";
  mail::Message out;
  out.to = m.to;
  out.subject = english_first ? "Reset your " + m.product + " password · ตั้งรหัสผ่านใหม่"
                              : "ตั้งรหัสผ่าน " + m.product + " ใหม่ · Reset your password";
  out.text = (english_first ? english : thai) + "\n---\n\n" + (english_first ? thai : english);
  return out;
}

}  // namespace shopfloor::accounts
