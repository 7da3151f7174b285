// The start's check of SANDOCK_RUNTIME, shared by `sandock serve` and a cluster's node agent: a
// runtime Docker does not have fails the start, naming the ones it has and how to register it.
import { describe, expect, it } from 'vitest'
import { requireContainerRuntime } from '../../../src/commands/host-runtime.js'

const docker = (names: string[]) => ({ runtimes: async () => names })

describe('requireContainerRuntime', () => {
  it('passes when Docker has the runtime', async () => {
    await expect(requireContainerRuntime(docker(['runc', 'runsc']), 'runsc')).resolves.toBeUndefined()
  })

  it('fails naming the runtimes Docker has and how to register the missing one', async () => {
    await expect(requireContainerRuntime(docker(['io.containerd.runc.v2', 'runc']), 'runsc')).rejects.toThrow(
      'SANDOCK_RUNTIME=runsc, but Docker offers only io.containerd.runc.v2, runc: register it in /etc/docker/daemon.json (for gVisor: .ci/ensure-runsc.sh) or unset SANDOCK_RUNTIME',
    )
  })
})
