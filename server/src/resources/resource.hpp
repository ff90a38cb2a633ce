// Declared resources: one declaration per admin area (fields, types, validation, search/sort/filter,
// roles, labels, hooks) from which the engine builds the whole /api/admin/:resource API and the schema
// the admin web draws its screens from. Inspired by Payload CMS collections.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "http/api_error.hpp"
#include "http/context.hpp"
#include "http/session_user.hpp"

namespace shopfloor::resources {

enum class FieldType { string, text, integer, boolean, enumeration, datetime, reference, json, string_list };

std::string_view type_name(FieldType t);

struct Label {
  std::string th, en;
};

struct Option {
  std::string value;
  Label label;
};

struct Field {
  std::string name;    // API name (camelCase)
  std::string column;  // db column; empty = virtual (validated and handed to hooks, never stored as is)
  FieldType type = FieldType::string;
  Label label;
  bool required = false;
  std::optional<std::size_t> min_length, max_length;  // characters, for string/text; items for string_list
  std::optional<std::int64_t> min, max;               // for integer
  std::vector<Option> options;                        // for enumeration
  std::string reference;                              // resource name, for reference
  std::optional<boost::json::value> default_value;    // applied on create when absent
  bool read_only = false;                             // never written through the API (e.g. last login)
  bool create_only = false;                           // written on create, refused on update
  bool write_only = false;                            // never read back (passwords)
  bool unique = false;     // case-insensitive for text; checked before writing (409 with the field)
  bool lowercase = false;  // stored lower-cased (emails)
  bool searchable = false, sortable = false, filterable = false;
  std::string
      format;  // "email" adds an email check; others ("html", "audience") tell the admin web the widget
  // A rule of the area's own, run on a present non-null value before the type conversion: it may rewrite
  // the value (e.g. sanitise rich text) and returns an error message to refuse it.
  std::function<std::optional<http::Message>(boost::json::value&)> check;
  // "image", "video" or "pdf": a reference to the media library (or a json list of them) must name items of
  // this kind; the engine checks it in the write transaction.
  std::string media_kind;
  // A line under the input in the admin form (e.g. "Leave empty for no end"), so areas need no web code.
  std::optional<Label> hint;
  // Shown (and kept) only while another field has one of these values (a badge's course only for the rule
  // "a given course completed"); the admin form hides it otherwise and clears it on save.
  struct VisibleWhen {
    std::string field;
    std::vector<std::string> values;
  };
  std::optional<VisibleWhen> visible_when;
};

// Fluent helpers so declarations stay short.
Field string_field(std::string name, std::string column, Label label);

using shopfloor::Role;  // areas name editor or admin

// What a hook sees of one write. Hooks may add errors (→ 422), change `values` (column → value) or throw
// ApiError for rules of their own.
struct WriteContext {
  http::Context& http;
  db::Connection& c;
  const auth::SessionUser& actor;
  const boost::json::object& input;          // the request body as sent
  std::map<std::string, db::Value>& values;  // columns about to be written
  http::FieldErrors& errors;                 // field name → message
  std::string id;
  const boost::json::object* before = nullptr;  // current item (update/delete)
  const struct Resource* resource = nullptr;    // the area being written

  // The value the write leaves in a field: the new one when sent (json columns parsed), else the stored one
  // (null when neither). Datetimes come back as epoch ms when sent and ISO text when stored: use time_of.
  boost::json::value value_of(std::string_view field_name) const;
  std::optional<std::int64_t> time_of(std::string_view field_name) const;
  std::string text_of(std::string_view field_name) const;  // "" unless the value is a string
};

struct ActionContext {
  http::Context& http;
  db::Connection& c;
  const auth::SessionUser& actor;
  std::string id;
  boost::json::object body;
  boost::json::object before;  // the item before the action
  const struct Resource* resource = nullptr;
  boost::json::object prepared;  // what Action::prepare returned (empty without one)
};

// A field with its name, column, type and labels; callers then set its flags and limits.
inline Field field(std::string name, std::string column, FieldType type, Label label) {
  Field f;
  f.name = std::move(name);
  f.column = std::move(column);
  f.type = type;
  f.label = std::move(label);
  return f;
}

struct Resource;

struct Action {
  Role min_role = Role::admin;
  // Runs inside one transaction after the item was loaded (404 otherwise). Returns the JSON answer (a
  // "note" member in it is also kept in the audit entry, e.g. the reason for a stock change);
  // the engine writes the audit entry with before/after items (after re-read).
  std::function<boost::json::object(ActionContext&)> run;
  // CPU work the action needs (a new password's hash), done before its transaction on the blocking pool:
  // its answer is ActionContext::prepared. May throw ApiError for a bad body (422).
  std::function<boost::json::object(const boost::json::object& body)> prepare;
};

// Children kept in an order within their parent (course lessons, exam questions, home slides): the engine
// serves PUT /api/admin/:resource/order {parent, ids, versions?} for them (resources/ordering.hpp).
struct Ordering {
  std::string parent_field;  // the child's reference to its parent ("" = one list for all)
  std::string position_field = "position";
  std::string audit_action = "reorder";  // the audit entry's action, on the parent (or the resource)
};

// The item's document in the search index (search/index.hpp), by field names: rich text is indexed as its
// text, lists of strings (tags) as their items. The kit keeps it current on every write
// (resources/search.hpp).
struct Searchable {
  std::vector<std::string> title, summary, body;
  std::string sorted_by;  // a datetime field that says how recent the item is; createdAt when empty
};

struct Resource {
  std::string name;  // URL segment
  std::string table;
  Label label;
  std::vector<Field> fields;
  std::string title_field;     // field shown as the item's title (search, references)
  std::string subtitle_field;  // optional
  Role read_role = Role::editor;
  Role write_role = Role::admin;
  bool allow_create = true, allow_update = true, allow_delete = true;
  std::optional<Searchable> search;  // indexed: found by the top bar and, for staff kinds, by staff search
  std::string default_sort = "-createdAt";
  // The columns of the admin list, in order (field names, createdAt, updatedAt); empty = the web's pick.
  std::vector<std::string> list_columns;

  // Rules run on create and update, in order, before before_create/before_update (traits add theirs here).
  std::vector<std::function<void(WriteContext&)>> rules;
  std::function<void(WriteContext&)> before_create, before_update, before_delete, after_write;
  // CPU work a create or update needs (hashing a password), done before the write transaction on the
  // blocking pool, never inside it: on SQLite a transaction holds the database's one writer, and tens of
  // milliseconds of Argon2 there made parallel admin writes fail with "database is locked". Runs only for
  // input that passed validation; it may add columns to `values` (password_hash).
  std::function<void(const boost::json::object& input, std::map<std::string, db::Value>& values)> prepare;
  // Called after the transaction committed (e.g. delete a file). kind is create/update/delete, or the
  // action's name (publish, archive, ...) with the item after it.
  std::function<void(const std::string& kind, const boost::json::object& item)> after_commit;
  // Adds computed members to an item answered by the API (e.g. a media url).
  std::function<void(boost::json::object& item)> present;
  std::map<std::string, Action> actions;
  std::optional<Ordering> ordering;
  // Set by publishable() (traits.hpp): staff read the table only through the StaffGate (staff_gate.hpp).
  bool publishable = false;

  const Field* field(std::string_view name) const;
};

class Registry {
 public:
  void add(Resource r);
  const Resource* find(std::string_view name) const;
  // The publishable() declaration of a table (nullptr when none): what the staff gate reads its status,
  // window and audience columns from.
  const Resource* publishable_table(std::string_view table) const;
  const std::vector<std::unique_ptr<Resource>>& all() const { return resources_; }

 private:
  std::vector<std::unique_ptr<Resource>> resources_;
};

// The registry every area adds its declarations to at start (before the routes are served).
Registry& registry();

bool may_read(const Resource& r, const auth::SessionUser& u);
bool may_write(const Resource& r, const auth::SessionUser& u);

}  // namespace shopfloor::resources
