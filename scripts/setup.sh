#!/usr/bin/env bash
# Installs what a fresh machine lacks for the app and its tests: Debian's Chromium (the browser
# host and the Playwright tests use it; Playwright never downloads its own), Xvfb, openssl,
# PostgreSQL (the tests start throw-away clusters of their own; the system's cluster is never
# used), and the npm packages. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# Debian keeps the server programs off PATH, in /usr/lib/postgresql/<version>/bin
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: please install ${missing[*]} (Debian/Ubuntu: apt-get install ${missing[*]})" >&2
  fi
fi

# Never download browsers or the Electron binary during install: neither is reachable here,
# and the app falls back to the browser host when Electron is absent.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1
stamp=node_modules/.setup-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
