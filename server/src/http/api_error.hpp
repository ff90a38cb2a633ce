// Client errors thrown by handlers; the server turns them into the one error envelope:
//   {"error":{"code":"VALIDATION_FAILED","message":"...","fields":{"email":"..."},"requestId":"..."}}
#pragma once

#include <boost/beast/http/status.hpp>
#include <map>
#include <stdexcept>
#include <string>

namespace shopfloor::http {

using Status = boost::beast::http::status;

class ApiError : public std::runtime_error {
 public:
  ApiError(Status status, std::string code, const std::string& message,
           std::map<std::string, std::string> fields = {})
      : std::runtime_error(message), status(status), code(std::move(code)), fields(std::move(fields)) {}

  Status status;
  std::string code;
  std::map<std::string, std::string> fields;
  int retry_after_s = 0;  // sent as Retry-After when > 0

  static ApiError bad_json(const std::string& m = "The request body is not valid JSON.") {
    return {Status::bad_request, "BAD_JSON", m};
  }
  static ApiError bad_request(const std::string& m) { return {Status::bad_request, "BAD_REQUEST", m}; }
  static ApiError unauthenticated() {
    return {Status::unauthorized, "UNAUTHENTICATED", "Sign in to continue."};
  }
  static ApiError forbidden(const std::string& m = "You do not have permission to do this.") {
    return {Status::forbidden, "FORBIDDEN", m};
  }
  static ApiError csrf() {
    return {Status::forbidden, "CSRF_FAILED",
            "The CSRF token is missing or invalid. Reload the page and try again."};
  }
  static ApiError not_found(const std::string& m = "Not found.") {
    return {Status::not_found, "NOT_FOUND", m};
  }
  static ApiError conflict(const std::string& m) { return {Status::conflict, "CONFLICT", m}; }
  static ApiError too_large() {
    return {Status::payload_too_large, "PAYLOAD_TOO_LARGE", "The request body is too large."};
  }
  static ApiError validation(std::map<std::string, std::string> fields,
                             const std::string& m = "Some fields are not valid.") {
    return {Status::unprocessable_entity, "VALIDATION_FAILED", m, std::move(fields)};
  }
  static ApiError rate_limited(int retry_after_s) {
    ApiError e{Status::too_many_requests, "RATE_LIMITED", "Too many attempts. Try again later."};
    e.retry_after_s = retry_after_s;
    return e;
  }
};

}  // namespace shopfloor::http
