#!/usr/bin/env bash
# Runs a command against a throwaway real PostgreSQL server: initdb into a temporary directory,
# start it on a free loopback port, export TEST_DATABASE_URL, run the command, stop and remove.
# Usage: scripts/with-postgres.sh npm run test:server
set -euo pipefail

pg_bin=""
for candidate in "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/x)")" /usr/lib/postgresql/*/bin; do
  if [[ -x "$candidate/initdb" && -x "$candidate/pg_ctl" ]]; then pg_bin="$candidate"; break; fi
done
if [[ -z "$pg_bin" ]]; then
  echo "with-postgres: PostgreSQL binaries not found (install the Debian package postgresql)" >&2
  exit 1
fi

port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
dir="$(mktemp -d /tmp/heloc-pg-XXXXXX)"

# initdb refuses to run as root; run the server as the postgres user when we are root.
as_pg=()
if [[ "$(id -u)" == "0" ]]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -w -t 60 -l "$dir/log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
echo "with-postgres: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
