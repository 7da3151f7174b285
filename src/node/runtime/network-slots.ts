// Network slots on Docker: a network namespace kept by a small holder container (`sleep`, no
// capabilities, read-only) on a sandbox bridge, which sandbox containers join with
// `NetworkMode: container:<holder>` instead of getting a fresh namespace, veth and embedded DNS
// each (Docker's costliest part of a container's start). What it has when it is made (its
// iptables tables, flow cap included; addresses, routes; the embedded DNS's sockets) is its
// baseline. Between two sandboxes it is scrubbed from the host (nsenter; slot-scrub.ts): no process may be left in
// it, the tables go back to the baseline, its conntrack entries and neighbours are flushed, its
// ownerless TCP sockets (TIME-WAIT and the like) are destroyed, and then all of it must read as
// the baseline again, or the scrub fails (and the caller destroys the slot). A joined container
// shares the holder's /etc/hosts, /etc/hostname and /etc/resolv.conf (Docker binds the holder's
// files): before each sandbox joins, they are written afresh (its name, Docker's resolver) through
// the holder's root in /proc, so nothing the previous one wrote there is left.
import { spawn } from 'node:child_process'
import { readFile, readlink, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { AppError } from '../../shared/errors.js'
import { fromDockerError, ipOf, statusOf, type DockerClient } from './docker-client.js'
import { capFlowsOf, type FlowCap } from './flow-cap.js'
import { LABELS, MANAGED_BY } from './labels.js'
import {
  inNamespace,
  parseState,
  processesIn,
  READ_STATE,
  RESTORE,
  restorable,
  scrubScript,
  socketsOf,
  startTimeOf,
  tcpOf,
} from './slot-scrub.js'
import type { ContainerSpec, NetworkSlot, SlotRuntime } from './types.js'

/** The label that marks a slot holder. */
export const SLOT_LABEL = 'sandock.network-slot'
/** On a sandbox container: the address of the slot it joined (its inspect shows none). */
export const SLOT_IP_LABEL = 'sandock.slot-ip'

type Baseline = {
  state: Record<string, string>
  tables: string
  resolvConf: string
  pid: number
  start: string
  ns: string
}

const EMPTY_FILTER = '*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n'

export function createSlotRuntime(client: DockerClient, opts: { procRoot?: string; flowCap?: FlowCap }): SlotRuntime {
  const { docker } = client
  const procRoot = opts.procRoot ?? '/proc'
  const nsPath = (pid: number) => `${procRoot}/${pid}/ns/net`
  /** Per holder: its process (pid, start time, namespace link) and the state it must read as. */
  const baselines = new Map<string, Baseline>()
  const etc = (pid: number, f: string) => `${procRoot}/${pid}/root/etc/${f}`

  /** The holder's pid, when its process is still the one the baseline was read from (no Docker call). */
  async function holderPid(holderId: string, b: Baseline): Promise<number> {
    const [start, ns] = await Promise.all([
      startTimeOf(procRoot, b.pid),
      readlink(nsPath(b.pid)).catch(() => undefined),
    ])
    if (start !== b.start || ns !== b.ns) throw new AppError('internal', `slot holder ${holderId} is not running`)
    return b.pid
  }
  const baselineOf = (holderId: string) => {
    const b = baselines.get(holderId)
    if (!b) throw new AppError('internal', 'no baseline for this slot (made by an earlier run)')
    return b
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
        const pid = info.State.Pid
        await capFlowsOf(holder, pid, opts.flowCap, opts.procRoot)
        // An empty filter table is part of the baseline, so a sandbox's egress rules are flushed with it.
        // Nothing ran in it yet: a conntrack count is the embedded DNS's (flushed by the read); 0 is the baseline.
        const saved = await inNamespace(nsPath(pid), `iptables-restore -w 5 --noflush\n${READ_STATE}`, EMPTY_FILTER)
        const state = { ...parseState(saved), conntrack: '0', sockets: await socketsOf(procRoot, pid) }
        const tables = restorable(saved.slice(saved.indexOf('@@iptables') + 11, saved.indexOf('@@conntrack')))
        const resolvConf = await readFile(etc(pid, 'resolv.conf'), 'utf8')
        const [start, ns] = await Promise.all([startTimeOf(procRoot, pid), readlink(nsPath(pid))])
        if (!start) throw new AppError('internal', `network slot holder ${info.Id} is not running`)
        baselines.set(info.Id, { state, tables, resolvConf, pid, start, ns })
        const slot: NetworkSlot = { holderId: info.Id, ip, network }
        return slot
      } catch (e) {
        await holder.remove({ force: true }).catch(() => undefined)
        throw e
      }
    },

    async scrub(holderId) {
      const baseline = baselineOf(holderId)
      const pid = await holderPid(holderId, baseline)
      const left = await processesIn(procRoot, baseline.ns, pid)
      if (left.length > 0) throw new AppError('internal', `processes left in the slot's namespace: ${left.join(', ')}`)
      const killTcp = tcpOf(await socketsOf(procRoot, pid)) !== tcpOf(baseline.state.sockets!)
      const failed = (out: string) => {
        const f = /^@@failed (.*)$/m.exec(out)
        if (f) throw new AppError('internal', `scrub step failed: ${f[1]}`)
        return out
      }
      let out = failed(await inNamespace(nsPath(pid), scrubScript(killTcp), ''))
      // The tables are restored only when they differ (a sandbox's egress rules, or anything else).
      if (parseState(out).iptables !== baseline.state.iptables)
        out = `${out.slice(0, out.indexOf('@@iptables'))}${failed(await inNamespace(nsPath(pid), RESTORE, baseline.tables))}`
      const now: Record<string, string> = { ...parseState(out), sockets: await socketsOf(procRoot, pid) }
      for (const key of ['iptables', 'conntrack', 'sockets', 'ip'])
        if (now[key] !== baseline.state[key])
          throw new AppError('internal', `the slot's ${key} differ from its baseline after the scrub:\n${now[key]}`)
    },

    async prepare(slot, hostname) {
      const pid = await holderPid(slot.holderId, baselineOf(slot.holderId))
      // Written in place (the same inodes): they are bind-mounted into the holder and the sandbox.
      await writeFile(etc(pid, 'hostname'), `${hostname}\n`)
      await writeFile(etc(pid, 'hosts'), hostsFile(slot.ip, hostname))
      await writeFile(etc(pid, 'resolv.conf'), baselineOf(slot.holderId).resolvConf)
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
