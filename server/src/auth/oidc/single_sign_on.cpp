#include "auth/oidc/single_sign_on.hpp"

#include <boost/asio/post.hpp>

namespace shopfloor::auth::oidc {

SingleSignOn::SingleSignOn(const std::vector<ProviderSettings>& providers)
    // Sign-in threads mostly wait on the network; four keep a slow provider from holding up the others.
    : threads_(std::make_unique<boost::asio::thread_pool>(providers.empty() ? 1 : 4)) {
  for (const auto& p : providers) providers_.push_back(std::make_unique<Provider>(p));
}

SingleSignOn::~SingleSignOn() {
  stop();
}

Provider* SingleSignOn::find(std::string_view id) const {
  for (const auto& p : providers_)
    if (p->config().id == id) return p.get();
  return nullptr;
}

void SingleSignOn::warm_up() {
  for (const auto& p : providers_)
    boost::asio::post(*threads_, [provider = p.get()] { provider->warm_up(); });
}

void SingleSignOn::stop() {
  threads_->join();
}

}  // namespace shopfloor::auth::oidc
