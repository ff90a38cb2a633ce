// The certificate-definitions resource: "this course (or this learning path) grants a certificate valid for N
// months". Only a published definition issues certificates; one definition per course or path.
#include "certificates/routes.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace shopfloor::certificates {

using namespace resources;

Resource definitions_resource() {
  auto r = area("certificate-definitions", "certificate_definitions", {"ใบรับรอง", "Certificates"});
  r.write_role = Role::admin;
  r.list_columns = {"title", "grantedFor", "course", "path", "validMonths", "status", "updatedAt"};
  r.fields = {
      text("title", {"ชื่อใบรับรอง", "Certificate name"}).required().max(160).searchable().sortable(),
      choice("grantedFor", {"ได้รับเมื่อจบ", "Granted for"},
             {{"course", {"หลักสูตร", "A course"}}, {"path", {"เส้นทางการเรียนรู้", "A learning path"}}})
          .column("subject_kind")
          .filterable()
          .fallback("course"),
      reference("course", {"หลักสูตร", "Course"}, "courses")
          .unique()
          .filterable()
          .visible_when("grantedFor", {"course"})
          .hint({"จบหลักสูตรนี้แล้วได้ใบรับรอง (หนึ่งใบรับรองต่อหลักสูตร)",
                 "Completing this course grants the certificate (one certificate per course)"}),
      reference("path", {"เส้นทางการเรียนรู้", "Learning path"}, "learning-paths")
          .unique()
          .filterable()
          .visible_when("grantedFor", {"path"})
          .hint({"จบหลักสูตรที่ต้องเรียนครบทุกหลักสูตรในเส้นทางนี้แล้วได้ใบรับรอง (หนึ่งใบรับรองต่อเส้นทาง)",
                 "Completing every required course of this path grants the certificate (one per path)"}),
      integer("validMonths", {"อายุใบรับรอง (เดือน)", "Valid for (months)"})
          .required()
          .min(1)
          .max(120)
          .sortable()
          .hint({"ก่อนหมดอายุ 30 วัน พนักงานได้รับการเตือนและลงทะเบียนเรียนทบทวน",
                 "30 days before expiry staff are reminded and enrolled to learn it again"}),
  };
  publishable(r);
  // A certificate is for a course or for a path, never both (the table checks it too): the one chosen is
  // required, the other cleared, as a course lesson's content or exam.
  r.rules.push_back([](WriteContext& w) {
    bool path = w.text_of("grantedFor") == "path";
    std::string field = path ? "path" : "course";
    if (w.text_of(field).empty() && !w.errors.count(field)) w.errors[field] = msg::REQUIRED;
    w.values[path ? "course_id" : "path_id"] = db::Value{};
  });
  return r;
}

}  // namespace shopfloor::certificates
