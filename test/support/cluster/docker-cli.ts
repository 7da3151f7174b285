// The host's `docker` CLI for the cluster tests: one call with optional stdin and a time limit, a
// pipe from one docker command into another (`save | exec -i … load`), and errors that carry the
// command line and its stderr.
import { spawn } from 'node:child_process'

// The classic builder: a local `FROM debian:bookworm-slim` is used as is, never pulled.
const DOCKER_ENV = { ...process.env, DOCKER_BUILDKIT: '0' }

export type DockerCall = Readonly<{
  /** Written to the command's stdin, which is then closed. */
  input?: string | Buffer
  /** Kills the command after this long (default 5 minutes). */
  timeoutMs?: number
}>

export class DockerCommandError extends Error {
  constructor(
    readonly argv: readonly string[],
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(
      `docker ${argv.join(' ')} failed (exit ${exitCode ?? 'signal'}): ${(stderr.trim() || stdout.trim()).slice(-2000)}`,
    )
    this.name = 'DockerCommandError'
  }
}

/** Runs `docker <argv>`; resolves with stdout (trimmed), rejects with a DockerCommandError. */
export function docker(argv: readonly string[], opts: DockerCall = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('docker', argv, {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: opts.timeoutMs ?? 300_000,
      env: DOCKER_ENV,
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    child.on('error', reject)
    child.on('close', (code) => {
      const stdout = Buffer.concat(out).toString()
      if (code === 0) resolve(stdout.trim())
      else reject(new DockerCommandError(argv, code, stdout, Buffer.concat(err).toString()))
    })
    // A command that exits before reading its stdin closes the pipe: that is its exit code's story.
    child.stdin.on('error', () => undefined)
    child.stdin.end(opts.input ?? '')
  })
}

/** `docker <from> | docker <to>`, e.g. an image saved on the host and loaded into a node. */
export function dockerPipe(from: readonly string[], to: readonly string[], timeoutMs = 600_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const src = spawn('docker', from, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs })
    const dst = spawn('docker', to, { stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs })
    const srcErr: Buffer[] = []
    const dstOut: Buffer[] = []
    const dstErr: Buffer[] = []
    src.stderr.on('data', (b: Buffer) => srcErr.push(b))
    dst.stdout.on('data', (b: Buffer) => dstOut.push(b))
    dst.stderr.on('data', (b: Buffer) => dstErr.push(b))
    dst.stdin.on('error', () => undefined)
    src.stdout.pipe(dst.stdin)
    const exit = (p: ReturnType<typeof spawn>) =>
      new Promise<number | null>((res, rej) => {
        p.on('error', rej)
        p.on('close', res)
      })
    Promise.all([exit(src), exit(dst)]).then(([a, b]) => {
      if (a !== 0) reject(new DockerCommandError(from, a, '', Buffer.concat(srcErr).toString()))
      else if (b !== 0)
        reject(new DockerCommandError(to, b, Buffer.concat(dstOut).toString(), Buffer.concat(dstErr).toString()))
      else resolve(Buffer.concat(dstOut).toString().trim())
    }, reject)
  })
}

/** Polls `check` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (e) {
      last = e
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`,
      )
    }
    await new Promise((r) => setTimeout(r, everyMs))
  }
}
