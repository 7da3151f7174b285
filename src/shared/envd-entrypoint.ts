// The command that runs envd in a sandbox image: the base template's ENTRYPOINT spells it out
// (docker/base.Dockerfile; a unit test keeps the two equal). MALLOC_ARENA_MAX=1 (one malloc arena
// for all of envd's threads) saves ~2.5 MiB per idle envd and must be set before Node starts;
// envd gives the processes it starts an environment of their own, so it never reaches them.
// --disable-sigusr1: SIGUSR1 (root in the sandbox can send it) must never open Node's inspector.
export const ENVD_ENTRYPOINT: readonly string[] = [
  '/usr/bin/env',
  'MALLOC_ARENA_MAX=1',
  '/opt/sandock/bin/node',
  '--disable-sigusr1',
  '/opt/sandock/sandock.mjs',
  'envd',
]
