#include "http/context.hpp"

#include <boost/asio/ip/address_v4.hpp>
#include <boost/json/parse.hpp>
#include <boost/url/params_view.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/parse_query.hpp>

#include "http/api_error.hpp"
#include "http/services.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::http {

namespace json = boost::json;

Context::Context(http::Services& app, Request& req, std::string request_id, std::string client_ip)
    : app(app), req(req), request_id(std::move(request_id)), client_ip(std::move(client_ip)) {
  std::string_view target = req.target();
  // Most requests carry no query and nothing percent-encoded: their path is the target as it is.
  if (target.find_first_of("?%") == std::string_view::npos) {
    path = std::string(target);
    return;
  }
  // Browsers and fetch send some characters RFC 3986 does not allow in a query unencoded (filter[x]=1):
  // encode them before parsing instead of losing the whole query.
  std::string lenient;
  if (target.find_first_of("[]{}|^`\\\"<> ") != std::string_view::npos) {
    static const char* hex = "0123456789ABCDEF";
    for (char ch : target) {
      if (std::string_view("[]{}|^`\\\"<> ").find(ch) != std::string_view::npos) {
        lenient += '%';
        lenient += hex[static_cast<unsigned char>(ch) >> 4];
        lenient += hex[static_cast<unsigned char>(ch) & 15];
      } else {
        lenient += ch;
      }
    }
    target = lenient;
  }
  auto parsed = boost::urls::parse_origin_form(target);
  if (parsed) {
    path = std::string(parsed->path());
    for (auto p : parsed->params()) query_.emplace(std::string(p.key), std::string(p.value));
  } else {
    path = std::string(target.substr(0, target.find('?')));
  }
}

std::optional<std::string> Context::query(std::string_view name) const {
  auto it = query_.find(std::string(name));
  if (it == query_.end()) return std::nullopt;
  return it->second;
}

std::int64_t Context::query_int(const char* name, std::int64_t def, std::int64_t lo, std::int64_t hi) const {
  auto v = query(name);
  if (!v) return def;
  auto n = parse_int(*v);
  if (!n)
    throw ApiError(Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                   {{name, msg::MUST_BE_WHOLE_NUMBER}});
  if (*n < lo || *n > hi)
    throw ApiError(Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                   {{name, http::Message(msg::BETWEEN, {{"min", lo}, {"max", hi}})}});
  return *n;
}

std::optional<PageKey> Context::query_page_key(const char* name) const {
  auto v = query(name);
  if (!v || v->empty()) return std::nullopt;
  auto bad = [name] {
    return ApiError(Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY, {{name, msg::PAGE_CURSOR}});
  };
  auto a = v->find('.'), b = a == std::string::npos ? a : v->find('.', a + 1);
  if (b == std::string::npos) throw bad();
  auto first = parse_int(std::string_view(*v).substr(0, a)),
       second = parse_int(std::string_view(*v).substr(a + 1, b - a - 1));
  PageKey key{first.value_or(-1), second.value_or(-1), v->substr(b + 1)};
  if (key.first < 0 || key.second < 0 || !plausible_id(key.id)) throw bad();
  return key;
}

std::optional<std::string> Context::cookie(std::string_view name) const {
  for (auto it = req.find(beast_http::field::cookie);
       it != req.end() && it->name() == beast_http::field::cookie; ++it) {
    std::string_view all = it->value();
    while (!all.empty()) {
      auto semi = all.find(';');
      std::string_view pair = all.substr(0, semi);
      all = semi == std::string_view::npos ? std::string_view{} : all.substr(semi + 1);
      while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
      auto eq = pair.find('=');
      if (eq == std::string_view::npos) continue;
      if (pair.substr(0, eq) == name) {
        std::string_view value = pair.substr(eq + 1);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
          value = value.substr(1, value.size() - 2);
        // Cookie values we set are URL-safe; '|' in the CSRF cookie may arrive percent-encoded.
        std::string out;
        for (std::size_t i = 0; i < value.size(); ++i) {
          if (value[i] == '%' && i + 2 < value.size() && std::isxdigit(value[i + 1]) &&
              std::isxdigit(value[i + 2])) {
            out.push_back(static_cast<char>(std::stoi(std::string(value.substr(i + 1, 2)), nullptr, 16)));
            i += 2;
          } else {
            out.push_back(value[i]);
          }
        }
        return out;
      }
    }
  }
  return std::nullopt;
}

std::string Context::header(beast_http::field f) const {
  auto it = req.find(f);
  return it == req.end() ? std::string{} : std::string(it->value());
}

bool Context::is_https() const {
  if (!app.config.public_url.empty()) return app.config.secure_cookies();
  return app.config.trust_proxy && req["X-Forwarded-Proto"] == "https";
}

std::string Context::origin() const {
  if (!app.config.public_url.empty()) {
    std::string o = app.config.public_url;
    while (!o.empty() && o.back() == '/') o.pop_back();
    return o;
  }
  std::string scheme = is_https() ? "https://" : "http://";
  std::string own = local_authority.empty() ? "localhost" : local_authority;
  // The Host header is the client's to choose: take it only when it names this server (the address the
  // client connected to) or loopback, which cannot send anyone elsewhere.
  std::string host = ascii_lower(header(beast_http::field::host));
  auto parsed = boost::urls::parse_authority(host);
  if (!parsed || parsed->has_userinfo() || host.size() > 255) return scheme + own;
  std::string name(parsed->encoded_host());
  boost::system::error_code ec;
  auto v4 = boost::asio::ip::make_address_v4(name, ec);
  bool loopback = name == "localhost" || name == "[::1]" || (!ec && v4.is_loopback());
  if (host == own || loopback) return scheme + host;
  return scheme + own;
}

json::object Context::json_object() const {
  std::string type = header(beast_http::field::content_type);
  if (!type.empty() && type.find("json") == std::string::npos)
    throw ApiError(Status::unsupported_media_type, err::UNSUPPORTED_MEDIA_TYPE, msg::SEND_JSON);
  json::parse_options opts;
  opts.max_depth = 32;
  std::error_code ec;
  json::value v = json::parse(req.body(), ec, {}, opts);
  if (ec) throw ApiError::bad_json();
  if (!v.is_object()) throw ApiError::bad_request(msg::BODY_NOT_OBJECT);
  return std::move(v.as_object());
}

std::map<std::string, std::string> Context::form_fields() const {
  std::map<std::string, std::string> out;
  std::string type = header(beast_http::field::content_type);
  if (type.find("json") != std::string::npos) {
    for (auto& [k, v] : json_object()) {
      if (v.is_string())
        out.emplace(std::string(k), std::string(v.as_string()));
      else if (v.is_bool())
        out.emplace(std::string(k), v.as_bool() ? "true" : "false");
      else if (v.is_number())
        out.emplace(std::string(k), json::serialize(v));
      else if (v.is_object() || v.is_array())
        out.emplace(std::string(k), json::serialize(v));
    }
    return out;
  }
  const std::string& body = req.body();
  if (body.empty()) return out;
  boost::urls::encoding_opts opts;
  opts.space_as_plus = true;
  try {
    for (auto p : boost::urls::params_view(body, opts)) out.emplace(std::string(p.key), std::string(p.value));
  } catch (const std::exception&) {
    throw ApiError::bad_request(msg::FORM_INVALID);
  }
  return out;
}

}  // namespace shopfloor::http
