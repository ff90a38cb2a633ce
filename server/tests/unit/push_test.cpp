// Web Push: RFC 8291's worked example byte for byte, VAPID JWTs that verify with the public key, which
// endpoints the server agrees to call, which notices become which pushes, and when quiet hours let one go.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "auth/oidc/jose.hpp"
#include "push/deliveries.hpp"
#include "push/encryption.hpp"
#include "push/endpoints.hpp"
#include "push/p256.hpp"
#include "push/preferences.hpp"
#include "push/queue.hpp"
#include "push/vapid.hpp"
#include "util/base64.hpp"

using namespace shopfloor;

namespace {

std::string b64(std::string_view text) {
  auto bytes = from_base64url(text);
  EXPECT_TRUE(bytes) << text;
  return bytes.value_or("");
}

// RFC 8291, Appendix A.
constexpr std::string_view kPlaintext = "When I grow up, I want to be a watermelon";
constexpr std::string_view kAsPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr std::string_view kAsPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr std::string_view kUaPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr std::string_view kSalt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr std::string_view kAuth = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr std::string_view kBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_"
    "c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PB"
    "ru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";

}  // namespace

TEST(PushEncryption, Rfc8291WorkedExample) {
  auto as = push::p256_from_private(b64(kAsPrivate));
  ASSERT_TRUE(as);
  EXPECT_EQ(base64url(as->public_point), kAsPublic);  // the public point is derived from the scalar
  auto body = push::encrypt(kPlaintext, push::Recipient{b64(kUaPublic), b64(kAuth)}, *as, b64(kSalt));
  ASSERT_TRUE(body);
  EXPECT_EQ(base64url(*body), kBody);
}

TEST(PushEncryption, FreshKeysAndSaltEveryTime) {
  push::Recipient to{b64(kUaPublic), b64(kAuth)};
  auto a = push::encrypt("hello", to), b = push::encrypt("hello", to);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->size(), 86u + 5 + 1 + 16);           // header, text, delimiter, tag
  EXPECT_NE(a->substr(0, 16), b->substr(0, 16));    // salt
  EXPECT_NE(a->substr(21, 65), b->substr(21, 65));  // our one-time public key
}

TEST(PushEncryption, RefusesBadKeysAndTooLongText) {
  std::string point = b64(kUaPublic);
  std::string off_curve = point;
  off_curve[64] ^= 1;
  EXPECT_FALSE(push::encrypt("x", push::Recipient{off_curve, b64(kAuth)}));
  EXPECT_FALSE(push::encrypt("x", push::Recipient{point.substr(0, 33), b64(kAuth)}));
  EXPECT_FALSE(push::encrypt("x", push::Recipient{point, "short"}));
  EXPECT_TRUE(push::encrypt(std::string(push::max_plaintext_bytes, 'a'), push::Recipient{point, b64(kAuth)}));
  EXPECT_FALSE(
      push::encrypt(std::string(push::max_plaintext_bytes + 1, 'a'), push::Recipient{point, b64(kAuth)}));
  EXPECT_FALSE(push::p256_from_private(std::string(32, '\0')));
  EXPECT_FALSE(push::p256_from_private(std::string(32, '\xff')));  // above the group order
}

TEST(PushVapid, JwtVerifiesWithThePublicKey) {
  push::Vapid vapid{push::generate_p256(), "mailto:ops@example.com"};
  auto header = vapid.authorization("https://fcm.googleapis.com", 1'800'000'000);
  ASSERT_EQ(header.rfind("vapid t=", 0), 0u);
  auto comma = header.find(", k=");
  ASSERT_NE(comma, std::string::npos);
  EXPECT_EQ(header.substr(comma + 4), vapid.public_key());
  auto jws = auth::oidc::parse_jws(header.substr(8, comma - 8));
  ASSERT_TRUE(jws);
  EXPECT_EQ(jws->alg, "ES256");
  EXPECT_EQ(jws->claims.at("aud").as_string(), "https://fcm.googleapis.com");
  EXPECT_EQ(jws->claims.at("sub").as_string(), "mailto:ops@example.com");
  EXPECT_EQ(jws->claims.at("exp").as_int64(), 1'800'000'000 + 12 * 3600);
  auth::oidc::PublicKey key{"", "ES256", push::p256_public(vapid.key.public_point)};
  EXPECT_TRUE(auth::oidc::verify_signature(key, *jws));
  auto other = push::generate_p256();
  EXPECT_FALSE(auth::oidc::verify_signature({"", "ES256", push::p256_public(other.public_point)}, *jws));
}

TEST(PushVapid, PrivateScalarRoundTrips) {
  auto key = push::generate_p256();
  auto again = push::p256_from_private(push::p256_private_scalar(key));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->public_point, key.public_point);
}

TEST(PushEndpoints, DefaultServicesOnly) {
  push::PushServices services("");
  EXPECT_EQ(services.origin_if_allowed("https://fcm.googleapis.com/fcm/send/abc:def"),
            "https://fcm.googleapis.com");
  EXPECT_TRUE(services.origin_if_allowed("https://updates.push.services.mozilla.com/wpush/v2/gAAA"));
  EXPECT_TRUE(services.origin_if_allowed("https://web.push.apple.com/QGuQ"));
  EXPECT_EQ(services.origin_if_allowed("https://wns2-par02p.notify.windows.com:443/w/?token=x"),
            "https://wns2-par02p.notify.windows.com");
  for (const char* refused : {
           "http://fcm.googleapis.com/fcm/send/x",          // not https
           "https://fcm.googleapis.com.evil.com/x",         // another host
           "https://evil.com/https://fcm.googleapis.com/",  // the origin is what counts
           "https://user@fcm.googleapis.com/x",             // credentials
           "https://fcm.googleapis.com:8443/x",             // another port
           "https://notify.windows.com/x",                  // the wildcard needs a subdomain
           "https://127.0.0.1/x",
           "https://10.0.0.1/x",
           "https://169.254.169.254/latest/meta-data/",
           "https://[::1]/x",
           "https://localhost/x",
           "https://192.168.1.1.fcm.googleapis.com",
           "https://10.0.0.1.evil.com",
           "ftp://fcm.googleapis.com/x",
           "fcm.googleapis.com/x",
           "",
       })
    EXPECT_FALSE(services.origin_if_allowed(refused)) << refused;
}

TEST(PushEndpoints, ConfiguredListIsExact) {
  push::PushServices services("http://127.0.0.1:18650, https://push.example.com");
  EXPECT_TRUE(services.origin_if_allowed("http://127.0.0.1:18650/push/1"));
  EXPECT_TRUE(services.origin_if_allowed("https://push.example.com/x"));
  EXPECT_FALSE(services.origin_if_allowed("http://127.0.0.1:18651/push/1"));
  EXPECT_FALSE(services.origin_if_allowed("https://127.0.0.1:18650/push/1"));
  EXPECT_FALSE(services.origin_if_allowed("https://fcm.googleapis.com/fcm/send/x"));  // not listed now
  EXPECT_THROW(push::PushServices("https://push.example.com/path"), std::runtime_error);
  EXPECT_THROW(push::PushServices("push.example.com"), std::runtime_error);
}

namespace {
// 2026-11-27 at hh:mm in Bangkok (UTC+7), as epoch milliseconds, plus `s` seconds.
std::int64_t bangkok(int hh, int mm, int s = 0) {
  constexpr std::int64_t midnight_utc = 1795737600000;  // 2026-11-27T00:00:00Z
  return midnight_utc + ((hh - 7) * 3600 + mm * 60 + s) * std::int64_t{1000};
}
}  // namespace

TEST(PushQuietHours, HeldUntilTheMinuteTheyEnd) {
  push::Preferences none;
  EXPECT_EQ(push::release_at(none, bangkok(23, 0)), bangkok(23, 0));
  auto night = push::preferences_of("", 22 * 60, 7 * 60);                   // 22:00 to 07:00, across midnight
  EXPECT_EQ(push::release_at(night, bangkok(23, 15, 30)), bangkok(31, 0));  // 07:00 the next day
  EXPECT_EQ(push::release_at(night, bangkok(6, 59, 59)), bangkok(7, 0));
  EXPECT_EQ(push::release_at(night, bangkok(22, 0)), bangkok(31, 0));
  EXPECT_EQ(push::release_at(night, bangkok(7, 0)), bangkok(7, 0));  // the end itself is not quiet
  EXPECT_EQ(push::release_at(night, bangkok(12, 0, 5)), bangkok(12, 0, 5));
  auto lunch = push::preferences_of("", 12 * 60, 13 * 60 + 30);  // within one day
  EXPECT_EQ(push::release_at(lunch, bangkok(12, 45, 10)), bangkok(13, 30));
  EXPECT_EQ(push::release_at(lunch, bangkok(11, 59, 59)), bangkok(11, 59, 59));
  EXPECT_EQ(push::release_at(lunch, bangkok(13, 30)), bangkok(13, 30));
}

TEST(PushPreferences, StoredFormRoundTrips) {
  auto p = push::preferences_of("courses,badges", std::nullopt, std::nullopt);
  EXPECT_FALSE(p.wants("courses"));
  EXPECT_FALSE(p.wants("badges"));
  EXPECT_TRUE(p.wants("rewards"));
  EXPECT_TRUE(p.wants(""));  // the test push: no kind, always
  EXPECT_FALSE(p.quiet);
  auto json = push::preferences_json(push::preferences_of("", 22 * 60 + 5, 7 * 60));
  EXPECT_EQ(boost::json::serialize(json.at("quietHours")), R"({"from":"22:05","to":"07:00"})");
  EXPECT_FALSE(push::preferences_of("", 600, 600).quiet);  // equal ends: none
}

TEST(PushNotices, EachKindItsTextAndLink) {
  auto push_of = [](const char* type, boost::json::object params, std::string link = "/x") {
    return push::push_of({"u1", type, std::move(params), std::move(link), ""});
  };
  auto badge = push_of("badge_earned", {{"badge", "Fast learner"}}, "/p/u1?badge=b1");
  ASSERT_TRUE(badge);
  EXPECT_EQ(badge->kind, "badges");
  EXPECT_EQ(badge->title.en, "You earned a new badge");
  EXPECT_EQ(badge->body.th, "Fast learner");
  EXPECT_EQ(badge->url, "/p/u1?badge=b1");
  EXPECT_EQ(badge->tag, "/p/u1?badge=b1");
  auto rejected =
      push_of("redemption_status", {{"reward", "Mug"}, {"status", "rejected"}, {"reason", "Out"}});
  ASSERT_TRUE(rejected);
  EXPECT_EQ(rejected->kind, "rewards");
  EXPECT_EQ(rejected->body.en, "Mug — Out");
  EXPECT_FALSE(push_of("redemption_status", {{"reward", "Mug"}, {"status", "pending"}}));
  EXPECT_FALSE(push_of("redemption_status", {{"reward", "Mug"}, {"status", "cancelled"}}));
  EXPECT_EQ(push_of("course_assigned", {{"course", "Safety"}})->kind, "courses");
  EXPECT_EQ(push_of("course_due", {{"course", "Safety"}})->title.th, "หลักสูตรใกล้ถึงกำหนดส่ง");
  auto tomorrow = push_of("course_due_tomorrow", {{"course", "Safety"}});
  ASSERT_TRUE(tomorrow);
  EXPECT_EQ(tomorrow->kind, "courses");
  EXPECT_EQ(tomorrow->title.en, "A course is due tomorrow");
  EXPECT_EQ(tomorrow->body.th, "Safety");
  auto live =
      push_of("live_quiz_started", {{"title", "Quiz"}, {"pin", "12345678"}}, "/club/games/live?pin=12345678");
  ASSERT_TRUE(live);
  EXPECT_EQ(live->kind, "events");
  EXPECT_EQ(live->urgency, "high");
  EXPECT_LE(live->ttl_s, 30 * 60);
  EXPECT_EQ(live->body.en, "Quiz · PIN 12345678");
  EXPECT_EQ(live->url, "/club/games/live?pin=12345678");
  EXPECT_EQ(push_of("message", {{"title", "Tags"}})->kind, "messages");
  EXPECT_EQ(push_of("event_promoted", {{"title", "Run"}})->kind, "events");
  EXPECT_FALSE(push_of("points_received", {{"points", 5}}));
  EXPECT_FALSE(push_of("event_going", {{"title", "Run"}}));
  EXPECT_EQ(push_of("badge_earned", {{"badge", "B"}}, "")->url, "/notifications");
}

TEST(PushPayload, IdsOnlyWhenSet) {
  push::Push p;
  p.title = {"ชื่อ", "Title"};
  p.body = push::both("Body");
  p.url = p.tag = "/messager/t/1";
  EXPECT_EQ(push::payload_json(p, "en"),
            R"({"title":"Title","body":"Body","url":"/messager/t/1","tag":"/messager/t/1"})");
  p.notification_id = "n1";
  auto th = boost::json::parse(push::payload_json(p, "th")).as_object();
  EXPECT_EQ(th.at("title"), "ชื่อ");
  EXPECT_EQ(th.at("notificationId"), "n1");
  EXPECT_FALSE(th.contains("broadcastId"));
}
