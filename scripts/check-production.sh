#!/usr/bin/env bash
# CI check of the production set-up (issue 20): in a temporary copy of the repository, build
# everything, reinstall with `npm ci --omit=dev` (no devDependencies: no tsx, TypeScript, Vite or
# Vitest), start the compiled server with plain `node` in production mode, and require /readyz and a
# page to answer. Bounded: each step has a time limit; the copy is removed afterwards.
# REUSE_BUILD=1 takes the build already in the checkout (apps/*/dist) instead of building again.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/heloc-prod-XXXXXX)"
pid=""
cleanup() {
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The committed tree plus uncommitted changes to tracked files (what CI checked out), no node_modules.
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -xf - -C "$work/"
cd "$work"
if [[ "${REUSE_BUILD:-}" == "1" && -d "$root/apps/server/dist" && -d "$root/apps/web/dist" && -d "$root/apps/ops/dist" ]]; then
  # CI has just built these in the checkout (npm test builds before the browser tests): the same
  # sources, so the copy takes them instead of installing devDependencies and building again.
  for app in server web ops; do cp -r "$root/apps/$app/dist" "apps/$app/dist"; done
else
  timeout 300 npm ci --no-audit --no-fund --loglevel=error
  timeout 300 npm run -s build >/dev/null
fi
timeout 300 npm ci --omit=dev --no-audit --no-fund --loglevel=error
for dev in tsx typescript vite vitest esbuild; do
  if [[ -e "node_modules/$dev" ]]; then echo "check-production: devDependency $dev is installed" >&2; exit 1; fi
done

port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
data="$work/data"
NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" LOG_LEVEL=warn \
  JWT_SECRET="$(head -c 48 /dev/urandom | base64)" DATA_ENCRYPTION_KEY="$(head -c 48 /dev/urandom | base64)" \
  MAIL_TRANSPORT=outbox DEFAULT_ORG_CODE=MAIN \
  bash -c 'cd apps/server && exec node dist/main.js' >"$work/server.log" 2>&1 &
pid=$!
ready=""
for _ in $(seq 1 90); do
  if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then ready=1; break; fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 1
done
if [[ -z "$ready" ]]; then
  echo "check-production: the server did not become ready" >&2
  cat "$work/server.log" >&2
  exit 1
fi
page="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/account/heloc/auth/login")"
if [[ "$page" != "200" ]]; then
  echo "check-production: the login page answered $page" >&2
  exit 1
fi
kill -TERM "$pid"
code=0
wait "$pid" || code=$?
if [[ "$code" != "0" ]]; then
  echo "check-production: the server did not stop cleanly (exit $code)" >&2
  cat "$work/server.log" >&2
  exit 1
fi
pid=""
echo "check-production: built, installed without devDependencies, started with node: ready, login page 200, clean stop"
