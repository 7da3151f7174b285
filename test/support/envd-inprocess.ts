// The real envd app in this process: buildEnvdApp() on a fresh temp dir, listening on 127.0.0.1:0,
// as the current user (root on the CI host), with Connect clients for both services.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import { dirname, join } from 'node:path'
import { ConnectError, createClient, type Client, type Interceptor } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-node'
import { getAttribute, setAttribute } from '@napi-rs/xattr'
import { buildEnvdApp } from '../../src/envd/app.js'
import { findSetpriv, initialState } from '../../src/envd/main.js'
import { createUserLookup } from '../../src/envd/identity/users.js'
import { createSpawner } from '../../src/envd/process/spawner.js'
import type { EnvdState } from '../../src/envd/state.js'
import { spawnerBinary } from './spawner-binary.js'
import { createLogger } from '../../src/shared/logging.js'
import { Filesystem } from '../../src/gen/filesystem/filesystem_pb.js'
import { Process } from '../../src/gen/process/process_pb.js'
import { rejection } from './async.js'

export type FilesystemClient = Client<typeof Filesystem>
export type ProcessClient = Client<typeof Process>

/** A tree to create below the root: `'dir/'` → directory, string/Buffer → file, `{ symlink }` → link. */
export type SeedTree = Record<string, string | Buffer | null | { symlink: string }>

export type InProcessEnvd = {
  url: string
  /** The temp dir (realpath) that is the default workdir unless overridden; removed by close(). */
  root: string
  /** The daemon's live state: tests may read it, /init changes it. */
  state: EnvdState
  filesystem: FilesystemClient
  process: ProcessClient
  /** Clients that send extra headers on every call (X-Access-Token, Authorization). */
  clients(headers: Record<string, string>): { filesystem: FilesystemClient; process: ProcessClient }
  /** Creates `tree` below root (parents included). */
  seed(tree: SeedTree): Promise<void>
  /** `root` joined with `rel`. */
  path(...rel: string[]): string
  close(): Promise<void>
}

// Uploads store X-Metadata-* as user.* xattrs, which some temp filesystems refuse (tmpfs before
// Linux 6.6, overlay on some kernels). os.tmpdir() (/tmp) on the CI host is ext4 and accepts them
// (checked with @napi-rs/xattr; `df -T /tmp` → ext4); if a host's tmpdir does not, /var/tmp (disk
// backed on every distro) is used instead, so metadata tests never fail for the filesystem's sake.
let tempBase: Promise<string> | undefined
function xattrTempBase(): Promise<string> {
  tempBase ??= (async () => {
    for (const base of [tmpdir(), '/var/tmp']) {
      const probe = await mkdtemp(join(base, 'envd-xattr-probe-'))
      try {
        const file = join(probe, 'f')
        await writeFile(file, '')
        await setAttribute(file, 'user.e2b.probe', 'ok')
        if ((await getAttribute(file, 'user.e2b.probe'))?.toString() === 'ok') return base
      } catch {
        // try the next base
      } finally {
        await rm(probe, { recursive: true, force: true })
      }
    }
    throw new Error(`no temp directory with user xattrs among ${tmpdir()} and /var/tmp`)
  })()
  return tempBase
}

function clientsFor(url: string, headers: Record<string, string>) {
  const withHeaders: Interceptor = (next) => async (req) => {
    for (const [k, v] of Object.entries(headers)) req.header.set(k, v)
    return next(req)
  }
  const transport = createConnectTransport({ baseUrl: url, httpVersion: '1.1', interceptors: [withHeaders] })
  return { filesystem: createClient(Filesystem, transport), process: createClient(Process, transport) }
}

/** How commands start: with Node's child_process, or through sandock-spawner (as in the image). */
export type ProcessStarter = 'child_process' | 'spawner'
/**
 * The starters this tier runs the process tests with: the unit tier needs no C compiler, so it
 * starts commands with child_process; the host tier (SANDOCK_TEST_STARTERS=spawner) runs the same
 * files again through sandock-spawner compiled on this host.
 */
export const PROCESS_STARTERS: readonly ProcessStarter[] =
  process.env.SANDOCK_TEST_STARTERS === 'spawner' ? ['spawner'] : ['child_process']

export async function startEnvd(
  opts: { defaultUser?: string; defaultWorkdir?: string; starter?: ProcessStarter } = {},
): Promise<InProcessEnvd> {
  const root = await realpath(await mkdtemp(join(await xattrTempBase(), 'envd-')))
  const state = initialState({
    defaultUser: opts.defaultUser ?? userInfo().username,
    // An explicit `defaultWorkdir: undefined` means "no workdir" (empty paths resolve to home).
    defaultWorkdir: 'defaultWorkdir' in opts ? opts.defaultWorkdir : root,
    sandboxId: undefined,
    templateId: undefined,
  })
  const log = createLogger({ level: 'silent', name: 'envd' })
  const app = await buildEnvdApp({
    state,
    log,
    users: createUserLookup(),
    setprivPath: await findSetpriv(),
    // Never the host's trust store: /init's caBundle lands beside the temp root.
    caPaths: { bundle: join(root, '.ca', 'ca-certificates.crt'), local: join(root, '.ca', 'local', 'e2b-ca.crt') },
    spawner: opts.starter === 'spawner' ? createSpawner(await spawnerBinary(), log) : undefined,
  })
  let url: string
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error(`unexpected listen address ${String(address)}`)
    url = `http://127.0.0.1:${address.port}`
  } catch (e) {
    await app.close()
    await rm(root, { recursive: true, force: true })
    throw e
  }
  const { filesystem, process } = clientsFor(url, {})
  let closed = false

  return {
    url,
    root,
    state,
    filesystem,
    process,
    clients: (headers) => clientsFor(url, headers),
    path: (...rel) => join(root, ...rel),
    async seed(tree) {
      for (const [rel, content] of Object.entries(tree)) {
        const p = join(root, rel)
        if (rel.endsWith('/')) {
          await mkdir(p, { recursive: true })
          continue
        }
        await mkdir(dirname(p), { recursive: true })
        if (content !== null && typeof content === 'object' && 'symlink' in content) await symlink(content.symlink, p)
        else await writeFile(p, content ?? '')
      }
    },
    async close() {
      if (closed) return
      closed = true
      // Open streams (process output, watches) would hold server.close() forever: cut them; the
      // app's onClose hook then kills remaining processes and closes watchers.
      const closing = app.close()
      app.server.closeAllConnections()
      await closing
      await rm(root, { recursive: true, force: true })
    },
  }
}

/** Every message of a server stream, and the ConnectError it ended with (if any). */
export async function collectStream<T>(
  stream: AsyncIterable<T>,
): Promise<{ messages: T[]; error: ConnectError | undefined }> {
  const messages: T[] = []
  try {
    for await (const m of stream) messages.push(m)
  } catch (e) {
    return { messages, error: ConnectError.from(e) }
  }
  return { messages, error: undefined }
}

/** The ConnectError a call rejects with; fails the test if it resolves. */
export async function rpcError(call: Promise<unknown>): Promise<ConnectError> {
  return ConnectError.from(await rejection(call))
}

type ProcessMessage = { event?: { event: { case: string | undefined; value?: unknown } } }
type ProcessStream = AsyncIterable<ProcessMessage>

export type ProcessRun = {
  /** Event kinds in arrival order, keepalives dropped: 'start' | 'data' | 'end'. */
  kinds: string[]
  pid: number | undefined
  stdout: string
  stderr: string
  pty: string
  end: { exitCode: number; exited: boolean; status: string; error?: string } | undefined
  error: ConnectError | undefined
}

/** Consumes a Start/Connect stream (or the rest of its iterator) to its end and summarizes it. */
export async function processRun(source: ProcessStream | AsyncIterator<ProcessMessage>): Promise<ProcessRun> {
  const stream: ProcessStream = Symbol.asyncIterator in source ? source : { [Symbol.asyncIterator]: () => source }
  const run: ProcessRun = {
    kinds: [],
    pid: undefined,
    stdout: '',
    stderr: '',
    pty: '',
    end: undefined,
    error: undefined,
  }
  const { messages, error } = await collectStream(stream)
  run.error = error
  for (const m of messages) {
    const ev = m.event?.event
    if (!ev?.case || ev.case === 'keepalive') continue
    run.kinds.push(ev.case)
    if (ev.case === 'start') run.pid = (ev.value as { pid: number }).pid
    else if (ev.case === 'end') run.end = ev.value as ProcessRun['end']
    else if (ev.case === 'data') {
      const out = (ev.value as { output: { case: string; value: Uint8Array } }).output
      const text = Buffer.from(out.value).toString('utf8')
      if (out.case === 'stdout') run.stdout += text
      else if (out.case === 'stderr') run.stderr += text
      else if (out.case === 'pty') run.pty += text
    }
  }
  return run
}
