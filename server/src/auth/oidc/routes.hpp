// Single sign-on through Auth.js's endpoints (authjs_routes.cpp routes to these):
//   GET  /api/auth/providers        each provider as {id, name, type:"oidc", signinUrl, callbackUrl}
//   POST /api/auth/signin/<id>      CSRF and a same-origin callbackUrl → the provider's authorization URL
//                                   (a redirect, or {url} with json=true), with the flow cookie
//   GET  /api/auth/callback/<id>    state, code exchange, ID token → a session and the callbackUrl, or
//                                   /login?error=<Auth.js code>
// See docs/API.md "Single sign-on" and docs/OPERATIONS.md.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <vector>

#include "auth/authjs_forms.hpp"
#include "auth/pages.hpp"
#include "http/context.hpp"

namespace shopfloor::auth::oidc {

class Provider;

// Adds every configured provider to the providers list.
void add_provider_entries(const http::Context& ctx, boost::json::object& providers);

// The sign-in page's buttons, one per provider.
std::vector<ProviderButton> provider_buttons(const http::Context& ctx);

// The provider the sign-in names, if it is a single sign-on one.
Provider* find_provider(const http::Context& ctx, std::string_view id);

boost::asio::awaitable<http::Response> begin_sign_in(http::Context& ctx, const FormFields& fields,
                                                     Provider& provider);
boost::asio::awaitable<http::Response> finish_sign_in(http::Context& ctx);

}  // namespace shopfloor::auth::oidc
