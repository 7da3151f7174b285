// An in-memory VolumeRuntime for the fast tier: Docker volumes as a map, with "in use" set by hand.
import type { BackedVolume, VolumeRuntime } from '../../src/control/runtime/volumes.js'

export class FakeVolumeRuntime implements VolumeRuntime {
  readonly volumes = new Map<string, BackedVolume & { hostDir: string }>()
  /** Volume ids a (pretend) container still mounts: removal answers in_use. */
  readonly inUse = new Set<string>()

  async createVolume(v: BackedVolume, hostDir: string): Promise<void> {
    this.volumes.set(v.volumeId, { ...v, hostDir })
  }
  async removeVolume(volumeId: string): Promise<'removed' | 'missing' | 'in_use'> {
    if (!this.volumes.has(volumeId)) return 'missing'
    if (this.inUse.has(volumeId)) return 'in_use'
    this.volumes.delete(volumeId)
    return 'removed'
  }
  async listVolumes(): Promise<BackedVolume[]> {
    return [...this.volumes.values()].map(({ volumeId, name, createdAt }) => ({ volumeId, name, createdAt }))
  }
}
