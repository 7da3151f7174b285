#!/bin/sh
# Starts the cluster registry with htpasswd authentication (docker/registry.Dockerfile). The
# credentials are one `user:password` line in REGISTRY_CREDENTIALS_FILE (default: the Swarm secret
# /run/secrets/sandock_registry_auth); without them the registry refuses to start (closed by default:
# an open registry lets anything that reaches it list, pull and push every snapshot and template).
set -eu
file=${REGISTRY_CREDENTIALS_FILE:-/run/secrets/sandock_registry_auth}
if [ ! -r "$file" ]; then
  echo "registry: no credentials at $file (a user:password line, e.g. the sandock_registry_auth secret)" >&2
  exit 1
fi
line=$(head -n 1 "$file" | tr -d '\r\n')
user=${line%%:*}
password=${line#*:}
if [ -z "$user" ] || [ "$user" = "$line" ] || [ -z "$password" ]; then
  echo "registry: $file must hold one user:password line" >&2
  exit 1
fi
htpasswd_file=$(mktemp)
printf '%s\n' "$password" | htpasswd -iBn "$user" > "$htpasswd_file"
export REGISTRY_AUTH=htpasswd REGISTRY_AUTH_HTPASSWD_REALM=sandock REGISTRY_AUTH_HTPASSWD_PATH="$htpasswd_file"
exec /usr/bin/docker-registry serve /etc/docker/registry/config.yml
