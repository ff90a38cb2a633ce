// The back office's two resources: polls (publishable, with an audience, found by search) and their options
// (ordered).
#include "polls/routes.hpp"
#include "resources/builders.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"

namespace shopfloor::polls {

using namespace resources;

Resource polls_resource() {
  auto r = area("polls", "polls", {"โหวต", "Polls"});
  r.list_columns = {"image", "title", "choice", "ballotsCount", "status", "audience", "endAt"};
  r.fields = {
      image("image", {"รูปภาพ", "Picture"}),
      text("title", {"คำถาม", "Question"}).required().searchable().sortable().max(300),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      choice("choice", {"การเลือก", "Choice"},
             {{"single", {"เลือกได้ 1 ข้อ", "One answer"}}, {"multiple", {"เลือกได้หลายข้อ", "Several answers"}}})
          .required()
          .fallback("single"),
      integer("maxChoices", {"เลือกได้สูงสุด", "At most"})
          .min(2)
          .max(20)
          .fallback(2)
          .visible_when("choice", {"multiple"}),
      choice("resultsVisibility", {"แสดงผลโหวต", "Results shown"},
             {{"after_vote", {"หลังโหวต", "After voting"}},
              {"after_close", {"หลังปิดโหวต", "After it closes"}},
              {"admins", {"เฉพาะผู้ดูแล", "To admins only"}}})
          .required()
          .fallback("after_vote"),
      audience_field(),
      integer("ballotsCount", {"ผู้โหวต", "Voters"}).sortable().read_only(),
  };
  publishable(r, {"เปิดโหวต", "Opens"}, {"ปิดโหวต", "Closes"});
  searchable(r, {.title = {"title"}, .body = {"description"}, .sorted_by = "startAt"});
  return r;
}

Resource options_resource() {
  auto r = area("poll-options", "poll_options", {"ตัวเลือกโหวต", "Poll options"});
  r.title_field = "text";
  r.list_columns = {"image", "text", "votesCount", "poll"};
  r.fields = {
      text("text", {"ตัวเลือก", "Option"}).required().searchable().max(200),
      image("image", {"รูปภาพ", "Picture"}),
      integer("votesCount", {"คะแนนโหวต", "Votes"}).sortable().read_only(),
  };
  ordered(r, reference("poll", {"โหวต", "Poll"}, "polls"), "poll-options.order");
  return r;
}

}  // namespace shopfloor::polls
