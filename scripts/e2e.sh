#!/usr/bin/env bash
# The browser suite in two runs, each on its own fresh server (playwright.config.ts): first the specs
# that leave the dev clock alone, two at a time; then the specs that move it, one at a time. Both run
# even when the first fails, so one run reports every failure. Extra arguments go to both runs.
set -uo pipefail
npx playwright test --project=steady --pass-with-no-tests "$@"
steady=$?
npx playwright test --project=clocked --pass-with-no-tests "$@"
clocked=$?
exit $((steady || clocked))
