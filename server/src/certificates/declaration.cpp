// The certificate-definitions resource: "this course grants a certificate valid for N months". Only a
// published definition issues certificates; one definition per course.
#include "certificates/routes.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace shopfloor::certificates {

using namespace resources;

Resource definitions_resource() {
  auto r = area("certificate-definitions", "certificate_definitions", {"ใบรับรอง", "Certificates"});
  r.write_role = Role::admin;
  r.list_columns = {"title", "course", "validMonths", "status", "updatedAt"};
  r.fields = {
      text("title", {"ชื่อใบรับรอง", "Certificate name"}).required().max(160).searchable().sortable(),
      reference("course", {"หลักสูตร", "Course"}, "courses")
          .required()
          .unique()
          .filterable()
          .hint({"จบหลักสูตรนี้แล้วได้ใบรับรอง (หนึ่งใบรับรองต่อหลักสูตร)",
                 "Completing this course grants the certificate (one certificate per course)"}),
      integer("validMonths", {"อายุใบรับรอง (เดือน)", "Valid for (months)"})
          .required()
          .min(1)
          .max(120)
          .sortable()
          .hint({"ก่อนหมดอายุ 30 วัน พนักงานได้รับการเตือนและลงทะเบียนเรียนทบทวน",
                 "30 days before expiry staff are reminded and enrolled to learn it again"}),
  };
  publishable(r);
  return r;
}

}  // namespace shopfloor::certificates
