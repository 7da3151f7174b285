// Four tiers, run one after the other (groupOrder) so Docker-heavy suites never share the 2 cores:
// - unit (`npm run test:unit`): no Docker, no root, no C compiler, no PostgreSQL; the fast loop.
// - host (`npm run test:host`): what needs this host's tools but no Docker: PostgreSQL 15's
//   server (the cluster's stores), a C compiler (envd's process tests again through
//   sandock-spawner), root where a test asks for it.
// - conformance (`npm run test:conformance`): the official e2b SDK against envd in the base image.
// - control (`npm run test:docker`): the SDK against `sandock serve` on real Docker.
// `npm test` runs them all; `npm run test:cluster` is its own config (a Swarm of DinD nodes).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
          // Two files at a time (the default is one on 2 cores): most unit files wait on sockets,
          // child processes and timers more than they compute. Files share their worker's process
          // and module cache (not a new process and a fresh import of Fastify, pino and the rest
          // per file): a file leaves no global state behind (env, V8 flags, timers) or resets it.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'host',
          include: ['test/host/**/*.test.ts', 'test/unit/envd/process/{control,start}.test.ts'],
          env: { SANDOCK_TEST_STARTERS: 'spawner' },
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['test/conformance/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          globalSetup: ['test/support/envd-container-setup.ts'],
          // One envd container serves the suite: files share it, so run them one at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'control',
          // The envd conformance files run here a second time, through the proxy of a real
          // `sandock serve`, against a sandbox created with the control API (access token on).
          include: ['test/control/**/*.test.ts', 'test/conformance/{commands,pty,files,watch}.test.ts'],
          env: { SANDOCK_TEST_ENVD_VIA: 'proxy' },
          sequence: { groupOrder: 3 },
          globalSetup: ['test/support/control-setup.ts'],
          // One shared `sandock serve` (ports 3200/3202) serves the suite: files run one at a time.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
