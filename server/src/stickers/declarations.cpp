// The back office's two resources: sticker sets (publishable, with the rule that gives them) and their
// stickers (ordered within the set, each with a rarity).
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "stickers/internal.hpp"

namespace shopfloor::stickers {

using namespace resources;

namespace {

void count_stickers(WriteContext& w) {
  std::string set = w.text_of("set");
  if (set.empty() && w.before && w.before->contains("set") && w.before->at("set").is_string())
    set = std::string(w.before->at("set").as_string());
  if (!set.empty())
    w.c.query(
        "UPDATE sticker_sets SET stickers_count = (SELECT COUNT(*) FROM stickers WHERE set_id = $1) WHERE id "
        "= $1",
        set);
}

}  // namespace

Resource sets_resource() {
  auto r = area("sticker-sets", "sticker_sets", {"ชุดสติกเกอร์", "Sticker sets"});
  r.title_field = "name";
  r.list_columns = {"image", "name", "rule", "stickersCount", "status", "updatedAt"};
  r.fields = {
      image("image", {"รูปปก", "Cover"}),
      text("name", {"ชื่อชุด", "Name"}).required().searchable().sortable().max(120),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      choice("rule", {"ได้รับเมื่อ", "Earned when"},
             {{"manual", {"แลกจากของรางวัลเท่านั้น", "Only from a sticker pack reward"}},
              {"course_completed",
               {"เรียนจบหลักสูตร (สุ่ม 1 ชิ้นตามความหายาก)", "A course is completed (one at random, by rarity)"}}})
          .required()
          .fallback("course_completed"),
      integer("stickersCount", {"จำนวนสติกเกอร์", "Stickers"}).sortable().read_only(),
  };
  publishable(r, {"เริ่ม", "Starts"}, {"สิ้นสุด", "Ends"});
  return r;
}

Resource stickers_resource() {
  auto r = area("stickers", "stickers", {"สติกเกอร์", "Stickers"});
  r.title_field = "name";
  r.list_columns = {"image", "name", "rarity", "set"};
  r.fields = {
      image("image", {"รูปสติกเกอร์", "Picture"}).required(),
      text("name", {"ชื่อ", "Name"}).required().searchable().sortable().max(80),
      choice("rarity", {"ความหายาก", "Rarity"},
             {{"common", {"ธรรมดา", "Common"}},
              {"rare", {"หายาก", "Rare"}},
              {"epic", {"หายากมาก", "Epic"}},
              {"legendary", {"ตำนาน", "Legendary"}}})
          .required()
          .filterable()
          .fallback("common"),
  };
  ordered(r, reference("set", {"ชุด", "Set"}, "sticker-sets"), "stickers.order");
  r.after_write = count_stickers;
  return r;
}

}  // namespace shopfloor::stickers
