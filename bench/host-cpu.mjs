// The host's CPU as the benches count it: busy time of every process on every core (/proc/stat),
// and Docker's own floor measured with it: engine API create + start + remove of a container
// running `true` on the sandboxes' network, the cost a sandbox's lifecycle is compared with.
import { readFileSync } from 'node:fs'
import Docker from 'dockerode'

/** The host's CPU time (all cores, /proc/stat, in ticks of 1/100 s): idle (with iowait) and total. */
export function procStat() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number)
  return { idle: f[3] + f[4], total: f.reduce((a, b) => a + b, 0) }
}

/** Busy CPU time of the whole host since boot (all cores), in seconds. */
export function hostBusyS() {
  const { idle, total } = procStat()
  return (total - idle) / 100
}

/** Host CPU (ms, all processes) per container: create + start + wait + remove of `true` on `network`, `runs` times. */
export async function dockerFloorCpuMs({ image, network, runs }) {
  const engine = new Docker({ socketPath: '/var/run/docker.sock' })
  const busy0 = hostBusyS()
  for (let i = 0; i < runs; i++) {
    const c = await engine.createContainer({
      Image: image,
      Entrypoint: ['true'],
      Labels: { 'sandock.bench': 'docker-floor' },
      HostConfig: { NetworkMode: network, CapDrop: ['ALL'] },
    })
    try {
      await c.start()
      await c.wait()
    } finally {
      await c.remove({ force: true })
    }
  }
  return ((hostBusyS() - busy0) / runs) * 1000
}
