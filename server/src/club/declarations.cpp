#include "club/declarations.hpp"

#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

using namespace resources;  // the declaration vocabulary
namespace json = boost::json;

namespace {

// The club is the admins' (SPEC §1): editors neither read nor write it.
// A reward must be received somehow: pickup, delivery or both.
void reward_rules(WriteContext& w) {
  auto pickup = w.value_of("pickup"), delivery = w.value_of("delivery");
  bool p = pickup.is_bool() ? pickup.as_bool() : pickup.is_int64() && pickup.as_int64() != 0;
  bool d = delivery.is_bool() ? delivery.as_bool() : delivery.is_int64() && delivery.as_int64() != 0;
  if (!p && !d) w.errors["pickup"] = msg::METHOD_NOT_OFFERED;
}

// POST /api/admin/rewards/:id/stock {delta, reason}: stock moves by a delta (never overwritten, so a
// redemption racing the edit is not lost) and never below zero; the kit audits before/after with the reason.
Action stock_action() {
  Action a;
  a.min_role = Role::admin;
  a.run = [](ActionContext& a) {
    http::FieldErrors errors;
    std::int64_t delta = 0;
    if (auto* d = a.body.if_contains("delta");
        !d || !d->is_int64() || d->as_int64() == 0 || d->as_int64() < -100000 || d->as_int64() > 100000)
      errors["delta"] = msg::STOCK_DELTA;
    else
      delta = d->as_int64();
    auto* reason = a.body.if_contains("reason");
    if (!reason || !reason->is_string() || reason->as_string().empty() || reason->as_string().size() > 500)
      errors["reason"] = msg::REASON_REQUIRED;
    if (!errors.empty()) throw http::ApiError::validation(errors);
    auto r = a.c.query(
        "UPDATE rewards SET stock = stock + $2, updated_at = $3, version = version + 1 "
        "WHERE id = $1 AND stock + $2 >= 0",
        a.id, delta, now_ms());
    if (r.affected == 0) {
      auto stock = a.c.query("SELECT stock FROM rewards WHERE id = $1", a.id).scalar();
      throw http::ApiError::validation(
          {{"delta", http::Message(msg::STOCK_BELOW_ZERO, {{"stock", std::get<std::int64_t>(stock)}})}});
    }
    return json::object{{"note", json::object{{"delta", delta}, {"reason", reason->as_string()}}}};
  };
  return a;
}

// POST /api/admin/gift-periods/:id/close: the period ends now (picks can no longer change).
Action close_period_action() {
  Action a;
  a.min_role = Role::admin;
  a.run = [](ActionContext& a) {
    auto now = now_ms();
    auto r = a.c.query(
        "UPDATE gift_periods SET end_at = $2, updated_at = $2, version = version + 1 "
        "WHERE id = $1 AND (end_at IS NULL OR end_at > $2)",
        a.id, now);
    if (r.affected == 0) throw http::ApiError::conflict(msg::PERIOD_CLOSED);
    return json::object{};
  };
  return a;
}

}  // namespace

Resource rewards_resource() {
  auto r = admin_area("rewards", "rewards", {"ของรางวัล", "Rewards"});
  r.list_columns = {"image", "title", "cost", "stock", "redeemedCount", "status", "audience", "endAt"};
  r.subtitle_field = "status";
  r.fields = {
      image("image", {"รูปภาพ", "Picture"}),
      text("title", {"ชื่อของรางวัล", "Name"}).required().searchable().sortable().max(200),
      html("description", {"รายละเอียด", "Description"}).max(20000),
      integer("cost", {"แต้มที่ใช้แลก", "Points cost"}).required().min(0).max(10000000).sortable(),
      integer("stock", {"สต็อก", "Stock"})
          .required()
          .min(0)
          .max(1000000)
          .sortable()
          .create_only()
          .hint({"หลังสร้างแล้ว ปรับสต็อกด้วยปุ่ม \"ปรับสต็อก\" (บันทึกเหตุผล)",
                 "After creating, change stock with \"Adjust stock\" (with a reason)"}),
      integer("limit", {"จำกัดต่อคน", "Limit per person"})
          .column("per_person_limit")
          .min(1)
          .max(1000)
          .hint({"เว้นว่างไว้หากไม่จำกัด", "Leave empty for no limit"}),
      boolean("pickup", {"รับที่สาขา", "Pick up at a store"}).fallback(true),
      boolean("delivery", {"จัดส่ง", "Delivery"}).fallback(false),
      reference("stickerSet", {"ซองสติกเกอร์", "Sticker pack"}, "sticker-sets")
          .hint({"เลือกชุดเพื่อให้ของรางวัลนี้เป็นซองสติกเกอร์ (ได้ 1 ชิ้นแบบสุ่ม)",
                 "Pick a set to make this reward a sticker pack (one at random)"}),
      audience_field(),
      integer("redeemedCount", {"แลกแล้ว", "Redeemed"}).sortable().read_only(),
  };
  publishable(r, {"เริ่มแลก", "Opens"}, {"สิ้นสุดการแลก", "Closes"});
  r.rules.push_back(reward_rules);
  searchable(r, {.title = {"title"}, .body = {"description"}, .sorted_by = "startAt"});
  r.actions["stock"] = stock_action();
  return r;
}

Resource coupon_batches_resource() {
  auto r = admin_area("coupon-batches", "coupon_batches", {"คูปอง", "Coupons"});
  r.list_columns = {"image",        "partner",   "title",     "valueText", "codesCount",
                    "claimedCount", "usedCount", "expiresAt", "status"};
  r.subtitle_field = "partner";
  r.fields = {
      image("image", {"รูปภาพ", "Picture"}),
      text("partner", {"พาร์ทเนอร์", "Partner"}).required().searchable().sortable().filterable().max(120),
      text("title", {"ชื่อคูปอง", "Title"}).required().searchable().sortable().max(200),
      text("valueText", {"มูลค่า", "Value"}).max(120).hint({"เช่น ลด 100 บาท", "e.g. 100 baht off"}),
      html("description", {"เงื่อนไข", "Terms"}).max(20000),
      datetime("expiresAt", {"หมดอายุ", "Expires"}).sortable(),
      integer("limit", {"จำกัดต่อคน", "Limit per person"})
          .column("per_person_limit")
          .required()
          .min(1)
          .max(100)
          .fallback(1),
      audience_field(),
      integer("codesCount", {"รหัสทั้งหมด", "Codes"}).sortable().read_only(),
      integer("claimedCount", {"รับแล้ว", "Claimed"}).sortable().read_only(),
      integer("usedCount", {"ใช้แล้ว", "Used"}).sortable().read_only(),
  };
  publishable(r, {"เริ่มรับ", "Opens"}, {"สิ้นสุดการรับ", "Closes"});
  return r;
}

Resource gift_periods_resource() {
  auto r = admin_area("gift-periods", "gift_periods", {"ของขวัญปีใหม่", "New-year gifts"});
  r.title_field = "name";
  r.list_columns = {"name", "status", "startAt", "endAt", "joinedBefore", "audience"};
  r.fields = {
      text("name", {"ชื่อรอบ", "Name"}).required().searchable().sortable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      datetime("joinedBefore", {"เริ่มงานก่อนวันที่", "Joined before"})
          .hint({"เว้นว่างไว้หากทุกคนมีสิทธิ์", "Leave empty for everyone"}),
      audience_field(),
  };
  publishable(r, {"เปิดให้เลือก", "Opens"}, {"ปิดรับ", "Closes"});
  r.actions["close"] = close_period_action();
  return r;
}

Resource gift_options_resource() {
  auto r = admin_area("gift-options", "gift_options", {"ตัวเลือกของขวัญ", "Gift options"});
  r.list_columns = {"image", "title", "stock", "pickedCount", "period"};
  r.fields = {
      image("image", {"รูปภาพ", "Picture"}),
      text("title", {"ชื่อของขวัญ", "Name"}).required().searchable().sortable().max(200),
      integer("stock", {"คงเหลือ", "Left"})
          .required()
          .min(0)
          .max(1000000)
          .sortable()
          .hint({"จำนวนที่ยังเลือกได้ (ไม่รวมที่ถูกเลือกไปแล้ว)", "How many can still be picked (not counting picks)"}),
      integer("pickedCount", {"ถูกเลือก", "Picked"}).sortable().read_only(),
  };
  ordered(r, reference("period", {"รอบ", "Period"}, "gift-periods"), "gift-options.order");
  return r;
}

}  // namespace shopfloor::club
