// A create's volumeMounts ([{name, path}], volumes referenced by name): checked as upstream checks
// them, every bad mount listed in one 400, and resolved to the volumes' ids (which pick their
// Docker volumes). Pure but for the look-up it is given.
import { posix } from 'node:path'
import { InvalidArgumentError } from '../../shared/errors.js'
import type { VolumeMountSpec } from './types.js'

/** The volume store's answer for a name: the volume's id, or undefined when there is none. */
export type VolumeLookup = Readonly<{ idOf(name: string): string | undefined }>

/** What the sandbox service asks of the volume store: names for volumeMounts, and a word after a container went. */
export type SandboxVolumes = VolumeLookup &
  Readonly<{
    /**
     * Called with a create's volumeMounts names before idOf is asked for them: a store whose
     * look-up is remote (a cluster's node) loads them and readies their mounts here.
     */
    prepare?(names: readonly string[]): Promise<void>
    /** A sandbox container was removed: Docker volumes of deleted volumes it mounted may go now. */
    released(): void
  }>

// Mounting over these would hide what the sandbox needs to run (envd lives under /opt/sandock), or
// is refused by the container runtime: a clear 400 instead of a failed boot.
const RESERVED = ['/', '/proc', '/sys', '/dev', '/opt', '/opt/sandock']
const isReserved = (p: string) =>
  RESERVED.includes(p) || ['/proc/', '/sys/', '/dev/', '/opt/sandock/'].some((r) => p.startsWith(r))

/** Go's filepath.Clean(p) === p for an absolute path: no `.`/`..` components, no `//`, no trailing `/`. */
const isClean = (p: string) => p === '/' || (!p.endsWith('/') && posix.normalize(p) === p)

/**
 * The mounts with their volumes' ids. Throws one InvalidArgumentError listing every bad mount as
 * upstream words it: `invalid mounts:\n\t- volume mount #<i>: <reason>`. The same volume may be
 * mounted at several paths.
 */
export function resolveVolumeMounts(
  requested: readonly { name: string; path: string }[],
  volumes: VolumeLookup,
): VolumeMountSpec[] {
  const problems: string[] = []
  const used = new Set<string>()
  const out: VolumeMountSpec[] = []
  requested.forEach((m, i) => {
    const volumeId = volumes.idOf(m.name)
    const reason =
      volumeId === undefined
        ? `volume '${m.name}' not found`
        : m.path === ''
          ? 'path cannot be empty'
          : !m.path.startsWith('/')
            ? 'path must be absolute'
            : !isClean(m.path)
              ? "path must not contain any '.' or '..' components"
              : used.has(m.path)
                ? `path '${m.path}' is already used`
                : isReserved(m.path)
                  ? `path '${m.path}' is reserved`
                  : undefined
    if (reason) {
      problems.push(`\n\t- volume mount #${i}: ${reason}`)
      return
    }
    used.add(m.path)
    out.push({ name: m.name, path: m.path, volumeId: volumeId! })
  })
  if (problems.length > 0) throw new InvalidArgumentError(`invalid mounts:${problems.join('')}`)
  return out
}
