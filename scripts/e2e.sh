#!/usr/bin/env bash
# The browser suite on fresh servers (playwright.config.ts): first the specs that leave the dev clock
# alone, two at a time on one server; then the two halves of the specs that move it, side by side, each
# one spec at a time on a server of its own (its own port, database and clock). Everything runs even
# when something fails, so one run reports every failure. Extra arguments go to every run.
set -uo pipefail

# Three free loopback ports, held together while they are chosen so they differ (a fixed port may be
# held by a server an earlier, interrupted run left behind). E2E_PORT, when set, is the steady run's.
read -r -a ports <<<"$(node -e '
  const net = require("net");
  const servers = [0, 1, 2].map(() => net.createServer());
  Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, "127.0.0.1", ok)))).then(() => {
    console.log(servers.map((s) => s.address().port).join(" "));
    servers.forEach((s) => s.close());
  });
')"
steady_port=${E2E_PORT:-${ports[0]}}

E2E_PORT=$steady_port npx playwright test --project=steady --pass-with-no-tests "$@"
steady=$?

# Each half's output is kept apart and printed whole once both are done (two runners' lines
# interleaved are unreadable).
logs=$(mktemp -d)
pids=()
for half in 1 2; do
  E2E_PORT=${ports[$half]} E2E_DATA_DIR='' \
    npx playwright test --project="clocked-$half" --pass-with-no-tests "$@" >"$logs/clocked-$half.log" 2>&1 &
  pids+=($!)
done
clocked=0
for half in 1 2; do
  wait "${pids[$((half - 1))]}" || clocked=1
  printf '\n--- clocked specs, half %s of 2 (port %s)\n' "$half" "${ports[$half]}"
  cat "$logs/clocked-$half.log"
done
rm -rf "$logs"
exit $((steady || clocked))
