#!/usr/bin/env bash
# Browser tests run in Debian's Chromium (never a downloaded browser). On a fresh machine `npm test`
# installs it when it may (root with apt-get); otherwise it stops with one line saying what to install.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[[ -x "$browser" ]] && exit 0
if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  echo "Browser tests: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser." >&2
  exit 1
fi
if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Browser tests: installing Debian's chromium (apt-get install -y chromium)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  [[ -x /usr/bin/chromium ]] && exit 0
fi
echo "Browser tests need Chromium: run 'sudo apt-get install -y chromium' (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
