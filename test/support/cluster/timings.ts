// Phase timings of the cluster stage and the spike: each file records what its set-up and failure
// steps took and prints them at the end.
export type Timings = Array<[string, number]>

/** Runs `fn`, recording how long it took under `what` in `timings` (also when it throws). */
export async function timed<T>(timings: Timings, what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now()
  try {
    return await fn()
  } finally {
    timings.push([what, performance.now() - t0])
  }
}
