// What the Docker engine on this host lets a container have: a container's rlimits cannot exceed
// the hard limits runc itself runs with (the engine's), so a nofile ulimit above them fails every
// create ("error setting rlimit type 7: operation not permitted").
import { readFile, readdir, readlink } from 'node:fs/promises'

/**
 * The PID of the dockerd serving `socket` as seen in `procRoot`, or undefined (another PID
 * namespace, a remote engine). A host may run several (Docker-in-Docker nodes, a CI runner's):
 * the one holding the listening socket bound at that path in this process's network namespace
 * (`unixTable`: its /proc/net/unix) is ours; when none can be told apart, the lowest PID.
 */
export async function dockerdPid(
  procRoot = '/proc',
  o: { socket?: string; unixTable?: string } = {},
): Promise<number | undefined> {
  const found: number[] = []
  for (const name of await readdir(procRoot).catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue
    const comm = await readFile(`${procRoot}/${name}/comm`, 'utf8').catch(() => '')
    if (comm.trim() === 'dockerd') found.push(Number(name))
  }
  found.sort((a, b) => a - b)
  if (found.length <= 1) return found[0]
  const inodes = listeningInodes(
    await readFile(o.unixTable ?? '/proc/self/net/unix', 'utf8').catch(() => ''),
    o.socket ?? '/var/run/docker.sock',
  )
  for (const pid of found) if (await holdsSocket(`${procRoot}/${pid}/fd`, inodes)) return pid
  return found[0]
}

/** Inodes of the listening sockets bound at `path` in a /proc/net/unix table. Pure. */
export function listeningInodes(table: string, path: string): Set<string> {
  const out = new Set<string>()
  for (const line of table.split('\n')) {
    const f = line.trim().split(/\s+/)
    // Num RefCount Protocol Flags Type St Inode Path: __SO_ACCEPTCON (0x10000) marks a listener.
    if (f.length >= 8 && f[7] === path && (Number.parseInt(f[3] ?? '0', 16) & 0x10000) !== 0) out.add(f[6]!)
  }
  return out
}

async function holdsSocket(fdDir: string, inodes: ReadonlySet<string>): Promise<boolean> {
  if (inodes.size === 0) return false
  for (const fd of await readdir(fdDir).catch(() => [] as string[])) {
    const m = /^socket:\[(\d+)\]$/.exec(await readlink(`${fdDir}/${fd}`).catch(() => ''))
    if (m && inodes.has(m[1]!)) return true
  }
  return false
}

/** The hard "Max open files" of a /proc/<pid>/limits text; undefined when unlimited or unreadable. */
export function hardNofile(limits: string): number | undefined {
  const line = limits.split('\n').find((l) => l.startsWith('Max open files'))
  const hard = line?.trim().split(/\s+/)[4]
  const n = Number(hard)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * The highest nofile limit a container can be given: dockerd's hard limit where it can be read
 * (runc inherits it through containerd), else this process's own; undefined when neither says.
 */
export async function engineNofileCeiling(procRoot = '/proc'): Promise<number | undefined> {
  const pid = await dockerdPid(procRoot)
  const engine =
    pid === undefined ? undefined : hardNofile(await readFile(`${procRoot}/${pid}/limits`, 'utf8').catch(() => ''))
  return engine ?? hardNofile(await readFile('/proc/self/limits', 'utf8').catch(() => ''))
}
