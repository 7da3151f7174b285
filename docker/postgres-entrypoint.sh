#!/bin/sh
# First start: initdb with user `sandock` (password from $POSTGRES_PASSWORD_FILE) and database
# `sandock`, password authentication from anywhere; then postgres in the foreground.
set -eu
BIN=/usr/lib/postgresql/15/bin
: "${PGDATA:=/var/lib/postgresql/data}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="${POSTGRES_PASSWORD_FILE:-}"
  if [ -z "$pwfile" ] || [ ! -s "$pwfile" ]; then echo "postgres-entrypoint: POSTGRES_PASSWORD_FILE must name a non-empty file" >&2; exit 1; fi
  "$BIN/initdb" -D "$PGDATA" -U sandock --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 -E UTF8 >/dev/null
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  "$BIN/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  "$BIN/createdb" -h /run/postgresql -U sandock sandock
  "$BIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/run/postgresql
