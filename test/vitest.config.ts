// Three projects, run one after the other (groupOrder) so Docker-heavy suites never share the
// 2 cores: unit (no Docker), conformance (official e2b SDK against envd in the real base image),
// control (the SDK against `sandock serve` on real Docker). `npm test` runs them all;
// `npm run test:unit` is the fast loop.
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
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['test/conformance/**/*.test.ts'],
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 2 },
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
