// One sandbox: its facts and actions, then tabs for the terminal, files, logs, metrics and network.
import { getSandbox } from '../api/sandboxes.js'
import { ApiError } from '../api/http.js'
import { Metadata, StateBadge } from '../components/metadata.js'
import { Notices, useNotices } from '../components/notices.js'
import { SandboxActions } from '../components/sandbox-actions.js'
import { formatDuration, formatRelative, formatTimestamp } from '../lib/format.js'
import { routeHref, SANDBOX_TABS, type SandboxTab } from '../lib/routes.js'
import { useNow, usePoll } from '../lib/use-poll.js'
import { lazyView } from '../components/lazy.js'
import { LogsView } from './logs-view.js'
import { MetricsView } from './metrics-view.js'
import { NetworkView } from './network-view.js'

// xterm.js and the Connect/protobuf runtime load with the first terminal or file view.
const TerminalView = lazyView(() => import('./terminal-view.js').then((m) => m.TerminalView))
const FileBrowser = lazyView(() => import('./file-browser.js').then((m) => m.FileBrowser))

const TAB_LABELS: Record<SandboxTab, string> = {
  terminal: 'Terminal',
  files: 'Files',
  logs: 'Logs',
  metrics: 'Metrics',
  network: 'Network & volumes',
}

export function SandboxDetail({ sandboxId, tab }: { sandboxId: string; tab: SandboxTab }) {
  const detail = usePoll((signal) => getSandbox(sandboxId, signal), 2000, [sandboxId])
  const [notices, notify] = useNotices()
  const now = useNow(1000)
  const s = detail.data
  const gone = detail.error instanceof ApiError && detail.error.status === 404

  return (
    <section>
      <div class="toolbar">
        <h1>
          <a href="#/sandboxes" class="muted">
            Sandboxes
          </a>{' '}
          / <span class="mono">{sandboxId}</span> {s && !gone && <StateBadge state={s.state} />}
        </h1>
        {s && !gone && <SandboxActions sandbox={s} onChanged={detail.refresh} notify={notify} />}
      </div>
      <Notices notices={notices} />
      {gone && (
        <p class="error" role="alert">
          This sandbox does not exist (any more): it was killed or it timed out.
        </p>
      )}
      {detail.error && !gone && (
        <p class="error" role="alert">
          Could not load the sandbox: {detail.error.message}
        </p>
      )}
      {s && !gone && (
        <>
          <dl class="facts">
            <div>
              <dt>Template</dt>
              <dd>
                {s.alias || s.templateID} <span class="muted mono small">{s.templateID}</span>
              </dd>
            </div>
            <div>
              <dt>Started</dt>
              <dd title={formatTimestamp(s.startedAt)}>{formatRelative(s.startedAt, now)}</dd>
            </div>
            <div>
              <dt>Ends in</dt>
              <dd title={formatTimestamp(s.endAt)}>
                {s.state === 'paused' ? 'paused' : formatDuration(Date.parse(s.endAt) - now)}
              </dd>
            </div>
            <div>
              <dt>On timeout</dt>
              <dd>
                {s.lifecycle?.onTimeout ?? 'kill'}
                {s.lifecycle?.autoResume ? ', auto-resume' : ''}
              </dd>
            </div>
            <div>
              <dt>Resources</dt>
              <dd>
                {s.cpuCount} CPU, {s.memoryMB} MiB
              </dd>
            </div>
            <div>
              <dt>envd</dt>
              <dd>{s.envdVersion}</dd>
            </div>
            <div class="wide">
              <dt>Metadata</dt>
              <dd class="metadata">
                <Metadata metadata={s.metadata} />
              </dd>
            </div>
          </dl>
          <nav class="tabs">
            {SANDBOX_TABS.map((t) => (
              <a
                key={t}
                href={routeHref({ view: 'sandbox', sandboxId, tab: t })}
                class={t === tab ? 'tab active' : 'tab'}
                aria-current={t === tab ? 'page' : undefined}
              >
                {TAB_LABELS[t]}
              </a>
            ))}
          </nav>
          <div class="tab-body">
            {s.state !== 'running' && (tab === 'terminal' || tab === 'files') ? (
              <p class="muted">The sandbox is paused: resume it to use its {tab}.</p>
            ) : (
              <>
                {tab === 'terminal' && <TerminalView sandboxId={sandboxId} />}
                {tab === 'files' && <FileBrowser sandboxId={sandboxId} notify={notify} />}
              </>
            )}
            {tab === 'logs' && <LogsView sandboxId={sandboxId} />}
            {tab === 'metrics' && <MetricsView sandboxId={sandboxId} />}
            {tab === 'network' && <NetworkView sandbox={s} onChanged={detail.refresh} notify={notify} />}
          </div>
        </>
      )}
    </section>
  )
}
