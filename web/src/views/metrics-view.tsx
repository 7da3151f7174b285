// CPU, memory and disk of one sandbox over time (GET /sandboxes/{id}/metrics, every 5 s).
import { useMemo, useRef } from 'preact/hooks'
import { sandboxMetrics } from '../api/sandboxes.js'
import type { SandboxMetric } from '../api/types.js'
import { Chart } from '../components/chart.js'
import { formatBytes, formatPct } from '../lib/format.js'
import { cpuMemSeries, mergeSamples } from '../lib/metrics-series.js'
import { METRICS_POLL_MS } from '../lib/use-metrics.js'
import { usePoll } from '../lib/use-poll.js'

const CPU = [{ label: 'CPU used', color: '#58a6ff', fill: true }]
const MEM = [{ label: 'used', color: '#3fb950', fill: true }]
const DISK = [{ label: 'used', color: '#d29922', fill: true }]

export function MetricsView({ sandboxId }: { sandboxId: string }) {
  const kept = useRef<SandboxMetric[]>([])
  const poll = usePoll(
    async (signal) => {
      const since = kept.current.at(-1)?.timestampUnix
      kept.current = mergeSamples(kept.current, await sandboxMetrics(sandboxId, since, signal))
      return kept.current
    },
    METRICS_POLL_MS,
    [sandboxId],
  )
  const samples = poll.data ?? []
  const series = useMemo(() => cpuMemSeries(samples), [samples])
  const last = samples.at(-1)
  if (poll.error)
    return (
      <p class="error" role="alert">
        Could not load metrics: {poll.error.message}
      </p>
    )
  if (samples.length === 0) return <p class="muted">No samples yet (the server samples every few seconds).</p>
  return (
    <div class="metrics">
      <p class="muted small">
        {samples.length} samples; latest: CPU {formatPct(last!.cpuUsedPct)} of {last!.cpuCount}, memory{' '}
        {formatBytes(last!.memUsed)} of {formatBytes(last!.memTotal)}, disk {formatBytes(last!.diskUsed)} of{' '}
        {formatBytes(last!.diskTotal)}.
      </p>
      <div class="chart-grid">
        <Chart title="CPU (%)" data={series.cpu} series={CPU} height={200} minTop={5} maxTop={100} unit="%" />
        <Chart
          title={`Memory (MiB, limit ${formatBytes(last!.memTotal)})`}
          data={[series.mem[0], series.mem[1]!]}
          series={MEM}
          height={200}
          minTop={16}
        />
        <Chart
          title={`Disk (MiB, of ${formatBytes(last!.diskTotal)})`}
          data={[series.disk[0], series.disk[1]!]}
          series={DISK}
          height={200}
          minTop={16}
        />
      </div>
    </div>
  )
}
