// Three projects: unit (no Docker), conformance (official e2b SDK against envd in the real
// base image). `npm test` runs them all; `npm run test:unit` is the fast loop.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['test/conformance/**/*.test.ts'],
          globalSetup: ['test/support/envd-container-setup.ts'],
          // One envd container serves the suite: files share it, so run them one at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
