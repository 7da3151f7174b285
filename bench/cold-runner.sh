#!/usr/bin/env bash
# Times the CI recipe of docs/ci.md on a cold runner: from a clean clone and a Docker engine with no
# images (a Docker-in-Docker node, docker/dind.Dockerfile, standing in for a fresh CI machine),
# `docker compose up -d --build` until the first sandbox has answered a command. Prints the phases
# and writes bench/results/cold-runner.json. Needs root, cgroup v1 (as the cluster tests) and
# `npm run build` done (the SDK client runs from this checkout). Everything it makes is named
# sandock-coldrun-* and removed at the end. Take the heavy lock: it builds two images from scratch.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
name=sandock-coldrun-$$
dind_image=sandock-coldrun/dind:$(sha256sum docker/dind.Dockerfile docker/dind-entrypoint.sh | sha256sum | cut -c1-16)
key=e2b_coldrun$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
work=$(mktemp -d /tmp/sandock-coldrun.XXXXXX)
cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$name-docker" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

docker image inspect "$dind_image" >/dev/null 2>&1 || DOCKER_BUILDKIT=0 docker build -q -t "$dind_image" -f docker/dind.Dockerfile docker >/dev/null
docker volume create "$name-docker" >/dev/null
docker run -d --name "$name" --init --cap-add ALL --cap-drop SYS_RESOURCE \
  --security-opt seccomp=unconfined --security-opt apparmor=unconfined --security-opt systempaths=unconfined \
  --device-cgroup-rule 'a *:* rwm' -v /sys/fs/cgroup:/sys/fs/cgroup:rw --tmpfs /run \
  -v "$name-docker:/var/lib/docker" "$dind_image" >/dev/null
until docker exec "$name" docker info >/dev/null 2>&1; do sleep 1; done
# What a hosted runner has before the job: Compose, curl and git (here from Debian), and the
# Debian image its registry would serve in seconds (here loaded, since no registry is reachable).
docker exec "$name" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose curl >/dev/null'
docker save debian:bookworm-slim | docker exec -i "$name" docker load -q >/dev/null
# The clean clone (committed files only), plus a TLS-intercepting proxy's CA if this machine has one.
git clone -q --depth 1 "file://$root" "$work/sandock"
cp /usr/local/share/ca-certificates/*.crt "$work/sandock/docker/extra-ca/" 2>/dev/null || true
tar -C "$work" -c sandock | docker exec -i "$name" tar -C / -x
ip=$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$name")

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
t0=$(now)
docker exec -e SANDOCK_API_KEYS="$key" "$name" sh -c 'cd /sandock && docker-compose up -d --build' >"$work/up.log" 2>&1 \
  || { tail -n 40 "$work/up.log"; exit 1; }
t_up=$(now)
until curl -sf "http://$ip:3000/health" >/dev/null 2>&1; do
  if [ "$(secs "$t0" "$(now)" | cut -d. -f1)" -gt 1800 ]; then echo "not healthy after 30 min" >&2; exit 1; fi
  sleep 1
done
t_ready=$(now)
E2B_API_KEY=$key E2B_API_URL=http://$ip:3000 E2B_SANDBOX_URL=http://$ip:3002 node --input-type=module -e "
  import { Sandbox } from 'e2b'
  const sbx = await Sandbox.create()
  const out = (await sbx.commands.run('echo first-sandbox')).stdout.trim()
  if (out !== 'first-sandbox') throw new Error('unexpected output: ' + out)
  await sbx.kill()
"
t_first=$(now)

up=$(secs "$t0" "$t_up"); ready=$(secs "$t_up" "$t_ready"); first=$(secs "$t_ready" "$t_first"); total=$(secs "$t0" "$t_first")
echo "compose up --build (server image from source): ${up} s"
echo "until /health is ok (base template image built on first start): ${ready} s"
echo "Sandbox.create() + first command: ${first} s"
echo "cold runner → first sandbox: ${total} s"
mkdir -p bench/results
printf '{"date":"%s","composeUpBuildS":%s,"baseTemplateS":%s,"firstSandboxS":%s,"totalS":%s,"cores":%s}\n' \
  "$(date -u +%FT%TZ)" "$up" "$ready" "$first" "$total" "$(nproc)" > bench/results/cold-runner.json
