#!/usr/bin/env bash
# Installs what Shopfloor needs on Debian 12: the Debian packages for the server, its tests and tools,
# then the npm packages of the web app and of the integration tests. Idempotent: a second run on a ready
# machine touches nothing (no apt-get update, no npm ci). Quiet when CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."

quiet() { [ "${CI:-}" = "true" ]; }
say() { quiet || echo "install-deps: $*"; }

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "install-deps: not root and sudo is not available; cannot install Debian packages" >&2
    SUDO=(false)
  fi
fi

PACKAGES=(
  g++ cmake ninja-build pkg-config ca-certificates curl clang-format
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libsqlite3-dev libpq-dev libicu-dev libsodium-dev libspdlog-dev libfmt-dev libcli11-dev
  libgtest-dev libbenchmark-dev zlib1g-dev libvips-dev libxlsxwriter-dev libssl-dev libcurl4-openssl-dev
  libcairo2-dev libpango1.0-dev libqrencode-dev fonts-thai-tlwg fonts-dejavu-core poppler-utils zbar-tools
  postgresql postgresql-client chromium wrk brotli nginx
)

# Node 20 or newer; Debian's nodejs is only installed when node is missing or too old.
node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  [ "$major" -ge 20 ]
}
node_ok || PACKAGES+=(nodejs npm)

# One dpkg-query for all: a package is missing unless it is listed as "install ok installed".
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${PACKAGES[@]}" 2>/dev/null |
  awk '$2 == "install" && $4 == "installed" { sub(/:.*/, "", $1); print $1 }' || true)
missing=()
for p in "${PACKAGES[@]}"; do
  grep -qxF "$p" <<<"$installed" || missing+=("$p")
done

if [ "${#missing[@]}" -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if quiet; then
    "${SUDO[@]}" apt-get update -qq >/dev/null
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    "${SUDO[@]}" apt-get update
    "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
  fi
else
  say "Debian packages: all present"
fi

if ! node_ok; then
  echo "install-deps: node >= 20 is required but $(node --version 2>/dev/null || echo 'no node') is installed" >&2
  exit 1
fi

# npm ci in a folder when node_modules is missing or older than package-lock.json.
npm_ci() {
  local dir=$1
  [ -f "$dir/package.json" ] || return 0
  if [ -d "$dir/node_modules" ] && { [ ! -f "$dir/package-lock.json" ] || [ "$dir/node_modules" -nt "$dir/package-lock.json" ]; }; then
    say "$dir: node_modules up to date"
    return 0
  fi
  say "$dir: npm ci"
  local args=(--no-audit --no-fund)
  quiet && args+=(--loglevel=error)
  if [ -f "$dir/package-lock.json" ]; then
    npm ci --prefix "$dir" "${args[@]}"
  else
    npm install --prefix "$dir" "${args[@]}"
  fi
  touch "$dir/node_modules"
}

npm_ci web
npm_ci server/tests/integration
