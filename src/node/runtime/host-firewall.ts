// The host firewall: one iptables chain per server instance, jumped to from INPUT for the sandbox
// bridges, so sandboxes cannot open connections to the host itself (API and proxy ports, services
// bound to 0.0.0.0 or to a bridge gateway). Replies to connections the host opened (proxy → envd)
// still pass. Sandbox ↔ sandbox traffic is off at the bridge (enable_icc=false), not here.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'

const run = promisify(execFile)

export type FirewallMode = 'auto' | 'on' | 'off'

export type HostFirewall = Readonly<{
  /** The chain's name (`SANDOCK-IN-<instance>`), also when not installed. */
  chain: string
  /**
   * Installs (or refreshes) the chain and one INPUT jump per interface, idempotently; stale jumps
   * to the chain are removed. Resolves with whether the firewall is active: in `auto` mode a host
   * without iptables or root is logged and skipped; in `on` mode it is an error.
   */
  install(interfaces: readonly string[], opts?: { gatewayPort?: number | undefined }): Promise<boolean>
  /** Removes the INPUT jumps and the chain (no-op when not installed). */
  remove(): Promise<void>
}>

export function createHostFirewall(opts: { mode: FirewallMode; instanceId: string; log: Logger; iptables?: string }): HostFirewall {
  const { mode, log } = opts
  const bin = opts.iptables ?? 'iptables'
  // iptables chain names are at most 28 characters.
  const chain = `SANDOCK-IN-${opts.instanceId.slice(0, 12)}`
  const ipt = async (...args: string[]) => (await run(bin, ['-w', '5', ...args])).stdout
  const ok = (...args: string[]) => ipt(...args).then(() => true, () => false)
  let installed = false

  /** Every INPUT rule jumping to our chain, as `-D` arguments. */
  async function jumps(): Promise<string[][]> {
    const rules = (await ipt('-S', 'INPUT')).split('\n')
    return rules.filter((r) => r.startsWith('-A INPUT ') && r.split(' ').includes(chain))
      .map((r) => ['-D', ...r.split(' ').slice(1)])
  }

  /**
   * Another instance's chain jumped to from our bridges: left by a server that was killed (no
   * shutdown ran) and whose data dir is gone, since a bridge belongs to one server. Its jumps
   * go, and the chain with them once nothing jumps to it any more.
   */
  async function removeForeignChains(ours: ReadonlySet<string>): Promise<void> {
    const stale = new Set<string>()
    for (const r of (await ipt('-S', 'INPUT')).split('\n')) {
      const parts = r.split(' ')
      const at = (flag: string) => (parts.indexOf(flag) > 0 ? parts[parts.indexOf(flag) + 1] : undefined)
      const target = at('-j')
      const iface = at('-i')
      if (r.startsWith('-A INPUT ') && target?.startsWith('SANDOCK-IN-') && target !== chain && iface && ours.has(iface)) {
        await ipt('-D', ...parts.slice(1))
        stale.add(target)
      }
    }
    const left = await ipt('-S', 'INPUT')
    for (const other of stale) {
      if (left.split('\n').some((r) => r.split(' ').includes(other))) continue
      if (await ok('-F', other)) await ok('-X', other)
      log.info({ chain: other }, 'a dead server\'s firewall chain removed')
    }
  }

  async function unavailable(): Promise<string | undefined> {
    if (process.getuid?.() !== 0) return 'not running as root'
    if (!(await ok('-S', 'INPUT'))) return `${bin} is not available`
    return undefined
  }

  return {
    chain,

    async install(interfaces, opts = {}) {
      if (mode === 'off') {
        log.warn('host firewall off (SANDOCK_FIREWALL=off): sandboxes can reach services on the host')
        return false
      }
      const why = await unavailable()
      if (why) {
        if (mode === 'on') throw new AppError('failed_precondition', `SANDOCK_FIREWALL=on but ${why}`)
        log.warn({ reason: why }, 'host firewall not installed: sandboxes can reach services on the host (see docs/security.md)')
        return false
      }
      if (!(await ok('-S', chain))) await ipt('-N', chain)
      await ipt('-F', chain)
      // Replies to connections the host opened (proxy and control plane → envd) pass.
      await ipt('-A', chain, '-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'RETURN')
      // The one way in: connections the host redirected to the egress gateway (a sandbox that
      // dials the gateway's port itself is not DNAT'ed and meets the reject below).
      if (opts.gatewayPort) await ipt('-A', chain, '-p', 'tcp', '--dport', String(opts.gatewayPort), '-m', 'conntrack', '--ctstate', 'DNAT', '-j', 'RETURN')
      // Refuse quickly (a reset, not a timeout), so clients fail fast and nothing hangs.
      await ipt('-A', chain, '-p', 'tcp', '-j', 'REJECT', '--reject-with', 'tcp-reset')
      await ipt('-A', chain, '-j', 'REJECT')
      const wanted = new Set(interfaces)
      for (const rule of await jumps()) {
        const iface = rule[rule.indexOf('-i') + 1]
        if (!iface || !wanted.has(iface)) await ipt(...rule)
      }
      for (const iface of wanted) {
        if (!(await ok('-C', 'INPUT', '-i', iface, '-j', chain))) await ipt('-I', 'INPUT', '1', '-i', iface, '-j', chain)
      }
      await removeForeignChains(wanted)
      installed = true
      log.info({ chain, interfaces: [...wanted] }, 'host firewall installed')
      return true
    },

    async remove() {
      if (!installed) return
      installed = false
      try {
        for (const rule of await jumps()) await ipt(...rule)
        await ipt('-F', chain)
        await ipt('-X', chain)
        log.info({ chain }, 'host firewall removed')
      } catch (err) {
        log.warn({ err, chain }, 'host firewall removal failed')
      }
    },
  }
}
