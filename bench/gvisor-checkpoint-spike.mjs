// Spike for memory on disk (issue #28, item 3): can gVisor's own checkpoint save a Sandock-like
// sandbox? Run it again with a newer runsc to see whether the blockers are gone.
// Cases, each in a fresh container on a user-defined bridge (as sandboxes are):
//   A  a Python HTTP server (poll(): no lasting waiter on its socket), a counter in memory;
//   B  the same after it served one HTTP/1.0 request (it closed first: TIME_WAIT in the sandbox);
//   C  a Node HTTP server (libuv's epoll, like envd and most servers), idle, no connection;
//   D  case A under the host-network runtime (`runsc`, --network=host: what Sandock uses);
//   E  case B saved with --leave-running (does a refused save still end the processes?);
//   F  case C with the client's kept-alive connection still open (ESTABLISHED on the interface).
// For each: `docker checkpoint create`'s result and time, the image's size, the container's state
// after a failed save (did its processes survive?), and for a saved one `docker start --checkpoint`:
// time, memory kept (the counter continues), the address after restore.
// Needs (as root): Docker's "experimental": true (checkpoints) and a runtime with gVisor's own
// network stack through docker/runsc/runsc-netstack, e.g. in /etc/docker/daemon.json:
//   "runsc-netstack": { "path": "/usr/local/libexec/sandock/runsc-netstack",
//                       "runtimeArgs": ["--platform=ptrace", "--network=sandbox"] }
// (the wrapper installed there with @RUNSC@ replaced by runsc's path). SPIKE_NETSTACK_RUNTIME
// (runsc-netstack), SPIKE_HOSTNET_RUNTIME (runsc), SPIKE_IMAGE (sandock/base:latest), SPIKE_RUNSC
// (the binary those runtimes run, for the version line; runsc). Measured runs: docs/security.md.
// Everything it creates carries the label sandock.spike=checkpoint and is removed at the end.
import { execFileSync } from 'node:child_process'
import { statSync, readdirSync } from 'node:fs'
import { connect } from 'node:net'
import Docker from 'dockerode'
import { removeSpike } from './spike-cleanup.mjs'

const NETSTACK = process.env.SPIKE_NETSTACK_RUNTIME ?? 'runsc-netstack'
const HOSTNET = process.env.SPIKE_HOSTNET_RUNTIME ?? 'runsc'
const IMAGE = process.env.SPIKE_IMAGE ?? 'sandock/base:latest'
const RUNSC = process.env.SPIKE_RUNSC ?? 'runsc'
const NET = `sandock-spike-ckpt-${process.pid}`
const LABELS = { 'sandock.spike': 'checkpoint' }
const docker = new Docker({ socketPath: '/var/run/docker.sock' })
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const sh = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

const PY = `
import http.server, socketserver, threading, time
n = [0]
def tick():
    while True:
        n[0] += 1; time.sleep(0.1)
threading.Thread(target=tick, daemon=True).start()
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1" if PROTO == 1 else "HTTP/1.0"
    def do_GET(self):
        b = str(n[0]).encode(); self.send_response(200); self.send_header("Content-Length", str(len(b))); self.end_headers(); self.wfile.write(b)
    def log_message(self, *a): pass
socketserver.TCPServer(("0.0.0.0", 8000), H).serve_forever()`
const NODE = `let n = 0; setInterval(() => n++, 100); require('http').createServer((q, s) => s.end(String(n))).listen(8000)`

async function start(runtime, entry, network) {
  const c = await docker.createContainer({
    Image: IMAGE,
    Entrypoint: entry,
    Labels: LABELS,
    HostConfig: { Runtime: runtime, NetworkMode: network },
  })
  await c.start()
  await sleep(2500)
  return c
}

const ipOf = async (c) => Object.values((await c.inspect()).NetworkSettings.Networks)[0]?.IPAddress ?? ''

async function get(c, proto) {
  const ip = await ipOf(c)
  if (!ip) return undefined
  const res = await fetch(`http://${ip}:8000/`, { headers: proto === 0 ? { connection: 'close' } : {} })
  return Number(await res.text())
}

function dirSize(dir) {
  let total = 0
  for (const f of readdirSync(dir, { withFileTypes: true }))
    total += f.isDirectory() ? dirSize(`${dir}/${f.name}`) : statSync(`${dir}/${f.name}`).size
  return total
}

async function attempt(name, c, probe, { leaveRunning = false } = {}) {
  const info = await c.inspect()
  const row = { case: name }
  const t0 = performance.now()
  try {
    sh('docker', ['checkpoint', 'create', ...(leaveRunning ? ['--leave-running'] : []), info.Id, 'spike'])
    row.save = `ok ${Math.round(performance.now() - t0)} ms`
    row.image = `${(dirSize(`/var/lib/docker/containers/${info.Id}/checkpoints/spike`) / 1048576).toFixed(1)} MiB`
  } catch (e) {
    const msg = String(e.stderr ?? e.message)
    row.save = /waiters upon save/.test(msg)
      ? 'refused: endpoint still has waiters upon save'
      : /connected state/.test(msg)
        ? 'refused: endpoint cannot be saved in connected state'
        : /hostinet/.test(msg)
          ? 'refused: not supported when using hostinet'
          : `refused: ${msg.trim().slice(-160)}`
    await sleep(1500)
    const serves = await get(c, 0).then(
      () => ', still serving',
      () => '',
    )
    row.after = (await c.inspect()).State.Running
      ? `still running${serves}`
      : `processes gone (exit ${(await c.inspect()).State.ExitCode})`
    return row
  }
  const before = probe
  const t1 = performance.now()
  sh('docker', ['start', '--checkpoint', 'spike', info.Id])
  row.restore = `${Math.round(performance.now() - t1)} ms`
  await sleep(300)
  const after = await get(c, 1).catch(() => undefined)
  row.after =
    after !== undefined && after >= before
      ? `memory kept (counter ${before} → ${after}), address ${await ipOf(c)}`
      : `counter ${after}`
  return row
}

async function main() {
  const info = await docker.info()
  const runtimes = Object.keys(info.Runtimes ?? {})
  if (!info.ExperimentalBuild || !runtimes.includes(NETSTACK)) {
    console.error(
      `needs Docker's experimental setting and a runtime "${NETSTACK}" (see the header of this file); have: ${runtimes.join(', ')}, experimental ${info.ExperimentalBuild}`,
    )
    process.exit(2)
  }
  console.log(`runsc: ${sh(RUNSC, ['--version']).split('\n')[0]}; kernel ${sh('uname', ['-r'])}`)
  await docker.createNetwork({ Name: NET, Labels: LABELS })
  const rows = []
  try {
    const a = await start(NETSTACK, ['python3', '-c', `PROTO = 1\n${PY}`], NET)
    const probe = await get(a, 1)
    await sleep(6000) // the client's kept-alive connection closed, from this side
    rows.push(await attempt('A python (poll), idle', a, probe))
    const b = await start(NETSTACK, ['python3', '-c', `PROTO = 0\n${PY}`], NET)
    rows.push(await attempt('B python, after an HTTP/1.0 answer (TIME_WAIT)', b, await get(b, 0)))
    const n = await start(NETSTACK, ['/opt/sandock/bin/node', '-e', NODE], NET)
    await get(n, 1)
    await sleep(6000) // the client's kept-alive connection closed, from this side
    rows.push(await attempt('C node (epoll, like envd), idle', n, 0))
    const e = await start(NETSTACK, ['python3', '-c', `PROTO = 0\n${PY}`], NET)
    rows.push(await attempt('E case B with --leave-running', e, await get(e, 0), { leaveRunning: true }))
    const f = await start(NETSTACK, ['/opt/sandock/bin/node', '-e', NODE], NET)
    const ip = await ipOf(f)
    // A raw connection kept open from this side: what a kept-alive client's would be.
    const kept = await new Promise((resolve, reject) => {
      const sock = connect(8000, ip, () => resolve(sock))
      sock.once('error', reject)
    })
    try {
      rows.push(await attempt('F node with a client connection open', f, 0, { leaveRunning: true }))
    } finally {
      kept.destroy()
    }
    if (runtimes.includes(HOSTNET)) {
      const d = await start(HOSTNET, ['python3', '-c', `PROTO = 1\n${PY}`], NET)
      rows.push(await attempt('D python under --network=host', d, await get(d, 1)))
    }
  } finally {
    await removeSpike(docker, 'sandock.spike=checkpoint', NET)
  }
  console.table(rows)
}

await main()
