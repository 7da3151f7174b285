// The file browser: ListDir/Stat/MakeDir/Remove over envd's Filesystem service, read, download and
// upload through /files. File names and contents are shown as text only.
import { timestampDate } from '@bufbuild/protobuf/wkt'
import { useEffect, useMemo, useState } from 'preact/hooks'
import { downloadFile, envdClients, uploadFile } from '../api/envd.js'
import type { EntryInfo } from '../../../src/gen/filesystem/filesystem_pb.js'
import { FileType } from '../../../src/gen/filesystem/filesystem_pb.js'
import type { Notify } from '../components/sandbox-actions.js'
import { formatBytes, formatTimestamp } from '../lib/format.js'
import { baseName, breadcrumbs, joinPath, parentPath } from '../lib/paths.js'
import { usePoll } from '../lib/use-poll.js'

/** Files up to this size are shown inline when they are UTF-8 text. */
const PREVIEW_LIMIT = 1024 * 1024
export const FILES_POLL_MS = 5000

type Preview = { path: string; size: number; text?: string; note?: string }

const message = (e: unknown) => (e as { rawMessage?: string }).rawMessage || (e as Error).message

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function FileBrowser({ sandboxId, notify }: { sandboxId: string; notify: Notify }) {
  const fs = useMemo(() => envdClients(sandboxId).filesystem, [sandboxId])
  const [path, setPath] = useState<string | undefined>(undefined)
  const [typed, setTyped] = useState('')
  const [preview, setPreview] = useState<Preview | undefined>(undefined)
  const [confirmDelete, setConfirmDelete] = useState<string | undefined>(undefined)
  const [newDir, setNewDir] = useState('')
  const [busy, setBusy] = useState(false)

  // Start in the default user's home, as the SDK's relative paths do.
  useEffect(() => {
    fs.stat({ path: '~' }).then(
      (r) => setPath(r.entry?.path ?? '/'),
      () => setPath('/'),
    )
  }, [fs])
  useEffect(() => {
    if (path !== undefined) setTyped(path)
    setPreview(undefined)
  }, [path])

  const listing = usePoll(
    async () => {
      if (path === undefined) return undefined
      const { entries } = await fs.listDir({ path, depth: 1 })
      return entries.sort(
        (a, b) =>
          Number(b.type === FileType.DIRECTORY) - Number(a.type === FileType.DIRECTORY) || a.name.localeCompare(b.name),
      )
    },
    FILES_POLL_MS,
    [fs, path],
  )

  const run = async (what: string, fn: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await fn()
    } catch (e) {
      notify(`${what} failed: ${message(e)}`, 'error')
    } finally {
      setBusy(false)
      listing.refresh()
    }
  }

  const open = (e: EntryInfo) => {
    if (e.type === FileType.DIRECTORY) return setPath(e.path)
    void run(`Reading ${e.path}`, async () => {
      const size = Number(e.size)
      if (size > PREVIEW_LIMIT)
        return setPreview({ path: e.path, size, note: `Too large to show here (${formatBytes(size)}): download it.` })
      const bytes = new Uint8Array(await (await downloadFile(sandboxId, e.path)).arrayBuffer())
      try {
        setPreview({ path: e.path, size, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) })
      } catch {
        setPreview({ path: e.path, size, note: 'Binary file: download it.' })
      }
    })
  }

  const upload = (files: FileList | null) => {
    if (!files || files.length === 0 || path === undefined) return
    const list = [...files]
    void run('Upload', async () => {
      for (const f of list) await uploadFile(sandboxId, joinPath(path, f.name), f)
      notify(`Uploaded ${list.map((f) => f.name).join(', ')} to ${path}`)
    })
  }

  if (path === undefined) return <p class="muted">Opening the file system…</p>
  return (
    <div class="files">
      <div class="files-bar">
        <nav class="crumbs" aria-label="Path">
          {breadcrumbs(path).map((c, i) => (
            <span key={c.path}>
              {i > 1 && '/'}
              <button type="button" class="link" onClick={() => setPath(c.path)}>
                {c.name}
              </button>
            </span>
          ))}
        </nav>
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault()
            if (typed.trim()) setPath(joinPath(path, typed.trim()))
          }}
        >
          <input
            name="path"
            aria-label="Go to path"
            value={typed}
            onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
          />
          <button type="submit">Go</button>
        </form>
        <label class="button">
          Upload
          <input
            type="file"
            name="upload"
            multiple
            hidden
            disabled={busy}
            onChange={(e) => {
              const input = e.target as HTMLInputElement
              upload(input.files)
              input.value = ''
            }}
          />
        </label>
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault()
            const name = newDir.trim()
            if (!name) return
            void run('Creating the folder', async () => {
              await fs.makeDir({ path: joinPath(path, name) })
              setNewDir('')
            })
          }}
        >
          <input
            name="new-folder"
            placeholder="new folder"
            value={newDir}
            onInput={(e) => setNewDir((e.target as HTMLInputElement).value)}
          />
          <button type="submit" disabled={busy}>
            Create
          </button>
        </form>
      </div>
      {listing.error && (
        <p class="error" role="alert">
          {message(listing.error)}
        </p>
      )}
      <table class="grid file-list">
        <thead>
          <tr>
            <th>Name</th>
            <th>Size</th>
            <th>Permissions</th>
            <th>Owner</th>
            <th>Modified</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {path !== '/' && (
            <tr>
              <td colSpan={6}>
                <button type="button" class="link" onClick={() => setPath(parentPath(path))}>
                  ..
                </button>
              </td>
            </tr>
          )}
          {(listing.data ?? []).map((e) => (
            <tr key={e.path} data-path={e.path}>
              <td>
                <button
                  type="button"
                  class={e.type === FileType.DIRECTORY ? 'link dir' : 'link file'}
                  onClick={() => open(e)}
                >
                  {e.name}
                  {e.type === FileType.DIRECTORY ? '/' : ''}
                </button>
                {e.symlinkTarget && <span class="muted small"> → {e.symlinkTarget}</span>}
              </td>
              <td>{e.type === FileType.DIRECTORY ? '' : formatBytes(Number(e.size))}</td>
              <td class="mono small">{e.permissions}</td>
              <td>
                {e.owner}:{e.group}
              </td>
              <td class="small">
                {e.modifiedTime ? formatTimestamp(timestampDate(e.modifiedTime).toISOString()) : ''}
              </td>
              <td class="actions">
                {e.type !== FileType.DIRECTORY && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void run('Download', async () =>
                        saveBlob(await downloadFile(sandboxId, e.path), baseName(e.path)),
                      )
                    }
                  >
                    Download
                  </button>
                )}
                {confirmDelete === e.path ? (
                  <button
                    type="button"
                    class="danger"
                    disabled={busy}
                    onClick={() =>
                      void run(`Deleting ${e.path}`, async () => {
                        await fs.remove({ path: e.path })
                        setConfirmDelete(undefined)
                        if (preview?.path === e.path) setPreview(undefined)
                      })
                    }
                  >
                    Confirm delete
                  </button>
                ) : (
                  <button type="button" class="danger-outline" disabled={busy} onClick={() => setConfirmDelete(e.path)}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
          {listing.data?.length === 0 && (
            <tr>
              <td colSpan={6} class="empty">
                Empty folder.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {preview && (
        <div class="preview">
          <div class="preview-bar">
            <span class="mono">{preview.path}</span> <span class="muted">{formatBytes(preview.size)}</span>
            <button type="button" class="ghost" onClick={() => setPreview(undefined)}>
              Close
            </button>
          </div>
          {preview.text !== undefined ? (
            <pre class="file-text">{preview.text}</pre>
          ) : (
            <p class="muted">{preview.note}</p>
          )}
        </div>
      )}
    </div>
  )
}
