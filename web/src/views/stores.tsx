// Volumes and secrets: their names and metadata, polled like the other lists. Values are never
// shown: the API does not return a secret's value, and volume tokens are not listed.
import { listSecrets, listVolumes } from '../api/stores.js'
import { Metadata } from '../components/metadata.js'
import { formatRelative, formatTimestamp } from '../lib/format.js'
import { useNow, usePoll } from '../lib/use-poll.js'

export const STORES_POLL_MS = 5000

export function Volumes() {
  const list = usePoll((signal) => listVolumes(signal), STORES_POLL_MS, [])
  return (
    <section>
      <div class="toolbar">
        <h1>
          Volumes <span class="count">{list.data?.length ?? ''}</span>
        </h1>
      </div>
      {list.error && (
        <p class="error" role="alert">
          Could not load volumes: {list.error.message}
        </p>
      )}
      <table class="grid volumes">
        <thead>
          <tr>
            <th>Name</th>
            <th>Volume ID</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((v) => (
            <tr key={v.volumeID} data-volume-id={v.volumeID}>
              <td>{v.name}</td>
              <td class="mono small">{v.volumeID}</td>
            </tr>
          ))}
          {list.data?.length === 0 && (
            <tr>
              <td colSpan={2} class="empty">
                No volumes yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <p class="muted small">
        Created with the SDK's <code>Volume.create()</code>; a sandbox mounts them with <code>volumeMounts</code>.
        Updated every {STORES_POLL_MS / 1000} s.
      </p>
    </section>
  )
}

export function Secrets() {
  const list = usePoll((signal) => listSecrets(signal), STORES_POLL_MS, [])
  const now = useNow(5000)
  return (
    <section>
      <div class="toolbar">
        <h1>
          Secrets <span class="count">{list.data?.length ?? ''}</span>
        </h1>
      </div>
      {list.error && (
        <p class="error" role="alert">
          Could not load secrets: {list.error.message}
        </p>
      )}
      <table class="grid secrets">
        <thead>
          <tr>
            <th>Name</th>
            <th>Secret ID</th>
            <th>Version</th>
            <th>Metadata</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((s) => (
            <tr key={s.secretID} data-secret-id={s.secretID}>
              <td>{s.name}</td>
              <td class="mono small">{s.secretID}</td>
              <td>{s.currentVersion}</td>
              <td>
                <Metadata metadata={s.metadata} />
              </td>
              <td title={formatTimestamp(s.updatedAt)}>{formatRelative(s.updatedAt, now)}</td>
            </tr>
          ))}
          {list.data?.length === 0 && (
            <tr>
              <td colSpan={5} class="empty">
                No secrets yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <p class="muted small">
        Values are write-only: the server never returns them, so they are not shown here. Updated every{' '}
        {STORES_POLL_MS / 1000} s.
      </p>
    </section>
  )
}
