// What a cluster test created on the host engine (containers, volumes, networks), so that one
// call removes all of it, on success and on failure. Everything also carries the test's labels,
// so a run that was killed before its cleanup is swept by label at the next start.
import { docker } from './docker-cli.js'

export class HostResources {
  private readonly containers: string[] = []
  private readonly volumes: string[] = []
  private readonly networks: string[] = []

  /**
   * @param labels `key=value` labels put on everything created through this object, e.g.
   *   `sandock.test=swarm-spike` and a per-run `sandock.test.run=<id>`.
   */
  constructor(readonly labels: readonly string[]) {}

  /** `--label` arguments for `docker run|create`. */
  labelArgs(): string[] {
    return this.labels.flatMap((l) => ['--label', l])
  }

  async createNetwork(name: string, ...args: string[]): Promise<string> {
    await docker(['network', 'create', ...this.labelArgs(), ...args, name])
    this.networks.push(name)
    return name
  }

  async createVolume(name: string): Promise<string> {
    await docker(['volume', 'create', ...this.labelArgs(), name])
    this.volumes.push(name)
    return name
  }

  /** `docker run -d --name <name> <args>`; the container is tracked even when it fails to start. */
  async run(name: string, args: readonly string[]): Promise<string> {
    this.containers.push(name)
    return docker(['run', '-d', '--name', name, ...this.labelArgs(), ...args])
  }

  /** `docker create --name <name> <args>` (tracked): for a container that needs files copied in before it starts. */
  async create(name: string, args: readonly string[]): Promise<string> {
    this.containers.push(name)
    return docker(['create', '--name', name, ...this.labelArgs(), ...args])
  }

  /** Removes the containers (with their anonymous volumes), then volumes, then networks. */
  async removeAll(): Promise<void> {
    const failures: string[] = []
    const remove = async (argv: string[]) => {
      await docker(argv, { timeoutMs: 120_000 }).catch((e: Error) => {
        if (!/no such|not found/i.test(e.message)) failures.push(e.message)
      })
    }
    for (const c of this.containers.splice(0).reverse()) await remove(['rm', '-f', '-v', c])
    for (const v of this.volumes.splice(0).reverse()) await remove(['volume', 'rm', '-f', v])
    for (const n of this.networks.splice(0).reverse()) await remove(['network', 'rm', n])
    if (failures.length > 0) throw new Error(`cleanup failed:\n${failures.join('\n')}`)
  }
}

/** What still exists on the host engine with `label` (`key=value`). */
export async function listLabelled(
  label: string,
): Promise<{ containers: string[]; volumes: string[]; networks: string[] }> {
  const lines = (s: string) => s.split('\n').filter(Boolean)
  return {
    containers: lines(await docker(['ps', '-a', '-q', '--filter', `label=${label}`])),
    volumes: lines(await docker(['volume', 'ls', '-q', '--filter', `label=${label}`])),
    networks: lines(await docker(['network', 'ls', '-q', '--filter', `label=${label}`])),
  }
}

/**
 * Removes containers, volumes and networks with `label`: the leftovers of a run that was killed
 * before its cleanup. Use a label only this kind of test carries (e.g. `sandock.test=swarm-spike`).
 */
export async function sweepLabelled(label: string): Promise<void> {
  const left = await listLabelled(label)
  if (left.containers.length > 0) await docker(['rm', '-f', '-v', ...left.containers])
  if (left.volumes.length > 0) await docker(['volume', 'rm', '-f', ...left.volumes])
  for (const n of left.networks) await docker(['network', 'rm', n])
}
