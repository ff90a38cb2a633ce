#include "register/register.hpp"

#include <memory>
#include <regex>

#include "accounts/attempts.hpp"
#include "accounts/codes.hpp"
#include "accounts/sign_in.hpp"
#include "accounts/strength.hpp"
#include "auth/passwords.hpp"
#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "register/claims.hpp"
#include "resources/audit.hpp"
#include "resources/fields.hpp"
#include "search/sources.hpp"
#include "users/users.hpp"
#include "util/ids.hpp"
#include "util/rate_budget.hpp"
#include "util/text.hpp"

namespace shopfloor::registration {

using http::Status;

namespace {

// Every attempt spends one unit of the client IP's budget, refused ones too: 10 at once, then one a minute.
constexpr RateBudget::Limits kPerIp{10, 1};
// Serialises registrations on PostgreSQL (SQLite's write lock already does), so two registrations of one
// code in different letter case cannot both pass the check below.
constexpr const char* kLock = "SELECT pg_advisory_xact_lock(7426105150)";

struct Input {
  std::string code, name, contact, store_id, password;
  std::optional<std::string> email, phone;
  std::string activation;  // normalised activation code; empty = none given
};

bool looks_like_phone(const std::string& s) {
  static const std::regex phone(R"(^\+?[0-9][0-9 \-]{7,20}$)");
  if (!std::regex_match(s, phone)) return false;
  int digits = 0;
  for (char ch : s) digits += ch >= '0' && ch <= '9';
  return digits >= 9 && digits <= 15;
}

std::string check_employee_code(const std::string& code, http::FieldErrors& e) {
  if (e.count("employeeCode")) return code;
  if (code.empty())
    e["employeeCode"] = msg::REQUIRED;
  else if (utf8_length(code) > 40 || has_control_chars(code) || code.find(' ') != std::string::npos)
    e["employeeCode"] = msg::EMPLOYEE_CODE_FORMAT;
  return code;
}

// Field checks that need nothing from the database, so they answer the same for every code. With an
// activation code the roster's name and store are the person's: those two may be left out.
Input validate(const json::object& body) {
  http::FieldErrors e;
  Input in;
  in.code = check_employee_code(trimmed(http::optional_text(body, "employeeCode", e)), e);
  in.name = trimmed(http::optional_text(body, "name", e));
  in.contact = trimmed(http::optional_text(body, "contact", e));
  in.store_id = trimmed(http::optional_text(body, "storeId", e));
  in.password = http::optional_text(body, "password", e);
  std::string typed_code = trimmed(http::optional_text(body, "activationCode", e));
  if (!typed_code.empty()) {
    in.activation = accounts::normalize_code(typed_code);
    if (in.activation.empty()) e["activationCode"] = msg::ACTIVATION_CODE_INVALID;
  }
  bool roster_fills = !typed_code.empty();
  if (!e.count("name")) {
    if (in.name.empty() && !roster_fills)
      e["name"] = msg::REQUIRED;
    else if (utf8_length(in.name) > 200 || has_control_chars(in.name))
      e["name"] = http::Message(msg::MAX_LENGTH, {{"count", 200}});
  }
  if (!e.count("contact")) {
    if (in.contact.empty())
      e["contact"] = msg::REQUIRED;
    else if (in.contact.find('@') != std::string::npos && in.contact.size() <= 254 &&
             resources::looks_like_email(in.contact))
      in.email = ascii_lower(in.contact);
    else if (looks_like_phone(in.contact))
      in.phone = in.contact;
    else
      e["contact"] = msg::CONTACT_FORMAT;
  }
  if (!e.count("storeId") && in.store_id.empty() && !roster_fills) e["storeId"] = msg::REQUIRED;
  if (!e.count("password"))
    if (auto problem = accounts::new_password_problem(in.password, in.code, in.name))
      e["password"] = *problem;
  if (!e.empty()) throw ApiError::validation(e);
  return in;
}

ApiError invalid_code() {
  return ApiError::validation({{"activationCode", msg::ACTIVATION_CODE_INVALID}});
}

struct Outcome {
  std::string user_id, name;
  bool active = false;
  std::optional<auth::NewSession> session;
};

// A roster account and its activation code, when the code is live and the account still waits for its
// owner (no password yet, not disabled).
struct Activation {
  std::string user_id, code_id, name, code;
};
std::optional<Activation> live_activation(db::Connection& c, const std::string& secret, const Input& in,
                                          std::int64_t now) {
  auto account = c.query(
                      "SELECT id, name, employee_code FROM users WHERE lower(employee_code) = lower($1) AND "
                      "password_hash "
                      "IS NULL AND status = 'active'",
                      in.code)
                     .first();
  if (!account) return std::nullopt;
  auto code_id =
      accounts::find_live(c, secret, accounts::Purpose::activation, account->str(0), in.activation, now);
  if (!code_id) return std::nullopt;
  return Activation{account->str(0), *code_id, account->str(1), account->str(2)};
}

// With a live activation code: the roster account becomes this person's, active and signed in.
Outcome activate(db::Connection& c, const Input& in, const std::string& hash, Context& ctx) {
  auto now = now_ms();
  auto found = live_activation(c, ctx.app.config.auth_secret, in, now);
  if (!found) throw invalid_code();
  // The name the roster gives is the one the password must not lean on.
  if (auto problem = accounts::new_password_problem(in.password, found->code, found->name))
    throw ApiError::validation({{"password", *problem}});
  if (in.email) {
    auto owner = c.query("SELECT id FROM users WHERE email = $1", *in.email).first();
    if (owner && owner->str(0) != found->user_id)
      throw ApiError(Status::conflict, err::CONFLICT, msg::EMAIL_USED, {{"contact", msg::EMAIL_USED}});
  }
  if (!accounts::use(c, found->code_id, found->user_id, ctx.client_ip, now)) throw invalid_code();
  auto r = c.query(
      "UPDATE users SET password_hash = $1, email = COALESCE(email, $2), phone = COALESCE(phone, $3), "
      "joined_at = COALESCE(joined_at, $4), updated_at = $4, version = version + 1 "
      "WHERE id = $5 AND password_hash IS NULL",
      hash, in.email, in.phone, now, found->user_id);
  if (r.affected != 1) throw invalid_code();
  search::refresh(c, "users", found->user_id);  // the email may be new
  // Whatever waited beside this account in the approval queue is answered now.
  c.query("DELETE FROM registration_claims WHERE user_id = $1", found->user_id);
  audit::record(c, found->user_id, "register.active", "users", found->user_id, std::nullopt,
                json::object{{"employeeCode", found->code}, {"activationCode", found->code_id}},
                ctx.client_ip);
  Outcome out;
  out.user_id = found->user_id;
  out.name = found->name;
  out.active = true;
  out.session = accounts::fresh_session(c, ctx, found->user_id);
  return out;
}

// Without an activation code every registration waits for an admin, and answers the same whatever the
// code: a new code becomes a pending account; a code (or email) that already belongs to an account waits
// beside that account as a claim, which takes nothing from it.
void wait_for_approval(db::Connection& c, const Input& in, const std::string& hash, const Context& ctx) {
  if (!c.query("SELECT 1 FROM stores WHERE id = $1", in.store_id).first())
    throw ApiError::validation({{"storeId", msg::REGISTER_STORE_UNKNOWN}});
  auto now = now_ms();
  auto existing = c.query("SELECT id FROM users WHERE lower(employee_code) = lower($1)", in.code).first();
  std::optional<db::Row> email_owner;
  if (!existing && in.email)
    email_owner = c.query("SELECT id FROM users WHERE email = $1", *in.email).first();
  if (existing || email_owner) {
    std::string owner = (existing ? existing : email_owner)->str(0);
    std::string id = uuid_v7();
    c.query(
        "INSERT INTO registration_claims (id, user_id, reason, employee_code, name, email, phone, store_id, "
        "password_hash, ip, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        id, owner, existing ? "code" : "email", in.code, in.name, in.email, in.phone, in.store_id, hash,
        ctx.client_ip, now);
    audit::record(
        c, "anonymous", "register.claim", "users", owner, std::nullopt,
        json::object{{"claimId", id}, {"employeeCode", in.code}, {"reason", existing ? "code" : "email"}},
        ctx.client_ip);
    return;
  }
  std::string user_id = uuid_v7();
  c.query(
      "INSERT INTO users (id, employee_code, email, phone, name, role, status, store_id, password_hash, "
      "joined_at, created_at, updated_at, version) "
      "VALUES ($1, $2, $3, $4, $5, 'staff', 'pending', $6, $7, $8, $8, $8, 1)",
      user_id, in.code, in.email, in.phone, in.name, in.store_id, hash, now);
  search::refresh(c, "users", user_id);
  audit::record(c, user_id, "register.pending", "users", user_id, std::nullopt,
                json::object{{"employeeCode", in.code}}, ctx.client_ip);
}

struct Budgets {
  RateBudget per_ip{kPerIp};
  accounts::CodeAttempts codes;  // activation codes: per IP and per employee code
};

Awaitable post_register(Context& ctx, Budgets& budgets) {
  if (int wait = budgets.per_ip.take(ctx.client_ip); wait > 0) throw ApiError::rate_limited(wait);
  Input in = validate(ctx.json_object());
  if (!in.activation.empty()) budgets.codes.spend(ctx, in.code);
  // Hash first, outside the transaction and for every code alike: no answer comes back faster for one kind
  // of code, and no CPU work holds the database's writer.
  std::string hash = co_await ctx.app.db->offload([&] { return auth::hash_password(in.password); });
  Outcome out;
  for (int attempt = 0;; ++attempt) {
    try {
      out = co_await ctx.app.db->transact([&](db::Connection& c) {
        if (!c.is_sqlite()) c.query(kLock);
        if (!in.activation.empty()) return activate(c, in, hash, ctx);
        wait_for_approval(c, in, hash, ctx);
        return Outcome{};
      });
      break;
    } catch (const db::Error& e) {
      // An admin wrote the same code or email between our check and insert: the next try sees it.
      if (e.kind() != db::ErrorKind::unique_violation || attempt > 0) throw;
    }
  }
  if (!out.active) co_return http::json_response(ctx, json::object{{"status", "pending"}}, Status::created);
  accounts::send_session(ctx, *out.session);
  co_return http::json_response(
      ctx,
      json::object{{"status", "active"}, {"user", json::object{{"id", out.user_id}, {"name", out.name}}}},
      Status::created);
}

// Who an activation code is for, so the page that a card's QR opens can greet the person and ask only for
// a contact and a password. The same budgets as registering with the code.
Awaitable post_activation(Context& ctx, Budgets& budgets) {
  if (int wait = budgets.per_ip.take(ctx.client_ip); wait > 0) throw ApiError::rate_limited(wait);
  http::FieldErrors e;
  auto body = ctx.json_object();
  Input in;
  in.code = check_employee_code(trimmed(http::optional_text(body, "employeeCode", e)), e);
  in.activation = accounts::normalize_code(trimmed(http::optional_text(body, "activationCode", e)));
  if (in.activation.empty() && !e.count("activationCode")) e["activationCode"] = msg::ACTIVATION_CODE_INVALID;
  if (!e.empty()) throw ApiError::validation(e);
  budgets.codes.spend(ctx, in.code);
  auto found = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto live = live_activation(c, ctx.app.config.auth_secret, in, now_ms());
    if (!live) return std::nullopt;
    auto r =
        c.query(
             std::string(
                 "SELECT u.employee_code, u.name, u.position, s.id, s.code, s.name, ps.name_th, ps.name_en "
                 "FROM users u LEFT JOIN stores s ON s.id = u.store_id") +
                 users::position_join + "WHERE u.id = $1",
             live->user_id)
            .first();
    json::value store = nullptr;
    if (!r->is_null(3)) store = json::object{{"id", r->str(3)}, {"code", r->str(4)}, {"name", r->str(5)}};
    return json::object{{"employeeCode", r->str(0)},
                        {"name", r->str(1)},
                        {"position", http::value_or_null(r->opt_str(2))},
                        {"positionName", users::position_name(*r, 6)},
                        {"store", store}};
  });
  if (!found) throw invalid_code();
  co_return http::json_response(ctx, *found);
}

Awaitable get_stores(Context& ctx) {
  auto rows = co_await ctx.app.db->read([](db::Connection& c) {
    return c
        .query(
            "SELECT s.id, s.code, s.name, g.id, g.code, g.name FROM stores s LEFT JOIN regions g ON g.id = "
            "s.region_id ORDER BY g.code, s.code")
        .rows;
  });
  json::array items;
  for (const auto& r : rows) {
    json::value region = nullptr;
    if (!r.is_null(3)) region = json::object{{"id", r.str(3)}, {"code", r.str(4)}, {"name", r.str(5)}};
    items.push_back(
        json::object{{"id", r.str(0)}, {"code", r.str(1)}, {"name", r.str(2)}, {"region", region}});
  }
  co_return http::json_response(ctx, json::object{{"items", std::move(items)}});
}

}  // namespace

void register_routes(http::Services& app) {
  auto budgets = std::make_shared<Budgets>();
  app.router.post("/api/register", [budgets](Context& ctx) { return post_register(ctx, *budgets); });
  app.router.post("/api/register/activation",
                  [budgets](Context& ctx) { return post_activation(ctx, *budgets); });
  app.router.get("/api/register/stores", get_stores);
  register_claim_routes(app);
}

}  // namespace shopfloor::registration
