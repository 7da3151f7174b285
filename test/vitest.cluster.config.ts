// The `cluster` project: Docker Swarm over Docker-in-Docker nodes (test/support/cluster). Heavy
// (three engines on one machine), so it is not one of `npm test`'s projects: `npm run test:cluster`
// runs it alone, under the heavy lock on shared machines.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'cluster',
          include: ['test/cluster/**/*.test.ts'],
          // Each file starts its own cluster: never two at once on a 2-core machine.
          fileParallelism: false,
          testTimeout: 180_000,
          // Building the node image (apt-get install docker.io) is the slow part of a cold start.
          hookTimeout: 900_000,
        },
      },
      {
        // `npm run bench:cluster`: the cluster benchmark (bench/cluster.ts), never part of a test run.
        test: {
          name: 'cluster-bench',
          include: ['bench/cluster.ts'],
          fileParallelism: false,
          testTimeout: 1_800_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
})
