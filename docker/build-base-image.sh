#!/usr/bin/env bash
# Builds the local Debian base image (default tag debian:bookworm-slim) with debootstrap and
# `docker import`, so that hosts without registry access (air-gapped, CI) can build every
# Sandock image. Does nothing when the tag already exists unless --force is given.
set -euo pipefail
tag=${SANDOCK_BASE_IMAGE:-debian:bookworm-slim}
mirror=${SANDOCK_DEBIAN_MIRROR:-}
force=0
[ "${1:-}" = "--force" ] && force=1
if [ "$force" = 0 ] && docker image inspect "$tag" >/dev/null 2>&1; then
  echo "base image $tag already present" >&2
  exit 0
fi
if [ -z "$mirror" ]; then
  # The mirror apt already uses on this host (deb822 or one-line sources), else Debian's CDN.
  mirror=$( { cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list /etc/apt/sources.list 2>/dev/null || true; } \
    | { grep -E '^(URIs:|deb )' || true; } | { grep -v security || true; } | head -n 1 \
    | sed -E 's/^URIs: *//; s/^deb (\[[^]]*\] )?//; s/ .*//')
  mirror=${mirror:-http://deb.debian.org/debian}
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  echo "installing debootstrap" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2 \
    || { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2; }
fi
dir=$(mktemp -d /tmp/sandock-rootfs.XXXXXX)
trap 'rm -rf "$dir"' EXIT
echo "debootstrap bookworm from $mirror into $dir" >&2
debootstrap --variant=minbase bookworm "$dir" "$mirror" >&2
# Keep the image small: no apt lists or caches.
rm -rf "$dir"/var/lib/apt/lists/* "$dir"/var/cache/apt/archives/*.deb
tar -C "$dir" -c . | docker import - "$tag" >&2
echo "built base image $tag" >&2
