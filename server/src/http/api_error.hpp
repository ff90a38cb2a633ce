// Client errors thrown by handlers; the server turns them into the one error envelope:
//   {"error":{"code":"VALIDATION_FAILED","message":"Some fields are not valid.","fields":{"endAt":"Must be
//   after the start."},
//             "messageCode":{"code":"FIELDS_NOT_VALID","params":{}},
//             "fieldCodes":{"endAt":{"code":"AFTER_START","params":{}}},"requestId":"..."}}
// `code` says what kind of failure it is (http/error_codes.hpp); `messageCode` and `fieldCodes` say which
// message, for the web to show in the person's language (http/messages.hpp); `message` and `fields` are the
// same in English.
#pragma once

#include <boost/beast/http/status.hpp>
#include <map>
#include <stdexcept>
#include <string>

#include "http/error_codes.hpp"
#include "http/messages.hpp"

namespace shopfloor::http {

using Status = boost::beast::http::status;
using FieldErrors = std::map<std::string, Message>;

class ApiError : public std::runtime_error {
 public:
  ApiError(Status status, const ErrorCode& code, const Message& message, FieldErrors fields = {})
      : std::runtime_error(message.text()),
        status(status),
        code(code.name),
        message(message),
        fields(std::move(fields)) {}

  Status status;
  std::string code;
  Message message;
  FieldErrors fields;
  int retry_after_s = 0;  // sent as Retry-After when > 0

  static ApiError bad_json(const Message& m = msg::BAD_JSON) {
    return {Status::bad_request, err::BAD_JSON, m};
  }
  static ApiError bad_request(const Message& m) { return {Status::bad_request, err::BAD_REQUEST, m}; }
  static ApiError unauthenticated() {
    return {Status::unauthorized, err::UNAUTHENTICATED, msg::SIGN_IN_TO_CONTINUE};
  }
  static ApiError forbidden(const Message& m = msg::NO_PERMISSION) {
    return {Status::forbidden, err::FORBIDDEN, m};
  }
  static ApiError csrf() { return {Status::forbidden, err::CSRF_FAILED, msg::CSRF_TOKEN_INVALID}; }
  static ApiError not_found(const Message& m = msg::NOT_FOUND) {
    return {Status::not_found, err::NOT_FOUND, m};
  }
  static ApiError conflict(const Message& m) { return {Status::conflict, err::CONFLICT, m}; }
  static ApiError too_large() {
    return {Status::payload_too_large, err::PAYLOAD_TOO_LARGE, msg::BODY_TOO_LARGE};
  }
  static ApiError validation(FieldErrors fields, const Message& m = msg::FIELDS_NOT_VALID) {
    return {Status::unprocessable_entity, err::VALIDATION_FAILED, m, std::move(fields)};
  }
  static ApiError rate_limited(int retry_after_s) {
    ApiError e{Status::too_many_requests, err::RATE_LIMITED, msg::TOO_MANY_ATTEMPTS};
    e.retry_after_s = retry_after_s;
    return e;
  }
};

}  // namespace shopfloor::http
