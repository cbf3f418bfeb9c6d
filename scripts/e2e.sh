#!/usr/bin/env bash
# The browser suite in two runs, each on its own fresh server (playwright.config.ts): first the specs
# that leave the dev clock alone, two at a time; then the specs that move it, one at a time. Both run
# even when the first fails, so one run reports every failure. Extra arguments go to both runs.
#
# The clocked specs once ran in two halves side by side, each on its own server: on two cores the two
# servers and browsers slowed every test three- to sixfold (the halves took 11 and 14+ minutes against
# 12.4 for the whole set in a row, and tests hit their timeouts), so they run in a row again.
set -uo pipefail

# Each run on a free loopback port (a fixed one may be held by a server an interrupted run left
# behind); E2E_PORT, when set, is used for both.
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

E2E_PORT=${E2E_PORT:-$(free_port)} npx playwright test --project=steady --pass-with-no-tests "$@"
steady=$?
E2E_PORT=${E2E_PORT:-$(free_port)} npx playwright test --project=clocked --pass-with-no-tests "$@"
clocked=$?
exit $((steady || clocked))
