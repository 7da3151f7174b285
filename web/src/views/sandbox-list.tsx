// Sandboxes: the live list (polled every LIST_POLL_MS), filters, per-row CPU and memory charts
// and actions.
import { useEffect, useMemo, useState } from 'preact/hooks'
import { listSandboxes, type ListFilter } from '../api/sandboxes.js'
import type { ListedSandbox, SandboxMetric } from '../api/types.js'
import { Chart } from '../components/chart.js'
import { Metadata, StateBadge } from '../components/metadata.js'
import { Notices, useNotices } from '../components/notices.js'
import { SandboxActions } from '../components/sandbox-actions.js'
import { formatBytes, formatDuration, formatPct, formatRelative, formatTimestamp } from '../lib/format.js'
import { parseMetadataFilter } from '../lib/metadata-filter.js'
import { cpuMemSeries } from '../lib/metrics-series.js'
import { routeHref } from '../lib/routes.js'
import { useMetricsHistory } from '../lib/use-metrics.js'
import { useNow, usePoll } from '../lib/use-poll.js'

export const LIST_POLL_MS = 2000

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return v
}

export function SandboxList() {
  const [state, setState] = useState<'' | 'running' | 'paused'>('')
  const [template, setTemplate] = useState('')
  const [metadataText, setMetadataText] = useState('')
  const parsed = parseMetadataFilter(metadataText)
  const filter = useDebounced<ListFilter>(
    useMemo(
      () => ({
        state: state || undefined,
        template: template.trim() || undefined,
        metadata: parsed.ok ? parsed.metadata : {},
      }),
      [state, template, metadataText],
    ),
    300,
  )
  const filterKey = JSON.stringify(filter)
  const list = usePoll((signal) => listSandboxes(filter, signal), LIST_POLL_MS, [filterKey], {
    keepPrevious: true,
  })
  const sandboxes = list.data?.sandboxes ?? []
  const metrics = useMetricsHistory(sandboxes.filter((s) => s.state === 'running').map((s) => s.sandboxID))
  const [notices, notify] = useNotices()
  const now = useNow(1000)

  return (
    <section>
      <div class="toolbar">
        <h1>
          Sandboxes <span class="count">{list.data ? sandboxes.length : ''}</span>
        </h1>
        <form class="filters" onSubmit={(e) => e.preventDefault()}>
          <label>
            State
            <select
              name="state"
              value={state}
              onChange={(e) => setState((e.target as HTMLSelectElement).value as typeof state)}
            >
              <option value="">running and paused</option>
              <option value="running">running</option>
              <option value="paused">paused</option>
            </select>
          </label>
          <label>
            Template
            <input
              name="template"
              placeholder="name or id"
              value={template}
              onInput={(e) => setTemplate((e.target as HTMLInputElement).value)}
            />
          </label>
          <label>
            Metadata
            <input
              name="metadata"
              placeholder="key=value, key2=value2"
              value={metadataText}
              class={parsed.ok ? '' : 'invalid'}
              onInput={(e) => setMetadataText((e.target as HTMLInputElement).value)}
            />
          </label>
        </form>
      </div>
      {!parsed.ok && <p class="error">{parsed.error}</p>}
      {list.error && (
        <p class="error" role="alert">
          Could not load sandboxes: {list.error.message}
        </p>
      )}
      <Notices notices={notices} />
      <table class="grid sandboxes" aria-busy={list.stale}>
        <thead>
          <tr>
            <th>Sandbox</th>
            <th>State</th>
            <th>Template</th>
            <th>Metadata</th>
            <th>Started</th>
            <th>Ends in</th>
            <th>CPU</th>
            <th>Memory</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {sandboxes.map((s) => (
            <SandboxRow
              key={s.sandboxID}
              sandbox={s}
              samples={metrics.get(s.sandboxID)}
              now={now}
              onChanged={list.refresh}
              notify={notify}
            />
          ))}
          {list.data && sandboxes.length === 0 && (
            <tr>
              <td colSpan={9} class="empty">
                No sandboxes{filterKey !== '{}' ? ' match these filters' : ''}.
              </td>
            </tr>
          )}
          {!list.data && !list.error && (
            <tr>
              <td colSpan={9} class="empty">
                Loading…
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {list.data?.truncated && <p class="muted">Showing the newest 1000 sandboxes.</p>}
      <p class="muted small">Updated every {LIST_POLL_MS / 1000} s; charts every 5 s.</p>
    </section>
  )
}

const CPU_SERIES = [{ label: 'CPU', color: '#58a6ff', fill: true }]
const MEM_SERIES = [{ label: 'Memory', color: '#3fb950', fill: true }]

function SandboxRow({
  sandbox: s,
  samples,
  now,
  onChanged,
  notify,
}: {
  sandbox: ListedSandbox
  samples: SandboxMetric[] | undefined
  now: number
  onChanged: () => void
  notify: (m: string, k?: 'info' | 'error') => void
}) {
  const series = useMemo(() => cpuMemSeries(samples ?? []), [samples])
  const last = samples?.at(-1)
  const endsInMs = Date.parse(s.endAt) - now
  return (
    <tr data-sandbox-id={s.sandboxID} data-state={s.state}>
      <td>
        <a class="mono" href={routeHref({ view: 'sandbox', sandboxId: s.sandboxID, tab: 'terminal' })}>
          {s.sandboxID}
        </a>
      </td>
      <td>
        <StateBadge state={s.state} />
      </td>
      <td>
        {s.alias || s.templateID}
        {s.alias && s.alias !== s.templateID && <div class="muted mono small">{s.templateID}</div>}
      </td>
      <td class="metadata">
        <Metadata metadata={s.metadata} />
      </td>
      <td title={formatTimestamp(s.startedAt)}>{formatRelative(s.startedAt, now)}</td>
      <td title={formatTimestamp(s.endAt)}>
        {s.state === 'paused' ? <span class="muted">paused</span> : formatDuration(endsInMs)}
      </td>
      <td class="metric">
        {s.state === 'running' && (
          <Chart data={series.cpu} series={CPU_SERIES} sparkline width={96} height={28} minTop={5} maxTop={100} />
        )}
        <span>{last && s.state === 'running' ? formatPct(last.cpuUsedPct) : '—'}</span>
      </td>
      <td class="metric">
        {s.state === 'running' && (
          <Chart data={[series.mem[0], series.mem[1]!]} series={MEM_SERIES} sparkline width={96} height={28} />
        )}
        <span>
          {last && s.state === 'running'
            ? `${formatBytes(last.memUsed)} / ${formatBytes(last.memTotal)}`
            : `${s.memoryMB} MiB`}
        </span>
      </td>
      <td>
        <SandboxActions sandbox={s} onChanged={onChanged} notify={notify} />
      </td>
    </tr>
  )
}
