#!/usr/bin/env bash
# Builds the web app (npm --prefix web run build) only when web/dist is missing or older than any of its
# inputs: the sources, index.html, public/, first-screen.json, the build config and plugins, and the installed
# packages. `make run` and scripts/lighthouse.sh call it; WEB_BUILD=always rebuilds regardless.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f web/package.json ] || { echo "web/ not present: skipping the web build"; exit 0; }
STAMP=web/dist/index.html
INPUTS=(web/src web/public web/index.html web/package.json web/package-lock.json web/vite.config.ts web/tsconfig.json
  web/scripts web/bundle-budget.json web/first-screen.json web/node_modules/.package-lock.json)
existing=()
for p in "${INPUTS[@]}"; do [ -e "$p" ] && existing+=("$p"); done
if [ "${WEB_BUILD:-}" != always ] && [ -f "$STAMP" ] && [ -z "$(find "${existing[@]}" -newer "$STAMP" -print -quit)" ]; then
  echo "web/dist is up to date (no web source is newer than $STAMP)"
  exit 0
fi
npm --prefix web run build
