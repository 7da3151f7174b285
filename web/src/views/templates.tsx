// Templates: the list, one template's builds and tags, and a build's step logs streaming while it
// runs (GET .../status with logsOffset every BUILD_POLL_MS).
import { useEffect, useRef, useState } from 'preact/hooks'
import { assignTags, buildStatus, getTemplate, listTemplates, removeTags, templateTags } from '../api/templates.js'
import type { BuildLogEntry, BuildStatus } from '../api/types.js'
import { Notices, useNotices } from '../components/notices.js'
import { formatRelative, formatTimestamp } from '../lib/format.js'
import { routeHref } from '../lib/routes.js'
import { useNow, usePoll } from '../lib/use-poll.js'

export const TEMPLATES_POLL_MS = 3000
export const BUILD_POLL_MS = 1000

export function Templates({ templateId, buildId }: { templateId?: string; buildId?: string }) {
  const list = usePoll((signal) => listTemplates(signal), TEMPLATES_POLL_MS, [])
  const now = useNow(5000)
  return (
    <section>
      <div class="toolbar">
        <h1>
          Templates <span class="count">{list.data?.length ?? ''}</span>
        </h1>
      </div>
      {list.error && (
        <p class="error" role="alert">
          Could not load templates: {list.error.message}
        </p>
      )}
      <table class="grid templates">
        <thead>
          <tr>
            <th>Name</th>
            <th>Template ID</th>
            <th>Last build</th>
            <th>Builds</th>
            <th>Resources</th>
            <th>Sandboxes started</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((t) => (
            <tr
              key={t.templateID}
              data-template-id={t.templateID}
              class={t.templateID === templateId ? 'selected' : ''}
            >
              <td>
                <a href={routeHref({ view: 'templates', templateId: t.templateID })}>
                  {t.names.join(', ') || t.templateID}
                </a>
              </td>
              <td class="mono small">{t.templateID}</td>
              <td>
                <BuildBadge status={t.buildStatus} />
              </td>
              <td>{t.buildCount}</td>
              <td>
                {t.cpuCount} CPU, {t.memoryMB} MiB
              </td>
              <td>
                {t.spawnCount}
                {t.lastSpawnedAt ? <span class="muted small"> (last {formatRelative(t.lastSpawnedAt, now)})</span> : ''}
              </td>
              <td title={formatTimestamp(t.updatedAt)}>{formatRelative(t.updatedAt, now)}</td>
            </tr>
          ))}
          {list.data?.length === 0 && (
            <tr>
              <td colSpan={7} class="empty">
                No templates yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <p class="muted small">
        Built-in templates (such as <code>base</code>) are listed with the ones built through the API. Updated every{' '}
        {TEMPLATES_POLL_MS / 1000} s; a running build's logs every {BUILD_POLL_MS / 1000} s.
      </p>
      {templateId && <TemplateDetail key={templateId} templateId={templateId} buildId={buildId} />}
    </section>
  )
}

function BuildBadge({ status }: { status: string }) {
  return (
    <span class={`badge build-${['ready', 'error', 'building', 'waiting'].includes(status) ? status : 'other'}`}>
      {status}
    </span>
  )
}

function TemplateDetail({ templateId, buildId }: { templateId: string; buildId?: string }) {
  const tpl = usePoll((signal) => getTemplate(templateId, signal), TEMPLATES_POLL_MS, [templateId])
  const tags = usePoll((signal) => templateTags(templateId, signal), TEMPLATES_POLL_MS, [templateId])
  const [notices, notify] = useNotices()
  const [newTag, setNewTag] = useState('')
  const [sourceTag, setSourceTag] = useState('')
  const now = useNow(5000)
  const name = tpl.data?.names[0]
  const builds = tpl.data?.builds ?? []
  // Without a chosen build, follow the newest one.
  const shownBuild = buildId ?? builds[0]?.buildID

  return (
    <div class="panel template-detail">
      <h2>{name ?? templateId}</h2>
      <Notices notices={notices} />
      {tpl.error && (
        <p class="error" role="alert">
          {tpl.error.message}
        </p>
      )}
      <div class="columns">
        <div>
          <h3>Builds</h3>
          <table class="grid builds">
            <thead>
              <tr>
                <th>Build</th>
                <th>Status</th>
                <th>Started</th>
                <th>Finished</th>
              </tr>
            </thead>
            <tbody>
              {builds.map((b) => (
                <tr key={b.buildID} data-build-id={b.buildID} class={b.buildID === shownBuild ? 'selected' : ''}>
                  <td>
                    <a class="mono small" href={routeHref({ view: 'templates', templateId, buildId: b.buildID })}>
                      {b.buildID}
                    </a>
                  </td>
                  <td>
                    <BuildBadge status={b.status} />
                  </td>
                  <td title={formatTimestamp(b.createdAt)}>{formatRelative(b.createdAt, now)}</td>
                  <td>{b.finishedAt ? formatTimestamp(b.finishedAt) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h3>Tags</h3>
          <table class="grid tags">
            <thead>
              <tr>
                <th>Tag</th>
                <th>Build</th>
                <th>Since</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(tags.data ?? []).map((t) => (
                <tr key={t.tag} data-tag={t.tag}>
                  <td class="mono">{t.tag}</td>
                  <td class="mono small">{t.buildID.slice(0, 8)}</td>
                  <td>{formatRelative(t.createdAt, now)}</td>
                  <td>
                    {name && (
                      <button
                        type="button"
                        class="danger-outline"
                        onClick={() =>
                          void removeTags(name, [t.tag]).then(
                            () => tags.refresh(),
                            (e: Error) => notify(e.message, 'error'),
                          )
                        }
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {name && (tags.data?.length ?? 0) > 0 && (
            <form
              class="inline"
              onSubmit={(e) => {
                e.preventDefault()
                const source = sourceTag || tags.data![0]!.tag
                const tag = newTag.trim()
                if (!tag) return
                void assignTags(name, source, [tag]).then(
                  () => {
                    setNewTag('')
                    notify(`Tagged ${name}:${source} as ${tag}`)
                    tags.refresh()
                  },
                  (err: Error) => notify(err.message, 'error'),
                )
              }}
            >
              <input
                name="tag"
                placeholder="new tag"
                value={newTag}
                onInput={(e) => setNewTag((e.target as HTMLInputElement).value)}
              />
              <label>
                for the build of
                <select
                  value={sourceTag || tags.data![0]!.tag}
                  onChange={(e) => setSourceTag((e.target as HTMLSelectElement).value)}
                >
                  {tags.data!.map((t) => (
                    <option key={t.tag} value={t.tag}>
                      {t.tag}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit">Add tag</button>
            </form>
          )}
        </div>
      </div>
      {shownBuild && (
        <BuildLogs key={shownBuild} templateId={templateId} buildId={shownBuild} onFinished={tpl.refresh} />
      )}
    </div>
  )
}

/** Polls the build's status from the last log offset while it builds; stops once it is ready or failed. */
function BuildLogs({
  templateId,
  buildId,
  onFinished,
}: {
  templateId: string
  buildId: string
  onFinished: () => void
}) {
  const [entries, setEntries] = useState<BuildLogEntry[]>([])
  const [status, setStatus] = useState<BuildStatus | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout>
    let offset = 0
    const poll = async () => {
      let done = false
      try {
        for (;;) {
          const s = await buildStatus(templateId, buildId, offset, abort.signal)
          if (abort.signal.aborted) return
          offset += s.logEntries.length
          if (s.logEntries.length > 0) setEntries((e) => [...e, ...s.logEntries])
          setStatus(s)
          done = s.status === 'ready' || s.status === 'error'
          // A full page means more may be waiting.
          if (s.logEntries.length < 100) break
        }
        setError(undefined)
      } catch (e) {
        if (abort.signal.aborted) return
        setError((e as Error).message)
      }
      if (done) onFinished()
      else timer = setTimeout(() => void poll(), BUILD_POLL_MS)
    }
    void poll()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [templateId, buildId])

  useEffect(() => {
    const el = box.current
    if (el) el.scrollTop = el.scrollHeight
  }, [entries])

  return (
    <div class="build-logs" data-build-id={buildId} data-status={status?.status ?? ''}>
      <h3>
        Build <span class="mono small">{buildId}</span> {status && <BuildBadge status={status.status} />}
      </h3>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {status?.reason && (
        <p class="error">
          Failed{status.reason.step ? ` at step ${status.reason.step}` : ''}: {status.reason.message}
        </p>
      )}
      <div class="log-lines" ref={box}>
        {entries.map((e, i) => (
          <div class={`log-line level-${e.level}`} key={i}>
            <span class="log-time">{formatTimestamp(e.timestamp)}</span>
            {e.step && <span class="log-step">[{e.step}]</span>}
            <span class="log-message">{e.message}</span>
          </div>
        ))}
        {entries.length === 0 && (
          <p class="muted">{status?.status === 'waiting' ? 'Waiting for a build slot…' : 'No log lines yet.'}</p>
        )}
      </div>
    </div>
  )
}
