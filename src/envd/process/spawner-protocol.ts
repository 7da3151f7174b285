// The wire format between envd and sandock-spawner (./spawner/sandock-spawner.c, which documents
// it): requests as length-prefixed frames of NUL-terminated fields on the spawner's stdin, events
// as JSON objects on Node's IPC channel (the stdio sockets arrive there as Node handles).

export type SpawnRequest = {
  id: number
  /** A path, or a name looked up in `env.PATH`. */
  file: string
  /** argv[0] included, as execve gets it. */
  argv: readonly string[]
  cwd: string
  env: Readonly<Record<string, string>>
  /** true: a socket envd writes; false: /dev/null. */
  stdin: boolean
  /** Switch to this user first (envd runs as root); `groups` become the supplementary groups. */
  user: { uid: number; gid: number; groups: readonly number[] } | undefined
}

export type SpawnerEvent =
  | { t: 'spawned'; id: number; pid: number }
  | { t: 'fd'; id: number; fd: 0 | 1 | 2 }
  | { t: 'error'; id: number; errno: number; syscall: 'chdir' | 'exec' | 'spawn' }
  | { t: 'exit'; pid: number; code: number | null; signal: number | null }

function frame(fields: readonly (string | number)[]): Buffer {
  const body = Buffer.from(fields.map((f) => `${f}\0`).join(''))
  const out = Buffer.allocUnsafe(4 + body.length)
  out.writeUInt32LE(body.length, 0)
  body.copy(out, 4)
  return out
}

/**
 * The name of the first argument that holds a NUL byte (which neither the frame nor execve can
 * carry), in Node's spawn wording, or undefined.
 */
export function argumentWithNul(r: Pick<SpawnRequest, 'file' | 'argv' | 'cwd' | 'env'>): string | undefined {
  if (r.file.includes('\0')) return 'file'
  const i = r.argv.findIndex((a) => a.includes('\0'))
  if (i >= 0) return `args[${i}]`
  if (r.cwd.includes('\0')) return 'options.cwd'
  const key = Object.entries(r.env).find(([k, v]) => k.includes('\0') || v.includes('\0'))?.[0]
  return key === undefined ? undefined : `options.env['${key}']`
}

/** Callers check argumentWithNul() first. */
export function encodeSpawn(r: SpawnRequest): Buffer {
  const env = Object.entries(r.env).map(([k, v]) => `${k}=${v}`)
  const user = r.user ? [r.user.uid, r.user.gid, r.user.groups.length, ...r.user.groups] : [-1, -1, 0]
  return frame(['S', r.id, r.file, r.cwd, r.stdin ? 1 : 0, ...user, r.argv.length, ...r.argv, env.length, ...env])
}

export function encodeKill(pid: number, signal: number): Buffer {
  return frame(['K', pid, signal])
}

/** A message from the spawner's IPC channel, or undefined for anything else. */
export function parseEvent(msg: unknown): SpawnerEvent | undefined {
  if (typeof msg !== 'object' || msg === null) return undefined
  const m = msg as Record<string, unknown>
  const int = (k: string) => Number.isInteger(m[k])
  const intOrNull = (k: string) => m[k] === null || int(k)
  switch (m.t) {
    case 'spawned':
      return int('id') && int('pid') ? (m as SpawnerEvent) : undefined
    case 'fd':
      return int('id') && (m.fd === 0 || m.fd === 1 || m.fd === 2) ? (m as SpawnerEvent) : undefined
    case 'error':
      return int('id') && int('errno') && (m.syscall === 'chdir' || m.syscall === 'exec' || m.syscall === 'spawn')
        ? (m as SpawnerEvent)
        : undefined
    case 'exit':
      return int('pid') && intOrNull('code') && intOrNull('signal') ? (m as SpawnerEvent) : undefined
    default:
      return undefined
  }
}
