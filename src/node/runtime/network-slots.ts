// Network slots on Docker: a network namespace kept by a small holder container (`sleep`, no
// capabilities, read-only) on a sandbox bridge, which sandbox containers join with
// `NetworkMode: container:<holder>` instead of getting a fresh namespace, veth and embedded DNS
// each (Docker's costliest part of a container's start). What it has when it is made (its
// iptables tables, flow cap included; addresses, routes; the embedded DNS's sockets) is its
// baseline. Between two sandboxes it is scrubbed from the host (nsenter): no process may be left in
// it, the tables go back to the baseline, its conntrack entries and neighbours are flushed, its
// ownerless TCP sockets (TIME-WAIT and the like) are destroyed, and then all of it must read as
// the baseline again, or the scrub fails (and the caller destroys the slot). A joined container
// shares the holder's /etc/hosts, /etc/hostname and /etc/resolv.conf (Docker binds the holder's
// files): before each sandbox joins, they are written afresh (its name, Docker's resolver) through
// the holder's root in /proc, so nothing the previous one wrote there is left.
import { spawn } from 'node:child_process'
import { readdir, readFile, readlink, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { AppError } from '../../shared/errors.js'
import { fromDockerError, ipOf, statusOf, type DockerClient } from './docker-client.js'
import { capFlowsOf, type FlowCap } from './flow-cap.js'
import { LABELS, MANAGED_BY } from './labels.js'
import type { ContainerSpec, NetworkSlot, SlotRuntime } from './types.js'

/** The label that marks a slot holder. */
export const SLOT_LABEL = 'sandock.network-slot'
/** On a sandbox container: the address of the slot it joined (its inspect shows none). */
export const SLOT_IP_LABEL = 'sandock.slot-ip'

/** What is read back from a namespace: sections separated by `@@name` lines. */
const READ_STATE = [
  'echo @@iptables; iptables-save 2>&1',
  'echo @@conntrack; conntrack -C 2>&1',
  'echo @@sockets; ss -Htuaxw 2>&1',
  'echo @@ip; ip -o addr 2>&1; ip route 2>&1',
].join('\n')

/**
 * The scrub, in the namespace, the baseline's tables on stdin. TCP sockets other than the
 * embedded DNS's are destroyed: with no process left in the namespace they belong to nobody.
 */
const SCRUB = [
  'iptables-restore -w 5 || { echo "@@failed iptables-restore"; exit 0; }',
  'conntrack -F >/dev/null 2>&1 || { echo "@@failed conntrack -F"; exit 0; }',
  'ip neigh flush all >/dev/null 2>&1',
  "ss -K -t state all '( ! src 127.0.0.11 )' >/dev/null 2>&1",
  READ_STATE,
].join('\n')

const EMPTY_FILTER = '*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n'

/** One state read as comparable text per section (counters, comments and queue sizes dropped). */
export function parseState(out: string): Record<string, string> {
  const sections: Record<string, string[]> = {}
  let at = ''
  for (const line of out.split('\n')) {
    if (line.startsWith('@@')) sections[(at = line.slice(2).trim())] ??= []
    else if (line.trim() && at) sections[at]!.push(line)
  }
  const norm: Record<string, (l: string) => string | undefined> = {
    iptables: (l) => (l.startsWith('#') ? undefined : l.replace(/\[\d+:\d+\]/g, '[0:0]').trim()),
    // netid state local peer: Recv-Q/Send-Q (a listener's backlog) change without meaning anything.
    sockets: (l) => {
      const f = l.trim().split(/\s+/)
      return [f[0], f[1], f[4], f[5]].join(' ')
    },
    ip: (l) => l.replace(/\s+/g, ' ').trim(),
  }
  const out2: Record<string, string> = {}
  for (const [k, lines] of Object.entries(sections)) {
    const f = norm[k] ?? ((l: string) => l.trim())
    const kept = lines.map(f).filter((l): l is string => l !== undefined)
    out2[k] = (k === 'iptables' ? kept : kept.sort()).join('\n')
  }
  return out2
}

/** The tables to restore: iptables-save's output without its comment lines (counters kept as saved). */
const restorable = (saved: string) =>
  `${saved
    .split('\n')
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('@@'))
    .join('\n')}\n`

function inNamespace(nsPath: string, script: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('nsenter', [`--net=${nsPath}`, 'sh', '-c', script], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 15_000,
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-2000)))
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`nsenter: exit code ${code}: ${err.trim()}`)),
    )
    child.stdin.on('error', () => undefined)
    child.stdin.end(input)
  })
}

/** Processes (other than `except`) whose network namespace is `nsLink` (`net:[inode]`). */
async function processesIn(procRoot: string, nsLink: string, except: number): Promise<number[]> {
  const found: number[] = []
  for (const name of await readdir(procRoot)) {
    const pid = Number(name)
    if (!Number.isInteger(pid) || pid === except) continue
    const link = await readlink(`${procRoot}/${pid}/ns/net`).catch(() => undefined)
    if (link === nsLink) found.push(pid)
  }
  return found
}

export function createSlotRuntime(client: DockerClient, opts: { procRoot?: string; flowCap?: FlowCap }): SlotRuntime {
  const { docker } = client
  const procRoot = opts.procRoot ?? '/proc'
  const nsPath = (pid: number) => `${procRoot}/${pid}/ns/net`
  const baselines = new Map<string, { state: Record<string, string>; tables: string; resolvConf: string }>()
  const etc = (pid: number, f: string) => `${procRoot}/${pid}/root/etc/${f}`

  async function holderPid(holderId: string): Promise<number> {
    const info = await docker
      .getContainer(holderId)
      .inspect()
      .catch((e: unknown) => {
        throw fromDockerError(e, `slot holder ${holderId}`)
      })
    if (!info.State.Running || !info.State.Pid) throw new AppError('internal', `slot holder ${holderId} is not running`)
    return info.State.Pid
  }

  return {
    async create(network, image) {
      const holder = await docker
        .createContainer({
          name: `sandock-slot-${randomBytes(6).toString('hex')}`,
          Image: image,
          Entrypoint: ['sleep', 'infinity'],
          Hostname: 'sandock-slot',
          Labels: { ...client.ownLabels, [SLOT_LABEL]: network },
          HostConfig: {
            NetworkMode: network,
            CapDrop: ['ALL'],
            // Not read-only: Docker would make its /etc/hosts (which joined containers share) read-only too.
            Memory: 32 * 1048576,
            PidsLimit: 8,
            RestartPolicy: { Name: 'no' },
            LogConfig: { Type: 'none', Config: {} },
          },
        })
        .catch((e: unknown) => {
          throw fromDockerError(e, 'create a network slot')
        })
      try {
        await holder.start()
        const info = await holder.inspect()
        const ip = ipOf(info, network)
        if (!ip) throw new AppError('internal', `network slot has no address on ${network}`)
        await capFlowsOf(holder, info.State.Pid, opts.flowCap, opts.procRoot)
        // An empty filter table is part of the baseline, so a sandbox's egress rules are flushed with it.
        const saved = await inNamespace(
          nsPath(info.State.Pid),
          `iptables-restore -w 5 --noflush\n${READ_STATE}`,
          EMPTY_FILTER,
        )
        const state = parseState(saved)
        if (state.conntrack !== '0') {
          // Nothing ran in it yet; a count is the embedded DNS's: read again once it settled.
          await inNamespace(nsPath(info.State.Pid), 'conntrack -F >/dev/null 2>&1', '')
          state.conntrack = '0'
        }
        const tables = restorable(saved.slice(saved.indexOf('@@iptables') + 11, saved.indexOf('@@conntrack')))
        const resolvConf = await readFile(etc(info.State.Pid, 'resolv.conf'), 'utf8')
        baselines.set(info.Id, { state, tables, resolvConf })
        const slot: NetworkSlot = { holderId: info.Id, ip, network }
        return slot
      } catch (e) {
        await holder.remove({ force: true }).catch(() => undefined)
        throw e
      }
    },

    async scrub(holderId) {
      const baseline = baselines.get(holderId)
      if (!baseline) throw new AppError('internal', 'no baseline for this slot (made by an earlier run)')
      const pid = await holderPid(holderId)
      const ns = await readlink(nsPath(pid))
      const left = await processesIn(procRoot, ns, pid)
      if (left.length > 0) throw new AppError('internal', `processes left in the slot's namespace: ${left.join(', ')}`)
      const out = await inNamespace(nsPath(pid), SCRUB, baseline.tables)
      const failed = /^@@failed (.*)$/m.exec(out)
      if (failed) throw new AppError('internal', `scrub step failed: ${failed[1]}`)
      const now = parseState(out)
      for (const key of ['iptables', 'conntrack', 'sockets', 'ip'])
        if (now[key] !== baseline.state[key])
          throw new AppError('internal', `the slot's ${key} differ from its baseline after the scrub:\n${now[key]}`)
    },

    async prepare(slot, hostname) {
      const baseline = baselines.get(slot.holderId)
      if (!baseline) throw new AppError('internal', 'no baseline for this slot (made by an earlier run)')
      const pid = await holderPid(slot.holderId)
      // Written in place (the same inodes): they are bind-mounted into the holder and the sandbox.
      await writeFile(etc(pid, 'hostname'), `${hostname}\n`)
      await writeFile(etc(pid, 'hosts'), hostsFile(slot.ip, hostname))
      await writeFile(etc(pid, 'resolv.conf'), baseline.resolvConf)
    },

    async destroy(holderId) {
      baselines.delete(holderId)
      await docker
        .getContainer(holderId)
        .remove({ force: true })
        .catch((e: unknown) => {
          if (statusOf(e) !== 404) throw fromDockerError(e, `slot holder ${holderId}`)
        })
    },

    async foreign(network) {
      const holders = (
        await docker.listContainers({
          all: true,
          filters: { label: [`${LABELS.managedBy}=${MANAGED_BY}`, SLOT_LABEL], network: [network] },
        })
      ).filter((h) => h.Labels?.[LABELS.instance] !== client.instanceId)
      if (holders.length === 0) return []
      const ids = new Set(holders.flatMap((h) => [h.Id, ...h.Names.map((n) => n.replace(/^\//, ''))]))
      const joined = (
        await docker.listContainers({ all: true, filters: { label: [`${LABELS.managedBy}=${MANAGED_BY}`] } })
      )
        .filter((c) => ids.has((c.HostConfig?.NetworkMode ?? '').replace(/^container:/, '')))
        .map((c) => c.Id)
      return [...joined, ...holders.map((h) => h.Id)]
    },

    async list() {
      const [holders, all] = await Promise.all([
        docker.listContainers({
          all: true,
          filters: {
            label: [`${LABELS.managedBy}=${MANAGED_BY}`, `${LABELS.instance}=${client.instanceId}`, SLOT_LABEL],
          },
        }),
        docker.listContainers({ all: true, filters: { label: [`${LABELS.managedBy}=${MANAGED_BY}`] } }),
      ])
      const joined = new Set(
        all
          .map((c) => c.HostConfig?.NetworkMode ?? '')
          .filter((m) => m.startsWith('container:'))
          .map((m) => m.slice(10)),
      )
      return holders.map((h) => ({
        holderId: h.Id,
        network: h.Labels?.[SLOT_LABEL] ?? '',
        joined: joined.has(h.Id) || h.Names.some((n) => joined.has(n.replace(/^\//, ''))),
      }))
    },
  }
}

/** A slotted container's hostname, set from the host in its own UTS namespace (Docker gives it the holder's). */
export async function nameSlotted(pid: number, hostname: string, procRoot = '/proc'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn('nsenter', [`--uts=${procRoot}/${pid}/ns/uts`, 'hostname', hostname], { stdio: 'ignore' })
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`nsenter hostname: exit code ${code}`))))
  })
}

/** A slotted sandbox container's network settings: the holder's namespace, its address as a label. */
export function slotNetworkConfig(slot: NonNullable<ContainerSpec['slot']>) {
  return { NetworkMode: `container:${slot.holderId}`, labels: { [SLOT_IP_LABEL]: slot.ip } }
}

/** Docker's /etc/hosts for a container named `hostname` at `ip`. */
const hostsFile = (ip: string, hostname: string) =>
  [
    '127.0.0.1\tlocalhost',
    '::1\tlocalhost ip6-localhost ip6-loopback',
    'fe00::0\tip6-localnet',
    'ff00::0\tip6-mcastprefix',
    'ff02::1\tip6-allnodes',
    'ff02::2\tip6-allrouters',
    `${ip}\t${hostname}`,
    '',
  ].join('\n')

/** The holder a listed container joined and its address, from its network mode and label. */
export function joinedSlot(
  networkMode: string | undefined,
  labels: Record<string, string> | undefined,
): { holderId: string; ip: string | undefined } | undefined {
  if (!networkMode?.startsWith('container:')) return undefined
  return { holderId: networkMode.slice(10), ip: labels?.[SLOT_IP_LABEL] || undefined }
}
