#!/usr/bin/env bash
# Installs what a fresh machine lacks for the app and its tests: Debian's Chromium (the browser
# host and the Playwright tests use it; Playwright never downloads its own), Xvfb, openssl, unzip,
# PostgreSQL (the tests start throw-away clusters of their own; no system cluster is created or
# used), and the npm packages. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Installing Debian's postgresql creates and starts a system-wide 'main' cluster on port 5432
# unless postgresql-common is told otherwise first; the project never uses one.
no_main_cluster() {
  local conf=/etc/postgresql-common/createcluster.conf
  if [ -f "$conf" ] && grep -Eq '^[[:space:]]*create_main_cluster[[:space:]]*=[[:space:]]*false' "$conf"; then return 0; fi
  as_root mkdir -p /etc/postgresql-common
  if [ -f "$conf" ]; then as_root sed -i -E '/^[[:space:]]*create_main_cluster[[:space:]]*=/d' "$conf"; fi
  echo 'create_main_cluster = false' | as_root tee -a "$conf" >/dev/null
}

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# the archive tests unpack a study's .zip as an inspector would
command -v unzip >/dev/null 2>&1 || missing+=(unzip)
# Debian keeps the server programs off PATH, in /usr/lib/postgresql/<version>/bin
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] || command -v sudo >/dev/null 2>&1; then
    if [[ " ${missing[*]} " == *" postgresql "* ]]; then no_main_cluster; fi
    echo "setup: installing ${missing[*]} with apt-get"
    as_root apt-get update -qq
    # UCF_FORCE_CONFFOLD: postgresql-common keeps the createcluster.conf written above
    as_root env DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: please install ${missing[*]} (Debian/Ubuntu: apt-get install ${missing[*]};" \
      "first put 'create_main_cluster = false' in /etc/postgresql-common/createcluster.conf)" >&2
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
