// Egress rules and the flow cap for sandboxes under gVisor's own network stack (`runsc-netstack`).
// Their packets leave through the namespace's interface without meeting its iptables, so what a
// runc or `runsc` sandbox gets in its own namespace (egress.ts's filter table, flow-cap.ts) is
// enforced on the host instead, by source address: one filter chain per server instance
// (SANDOCK-NS-<instance>), jumped to from the forward fence (host-firewall.ts) right after its
// replies, so a sandbox's rules come first and can only deny more. First line: no source on the
// sandbox bridges gets more than `maxFlows` tracked flows through the host; then each sandbox's
// own lines (`-s <ip>/32`). Replaced atomically with iptables-restore on every change, like the
// gateway's redirect chain. Traffic the gateway takes is redirected before it (PREROUTING) and
// never reaches FORWARD, which is what the namespace rules' "let the gateway's TCP through" does.
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import type { IptablesRunner } from './host-firewall-chains.js'

export type NetstackFilter = Readonly<{
  chain: string
  /**
   * Creates the chain when missing, before the forward fence that jumps to it; one left by a
   * previous run keeps its content (its sandboxes stay fenced) until install().
   */
  prepare(): Promise<void>
  /** Once recovery re-attached the sandboxes (set() before this only records): loads the chain. */
  install(maxFlows: number): Promise<void>
  /** A sandbox's rule specs (`-s <ip>/32 …`, from buildHostEgressLines), or none. */
  set(ip: string, lines: readonly string[] | undefined): Promise<void>
  /**
   * `on`: everything the container with MAC address `mac` sends is dropped (first in the chain),
   * until called again with `on` false. A restored sandbox's processes run from its start, but its
   * address (by which its rules are set) is Docker's choice at that start: it is held till they are.
   */
  hold(mac: string, on: boolean): Promise<void>
  /** At shutdown, once the forward fence (which jumps to it) is gone: the chain goes too. */
  remove(): Promise<void>
}>

const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/

export function createNetstackFilter(o: {
  instanceId: string
  runner: IptablesRunner
  log: Logger
  iptables?: string
}): NetstackFilter {
  const bin = o.iptables ?? 'iptables'
  const chain = `SANDOCK-NS-${o.instanceId.slice(0, 12)}`
  const bySource = new Map<string, readonly string[]>()
  const held = new Set<string>()
  let flows = 0
  let installed = false
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn)
    queue = next.catch(() => undefined)
    return next
  }

  async function load(): Promise<void> {
    const cap =
      flows > 0
        ? [
            `-A ${chain} -m conntrack --ctstate NEW -m connlimit --connlimit-above ${flows} --connlimit-mask 32 --connlimit-saddr -j DROP`,
          ]
        : []
    const holds = [...held].map((mac) => `-A ${chain} -m mac --mac-source ${mac} -j DROP`)
    const own = [...bySource.values()].flat().map((spec) => `-A ${chain} ${spec}`)
    const text = ['*filter', `:${chain} - [0:0]`, ...holds, ...cap, ...own, 'COMMIT', ''].join('\n')
    const { code, stderr } = await o.runner.feed(`${bin}-restore`, ['-w', '5', '--noflush'], text)
    if (code !== 0)
      throw new AppError(
        'internal',
        `the egress rules of gVisor-netstack sandboxes could not be loaded on the host (${bin}-restore: ${stderr.trim() || `exit code ${code}`})`,
      )
  }

  return {
    chain,
    prepare() {
      return serially(async () => {
        const exists = await o.runner.run(bin, ['-w', '5', '-S', chain]).then(
          () => true,
          () => false,
        )
        if (!exists) await o.runner.run(bin, ['-w', '5', '-N', chain])
      })
    },
    install(maxFlows) {
      return serially(async () => {
        flows = maxFlows
        installed = true
        await load()
        o.log.info({ chain, maxFlows, sandboxes: bySource.size }, 'netstack egress chain installed')
      })
    },
    set(ip, lines) {
      return serially(async () => {
        const before = bySource.get(ip)
        if (lines && lines.length > 0) bySource.set(ip, lines)
        else if (before) bySource.delete(ip)
        else return
        if (!installed) return
        try {
          await load()
        } catch (e) {
          if (before) bySource.set(ip, before)
          else bySource.delete(ip)
          throw e
        }
      })
    },
    hold(mac, on) {
      if (!MAC.test(mac)) return Promise.reject(new AppError('internal', `not a MAC address: ${mac}`))
      return serially(async () => {
        if (on === held.has(mac)) return
        if (on) held.add(mac)
        else held.delete(mac)
        if (!installed) return
        try {
          await load()
        } catch (e) {
          if (on) held.delete(mac)
          else held.add(mac)
          throw e
        }
      })
    },
    remove() {
      return serially(async () => {
        installed = false
        bySource.clear()
        held.clear()
        await o.runner.run(bin, ['-w', '5', '-F', chain]).catch(() => undefined)
        await o.runner
          .run(bin, ['-w', '5', '-X', chain])
          .catch((err: unknown) => o.log.warn({ err, chain }, 'netstack chain not removed'))
      })
    },
  }
}
