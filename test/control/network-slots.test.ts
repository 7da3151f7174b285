// Network slots (SANDOCK_NETWORK_SLOTS) against a real `sandock serve` on real Docker: a sandbox
// joins a namespace kept by a holder container, and when it is gone the slot is scrubbed and
// reused. The next sandbox on the same slot (the same holder, the same address) sees nothing of the
// one before: no rule, no conntrack entry, no listener, none of its /etc files; a slot that fails
// its scrub (a process left in its namespace) is destroyed; a restart and a clean stop leave no
// slot behind. Own servers: API and proxy ports + 60 (the restart: + 64).
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { CommandExitError, Sandbox } from 'e2b'
import { killQuietly, printServerLogsOnFailure, restartableServer } from '../support/control-sdk.js'
import {
  containersOf,
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  trackSandbox,
  type ControlServer,
} from '../support/control-server.js'
import { docker } from '../support/docker.js'

const run = promisify(execFile)
const SLOTS = { SANDOCK_NETWORK_SLOTS: '2', SANDOCK_LOG_LEVEL: 'info' }
let server: ControlServer

printServerLogsOnFailure(() => server)

beforeAll(async () => {
  server = await startServer({ apiPort: DEFAULT_API_PORT + 60, proxyPort: DEFAULT_PROXY_PORT + 60, env: SLOTS })
})
afterAll(async () => {
  await server?.cleanup()
})

/**
 * A new sandbox in a network slot. A create that finds no free slot gets its own namespace (by
 * design), and a slot being made is not free yet: such a sandbox is killed and the create tried again.
 */
async function made(s: ControlServer = server, opts: Parameters<typeof Sandbox.create>[1] = {}): Promise<Sandbox> {
  for (let attempt = 0; ; attempt++) {
    await until('a free slot', async () => ((await freeSlots(s)) > 0 ? true : undefined))
    const sbx = await Sandbox.create('base', { ...sdkOpts(s), timeoutMs: 300_000, ...opts })
    trackSandbox(s, sbx.sandboxId)
    onTestFinished(() => killQuietly(sbx.sandboxId, s))
    const [id] = await containersOf(sbx.sandboxId)
    if ((await inspect(id!)).HostConfig.NetworkMode.startsWith('container:') || attempt >= 5) return sbx
    await sbx.kill()
    await new Promise((r) => setTimeout(r, 1000))
  }
}

async function sh(sbx: Sandbox, cmd: string): Promise<{ exitCode: number; stdout: string }> {
  try {
    const r = await sbx.commands.run(cmd, { user: 'root', timeoutMs: 30_000 })
    return { exitCode: r.exitCode, stdout: r.stdout }
  } catch (e) {
    if (e instanceof CommandExitError) return { exitCode: e.exitCode, stdout: e.stdout }
    throw e
  }
}

type Inspect = { Id: string; State: { Pid: number; Running: boolean }; HostConfig: { NetworkMode: string } }
const inspect = async (id: string) => (JSON.parse(await docker('inspect', id)) as Inspect[])[0]!

/** The holder a sandbox's container joined (its network mode), and the holder's namespace. */
async function slotOf(sandboxId: string): Promise<{ holderId: string; pid: number }> {
  const [id] = await containersOf(sandboxId)
  const mode = (await inspect(id!)).HostConfig.NetworkMode
  expect(mode).toMatch(/^container:[0-9a-f]{64}$/)
  const holderId = mode.slice('container:'.length)
  return { holderId, pid: (await inspect(holderId)).State.Pid }
}

const inNs = async (pid: number, ...argv: string[]) =>
  (await run('nsenter', [`--net=/proc/${pid}/ns/net`, ...argv])).stdout

/** Holder containers of the server on `dataDir` (by its instance label). */
async function holdersOf(s: ControlServer): Promise<string[]> {
  const { readFile } = await import('node:fs/promises')
  const instance = (await readFile(`${s.dataDir}/instance-id`, 'utf8')).trim()
  const out = await docker(
    'ps',
    '-aq',
    '--no-trunc',
    '--filter',
    'label=sandock.network-slot',
    '--filter',
    `label=sandock.instance=${instance}`,
  )
  return out.split('\n').filter(Boolean)
}

/** Slot holders of the server that no container of it joins. */
async function freeSlots(s: ControlServer): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const instance = (await readFile(`${s.dataDir}/instance-id`, 'utf8')).trim()
  const ids = (await docker('ps', '-aq', '--no-trunc', '--filter', `label=sandock.instance=${instance}`))
    .split('\n')
    .filter(Boolean)
  if (ids.length === 0) return 0
  const all = JSON.parse(await docker('inspect', ...ids)) as (Inspect & {
    Config: { Labels: Record<string, string> }
  })[]
  const joined = new Set(all.map((c) => c.HostConfig.NetworkMode.replace(/^container:/, '')))
  return all.filter((c) => c.Config.Labels['sandock.network-slot'] && !joined.has(c.Id)).length
}

async function until<T>(what: string, f: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await f()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe('a recycled slot', () => {
  it('carries no rule, conntrack entry, listener, address or /etc file of its previous sandbox', async () => {
    const a = await made(server, { network: { denyOut: ['10.99.0.0/16'] } })
    const slot = await slotOf(a.sandboxId)
    const ipA = (await sh(a, 'hostname -I')).stdout.trim()
    expect((await sh(a, 'hostname')).stdout.trim()).toBe(a.sandboxId.slice(0, 12))
    // Its traces: a listener, flows to the host (refused there, tracked here), DNS, an /etc/hosts line.
    const gw = (await sh(a, "ip route | awk '/default/ {print $3}'")).stdout.trim()
    await sh(a, 'nohup python3 -m http.server 8123 >/dev/null 2>&1 &')
    await sh(
      a,
      `python3 -c "import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); [s.sendto(b'x', ('${gw}', 9999)) for _ in range(3)]"; getent hosts example.invalid; echo '203.0.113.7 planted' >> /etc/hosts; echo x > /etc/hostname; echo 'nameserver 203.0.113.8' >> /etc/resolv.conf`,
    )
    await until('the listener', async () => ((await sh(a, 'ss -Htln')).stdout.includes(':8123') ? true : undefined))
    expect(await inNs(slot.pid, 'iptables-save')).toContain('10.99.0.0/16')
    expect(await inNs(slot.pid, 'conntrack', '-L', '-p', 'udp', '--dport', '9999')).toContain('dport=9999')
    expect(await inNs(slot.pid, 'ss', '-Htln')).toContain(':8123')
    await a.kill()
    // The scrub's flush of its tracked flows, read through the holder's /proc (per namespace): never
    // by entering the namespace, since a process of ours there during the scrub fails it (as it must).
    const { readFile } = await import('node:fs/promises')
    await until('the scrub', async () =>
      (await readFile(`/proc/${slot.pid}/net/nf_conntrack`, 'utf8')).includes('dport=9999') ? undefined : true,
    )

    // A returned slot is taken first (before the spares made ahead); a few tries in case the scrub is slow.
    let b: Sandbox | undefined
    for (let i = 0; i < 3 && !b; i++) {
      const next = await made()
      if ((await slotOf(next.sandboxId)).holderId === slot.holderId) b = next
    }
    expect(b, 'a sandbox on the recycled slot').toBeDefined()
    expect((await sh(b!, 'hostname -I')).stdout.trim()).toBe(ipA)
    expect((await sh(b!, 'hostname')).stdout.trim()).toBe(b!.sandboxId.slice(0, 12))
    expect((await sh(b!, 'cat /etc/hostname')).stdout.trim()).toBe(b!.sandboxId.slice(0, 12))
    const etc = (await sh(b!, 'cat /etc/hosts /etc/resolv.conf')).stdout
    expect(etc).not.toContain('planted')
    expect(etc).not.toContain('203.0.113.8')
    expect(etc).toContain(`${ipA}\t${b!.sandboxId.slice(0, 12)}`)
    // Nothing of a's in the namespace, seen from the sandbox and from the host.
    expect((await sh(b!, 'ss -Htan; cat /proc/net/tcp /proc/net/udp')).stdout).not.toMatch(/:8123|:1F9B|9999|:270F/)
    expect(await inNs(slot.pid, 'iptables-save')).not.toContain('10.99.0.0/16')
    expect(await inNs(slot.pid, 'conntrack', '-L', '-p', 'udp', '--dport', '9999')).not.toContain('dport=9999')
    expect(await inNs(slot.pid, 'ss', '-Htln')).not.toContain(':8123')
    // It works as a sandbox: DNS through Docker's embedded resolver, its own name resolves.
    expect((await sh(b!, `getent hosts ${b!.sandboxId.slice(0, 12)}`)).stdout).toContain(ipA)
    expect((await sh(b!, 'echo ok')).stdout.trim()).toBe('ok')
  })

  it('keeps its slot across a memory pause and a filesystem-only pause', async () => {
    const a = await made()
    const slot = await slotOf(a.sandboxId)
    const ip = (await sh(a, 'hostname -I')).stdout.trim()
    await a.pause()
    await a.connect()
    expect((await slotOf(a.sandboxId)).holderId).toBe(slot.holderId)
    await fetch(`${server.apiUrl}/sandboxes/${a.sandboxId}/pause`, {
      method: 'POST',
      headers: { 'X-API-Key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ memory: false }),
    }).then((r) => expect(r.status).toBeLessThan(300))
    const resumed = await Sandbox.connect(a.sandboxId, sdkOpts(server))
    expect((await slotOf(a.sandboxId)).holderId).toBe(slot.holderId)
    expect((await sh(resumed, 'hostname -I')).stdout.trim()).toBe(ip)
    expect((await sh(resumed, 'hostname')).stdout.trim()).toBe(a.sandboxId.slice(0, 12))
  })
})

describe('a failed scrub', () => {
  it('destroys the slot: a process left in its namespace keeps it from ever being reused', async () => {
    const a = await made()
    const slot = await slotOf(a.sandboxId)
    // A listener in the slot's namespace that is not the sandbox's: started from the host.
    const intruder: ChildProcess = spawn(
      'nsenter',
      [
        `--net=/proc/${slot.pid}/ns/net`,
        'python3',
        '-c',
        'import socket,time; s=socket.socket(); s.bind(("0.0.0.0", 7777)); s.listen(); time.sleep(600)',
      ],
      { stdio: 'ignore' },
    )
    onTestFinished(() => {
      intruder.kill('SIGKILL')
    })
    await until('the intruder listening', async () =>
      (await inNs(slot.pid, 'ss', '-Htln')).includes(':7777') ? true : undefined,
    )
    await a.kill()
    await until('the holder removed', async () =>
      (await docker('inspect', slot.holderId).then(
        () => false,
        () => true,
      ))
        ? true
        : undefined,
    )
    expect(server.logs()).toContain('failed its scrub')
    // And no later sandbox lands on it.
    const b = await made()
    expect((await slotOf(b.sandboxId)).holderId).not.toBe(slot.holderId)
  })
})

describe('restarts and stops', () => {
  const servers = restartableServer(64, { env: SLOTS })

  it('a crash keeps a sandbox on its slot; the next start removes the unused slots, a clean stop all of them', async () => {
    const first = await servers.start()
    const a = await made(first)
    const slot = await slotOf(a.sandboxId)
    await until('the spare slots', async () => ((await holdersOf(first)).length >= 3 ? true : undefined))
    const second = await servers.restart('SIGKILL')
    // The sandbox is back, on its slot; the spare of the crashed run is gone (no baseline to scrub to).
    const back = await Sandbox.connect(a.sandboxId, sdkOpts(second))
    expect((await sh(back, 'echo ok')).stdout.trim()).toBe('ok')
    expect((await slotOf(a.sandboxId)).holderId).toBe(slot.holderId)
    const before = await holdersOf(second)
    expect(before).toContain(slot.holderId)
    // Killed: its slot (made by the earlier run) is destroyed, not reused.
    await back.kill()
    await until('the old slot removed', async () =>
      (await holdersOf(second)).includes(slot.holderId) ? undefined : true,
    )
    await second.stop('SIGTERM')
    expect(await holdersOf(second)).toEqual([])
    for (const n of second.networks)
      expect(
        await docker('network', 'inspect', n).then(
          () => 'kept',
          () => 'gone',
        ),
      ).toBe('gone')
  })
})
