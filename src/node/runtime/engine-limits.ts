// What the Docker engine on this host lets a container have: a container's rlimits cannot exceed
// the hard limits runc itself runs with (the engine's), so a nofile ulimit above them fails every
// create ("error setting rlimit type 7: operation not permitted").
import { readFile, readdir } from 'node:fs/promises'

/** dockerd's PID as seen in `procRoot`, or undefined (another PID namespace, a remote engine). */
export async function dockerdPid(procRoot = '/proc'): Promise<number | undefined> {
  for (const name of await readdir(procRoot).catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue
    const comm = await readFile(`${procRoot}/${name}/comm`, 'utf8').catch(() => '')
    if (comm.trim() === 'dockerd') return Number(name)
  }
  return undefined
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
