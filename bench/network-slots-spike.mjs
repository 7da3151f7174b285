// Spike for network slots (a sandbox joining a namespace kept by a holder container instead of
// getting a fresh one on the bridge): Docker's own cost per container, create + start + remove
// through the engine API, on a user-defined bridge (what sandboxes use) against
// `--network container:<holder>`, N of each interleaved; host CPU from /proc/stat (all processes,
// all cores) and wall time. Then what a joined container sees (hostname, /etc/hosts,
// /etc/resolv.conf, Docker's embedded DNS, its inspect) and what Docker refuses.
// `node bench/network-slots-spike.mjs` as root; SPIKE_RUNS (15), SPIKE_IMAGE (sandock/base:latest).
// Everything it creates carries the label sandock.spike=slots and is removed at the end.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import Docker from 'dockerode'
import { removeSpike } from './spike-cleanup.mjs'
import { stats } from './stats.mjs'

const RUNS = Number(process.env.SPIKE_RUNS ?? 15)
const IMAGE = process.env.SPIKE_IMAGE ?? 'sandock/base:latest'
const NET = `sandock-spike-slots-${process.pid}`
const LABELS = { 'sandock.spike': 'slots' }
const docker = new Docker({ socketPath: '/var/run/docker.sock' })
const sh = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

function busyTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  return f.reduce((a, b) => a + b, 0) - f[3] - f[4]
}
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

async function lifecycle(networkMode, extra = {}) {
  const c = await docker.createContainer({
    Image: IMAGE,
    Entrypoint: ['true'],
    Labels: LABELS,
    HostConfig: { NetworkMode: networkMode, CapDrop: ['ALL'], ...extra },
  })
  await c.start()
  await c.wait()
  await c.remove({ force: true })
}

async function measure(mode, holderId) {
  const t = performance.now()
  const b = busyTicks()
  await lifecycle(mode === 'bridge' ? NET : `container:${holderId}`)
  return { wallMs: performance.now() - t, cpuMs: (busyTicks() - b) * 10 }
}

async function main() {
  await docker.createNetwork({
    Name: NET,
    Driver: 'bridge',
    Labels: LABELS,
    Options: { 'com.docker.network.bridge.enable_icc': 'false' },
  })
  const holder = await docker.createContainer({
    name: `${NET}-holder`,
    Image: IMAGE,
    Entrypoint: ['sleep', 'infinity'],
    Hostname: 'slot-holder',
    Labels: LABELS,
    HostConfig: { NetworkMode: NET, CapDrop: ['ALL'], ReadonlyRootfs: true },
  })
  try {
    await holder.start()
    const hi = await holder.inspect()
    const out = { load: { before: loadavg() }, runs: RUNS }
    // Warm both paths once.
    await measure('bridge')
    await measure('slot', holder.id)
    const r = { bridge: [], slot: [] }
    for (let i = 0; i < RUNS; i++) {
      for (const mode of i % 2 ? ['slot', 'bridge'] : ['bridge', 'slot']) r[mode].push(await measure(mode, holder.id))
    }
    for (const mode of ['bridge', 'slot']) {
      out[mode] = {
        hostCpuMs: stats(r[mode].map((x) => x.cpuMs)),
        hostCpuMeanMs: Math.round(r[mode].reduce((a, x) => a + x.cpuMs, 0) / RUNS),
        wallMs: stats(r[mode].map((x) => x.wallMs)),
      }
    }
    out.load.after = loadavg()

    // What a joined container sees.
    const probe = await docker.createContainer({
      Image: IMAGE,
      Entrypoint: ['sleep', 'infinity'],
      Labels: LABELS,
      HostConfig: { NetworkMode: `container:${holder.id}`, CapDrop: ['ALL'] },
    })
    await probe.start()
    const pi = await probe.inspect()
    const exec = (c) => sh('docker', ['exec', probe.id, 'sh', '-c', c])
    out.joined = {
      holderIp: hi.NetworkSettings.Networks[NET].IPAddress,
      probeInspectNetworks: Object.keys(pi.NetworkSettings.Networks ?? {}),
      probeInspectHostname: pi.Config.Hostname,
      hostname: exec('hostname'),
      etcHostname: exec('cat /etc/hostname'),
      hostsSameFile: pi.HostsPath === hi.HostsPath,
      resolvSameFile: pi.ResolvConfPath === hi.ResolvConfPath,
      etcHosts: exec('cat /etc/hosts'),
      resolvConf: exec('cat /etc/resolv.conf'),
      embeddedDns: exec(`getent hosts ${hi.Name.slice(1)} || echo FAILED`),
      addr: exec('ip -o -4 addr show 2>/dev/null || cat /proc/net/fib_trie | head -5'),
      mounts: exec('grep -E " /etc/(hosts|hostname|resolv.conf) " /proc/self/mountinfo'),
    }
    // The hostname, set from the host in the joined container's own UTS namespace.
    sh('nsenter', [`--uts=/proc/${pi.State.Pid}/ns/uts`, 'hostname', 'spike-own-name'])
    out.joined.hostnameAfterNsenter = exec('hostname')
    out.joined.holderHostnameAfter = sh('docker', ['exec', holder.id, 'hostname'])
    await probe.remove({ force: true })

    // Docker refuses a hostname with a container network mode.
    out.hostnameRefused = await docker
      .createContainer({
        Image: IMAGE,
        Hostname: 'x',
        Labels: LABELS,
        HostConfig: { NetworkMode: `container:${holder.id}` },
      })
      .then(
        async (c) => {
          await c.remove({ force: true })
          return false
        },
        (e) => `${e.statusCode}: ${e.json?.message ?? e.message}`,
      )
    // Our own /etc/hosts and /etc/hostname bind-mounted over the holder's: does Docker let them?
    const own = await docker.createContainer({
      Image: IMAGE,
      Entrypoint: ['sleep', 'infinity'],
      Labels: LABELS,
      HostConfig: {
        NetworkMode: `container:${holder.id}`,
        Mounts: [
          { Type: 'bind', Source: '/etc/hostname', Target: '/etc/hostname', ReadOnly: true },
          { Type: 'bind', Source: '/etc/hosts', Target: '/etc/hosts', ReadOnly: true },
        ],
      },
    })
    await own.start()
    out.ownFilesMountWorks = sh('docker', [
      'exec',
      own.id,
      'sh',
      '-c',
      'grep -cE " /etc/(hosts|hostname) " /proc/self/mountinfo',
    ])
    await own.remove({ force: true })
    // A published port in container network mode.
    out.portsRefused = await docker
      .createContainer({
        Image: IMAGE,
        Labels: LABELS,
        ExposedPorts: { '80/tcp': {} },
        HostConfig: { NetworkMode: `container:${holder.id}`, PortBindings: { '80/tcp': [{ HostPort: '0' }] } },
      })
      .then(
        async (c) => {
          await c.remove({ force: true })
          return false
        },
        (e) => `${e.statusCode}: ${e.json?.message ?? e.message}`,
      )
    console.log(JSON.stringify(out, null, 2))
  } finally {
    await removeSpike(docker, 'sandock.spike=slots', NET)
  }
}

await main()
