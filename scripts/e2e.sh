#!/usr/bin/env bash
# The browser suite on fresh servers (playwright.config.ts): first the specs that leave the dev clock
# alone, two at a time on one server; then the two halves of the specs that move it, side by side, each
# one spec at a time on a server of its own (its own port, database and clock). Everything runs even
# when something fails, so one run reports every failure. Extra arguments go to every run.
set -uo pipefail
base_port=${E2E_PORT:-3111}

npx playwright test --project=steady --pass-with-no-tests "$@"
steady=$?

# Each half's output is kept apart and printed whole once both are done (two runners' lines
# interleaved are unreadable); the halves' ports follow the steady server's.
logs=$(mktemp -d)
pids=()
for half in 1 2; do
  E2E_PORT=$((base_port + half)) E2E_DATA_DIR='' \
    npx playwright test --project="clocked-$half" --pass-with-no-tests "$@" >"$logs/clocked-$half.log" 2>&1 &
  pids+=($!)
done
clocked=0
for half in 1 2; do
  wait "${pids[$((half - 1))]}" || clocked=1
  printf '\n--- clocked specs, half %s of 2 (port %s)\n' "$half" "$((base_port + half))"
  cat "$logs/clocked-$half.log"
done
rm -rf "$logs"
exit $((steady || clocked))
