// Sandbox metrics: envd's /metrics sampled for every running sandbox at an interval, the last
// METRICS_KEPT samples kept per sandbox, and queries by time range.
import { diskSizeMB, type EnvdMetrics } from '../envd-client/client.js'
import type { SandboxContext } from './context.js'
import type { SandboxRecord } from './registry.js'
import type { SandboxMetric } from './types.js'

const METRICS_KEPT = 720

export function toMetric(m: EnvdMetrics): SandboxMetric {
  return {
    timestamp: new Date(m.ts * 1000).toISOString(),
    timestampUnix: m.ts,
    cpuCount: m.cpu_count,
    cpuUsedPct: m.cpu_used_pct,
    memUsed: m.mem_used,
    memTotal: m.mem_total,
    memCache: m.mem_cache,
    diskUsed: m.disk_used,
    diskTotal: m.disk_total,
  }
}

export type Metrics = ReturnType<typeof createMetrics>

export function createMetrics({ registry, envd, settings, state }: SandboxContext) {
  let sampler: NodeJS.Timeout | undefined
  const lastWarned = new WeakMap<SandboxRecord, number>()

  /** One sample of `record` (kept); undefined when envd did not answer. */
  async function sample(record: SandboxRecord): Promise<EnvdMetrics | undefined> {
    try {
      const m = await envd.metrics(record.ip, record.envdAccessToken)
      record.metrics.push(toMetric(m))
      if (record.metrics.length > METRICS_KEPT) record.metrics.splice(0, record.metrics.length - METRICS_KEPT)
      // Unknown until envd first answered: a create whose first read failed, a sandbox re-attached
      // while paused (and resumed since). The API's diskSizeMB is then the first sample's.
      if (record.diskSizeMB === 0 && m.disk_total > 0)
        void state.transition(record, 'measured', { diskSizeMB: diskSizeMB(m) })
      return m
    } catch (err) {
      // A bad or missing answer is a gap in the series. Logged as an error once per minute per
      // sandbox (envd may be restarting, or root in the sandbox may answer for it).
      const now = Date.now()
      if (now - (lastWarned.get(record) ?? 0) >= 60_000) {
        lastWarned.set(record, now)
        record.log.warn({ err }, 'metrics sample failed: a gap in the series')
      } else record.log.debug({ err }, 'metrics sample failed')
      return undefined
    }
  }

  return {
    sample,
    startSampling(): void {
      sampler = setInterval(() => {
        // Not while a pause (or another operation) runs: a gVisor save refuses an open connection.
        for (const r of registry.all()) if (r.state === 'running' && !r.inFlight) void sample(r)
      }, settings.metricsIntervalMs)
      sampler.unref()
    },
    stopSampling: () => clearInterval(sampler),
    /** The kept samples of a sandbox within [startS, endS] (unix seconds, either side open). */
    metrics(sandboxId: string, { startS, endS }: { startS?: number; endS?: number } = {}): SandboxMetric[] {
      return registry
        .get(sandboxId)
        .metrics.filter(
          (m) => (startS === undefined || m.timestampUnix >= startS) && (endS === undefined || m.timestampUnix <= endS),
        )
    },
    /** The latest sample of each known sandbox among `sandboxIds`; unknown ones and those without a sample are left out. */
    lastMetrics(sandboxIds: readonly string[]): Record<string, SandboxMetric> {
      const out: Record<string, SandboxMetric> = {}
      for (const id of sandboxIds) {
        const last = registry.find(id)?.metrics.at(-1)
        if (last) out[id] = last
      }
      return out
    },
  }
}
