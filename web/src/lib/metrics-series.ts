// Metric samples kept per sandbox for the charts: merged by timestamp, bounded, and turned into
// uPlot's column arrays (pure).
import type { SandboxMetric } from '../api/types.js'

export const MAX_SAMPLES = 720

/** Union by `timestampUnix` (the newer copy wins), sorted, at most `max` (newest kept). */
export function mergeSamples(
  existing: readonly SandboxMetric[],
  incoming: readonly SandboxMetric[],
  max = MAX_SAMPLES,
): SandboxMetric[] {
  if (incoming.length === 0) return existing as SandboxMetric[]
  const byTime = new Map<number, SandboxMetric>()
  for (const m of existing) byTime.set(m.timestampUnix, m)
  for (const m of incoming) byTime.set(m.timestampUnix, m)
  return [...byTime.values()].sort((a, b) => a.timestampUnix - b.timestampUnix).slice(-max)
}

export type Series = [number[], ...number[][]]

/** x = unix seconds; then CPU % and memory used in MiB. */
export function cpuMemSeries(samples: readonly SandboxMetric[]): { cpu: Series; mem: Series; disk: Series } {
  const x = samples.map((m) => m.timestampUnix)
  const mib = (b: number) => b / (1024 * 1024)
  return {
    cpu: [x, samples.map((m) => m.cpuUsedPct)],
    mem: [x, samples.map((m) => mib(m.memUsed)), samples.map((m) => mib(m.memTotal))],
    disk: [x, samples.map((m) => mib(m.diskUsed)), samples.map((m) => mib(m.diskTotal))],
  }
}
