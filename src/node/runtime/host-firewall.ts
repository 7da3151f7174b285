// The host firewall: two iptables chains per server instance, both in the filter table and both
// matched on the sandbox bridges, so they hold for every container on them from its first packet
// (pooled, cold, resumed, forked, restarted sandboxes and template builds alike, runc or gVisor):
// - SANDOCK-IN-<instance>, jumped to from INPUT: sandboxes cannot open connections to the host
//   itself, on any of its addresses (API and proxy ports, services bound to 0.0.0.0, to a bridge
//   gateway, to another interface or to an address routed to lo). Replies to connections the host
//   opened (proxy → envd) still pass, and the connections the host redirected to the egress gateway.
// - SANDOCK-FWD-<instance>, jumped to from DOCKER-USER (FORWARD when Docker has none): what a
//   sandbox sends through the host to elsewhere. Upstream's always-denied internal ranges, other
//   sandbox bridges and the host's own DNAT'ed ports are dropped (blocked internal traffic is
//   dropped, as upstream's), except DNS to the resolvers Docker's embedded DNS forwards to (it
//   queries from inside the sandbox's namespace) and the operator's SANDOCK_ALLOW_INTERNAL_CIDRS.
//   A sandbox's own rules (its namespace's filter table) come before this and cannot open it.
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import { ALWAYS_DENIED_CIDRS } from '../egress/policy.js'
import { installForwardFence, installInputChain, iptablesOf, type IptablesRunner } from './host-firewall-chains.js'

const run = promisify(execFile)

export type { IptablesRunner }

/** The real programs, as child processes. */
export const processRunner: IptablesRunner = {
  run: async (file, args) => (await run(file, [...args])).stdout,
  feed: (file, args, input) =>
    new Promise((resolve) => {
      const child = spawn(file, [...args], { stdio: ['pipe', 'ignore', 'pipe'] })
      let err = ''
      child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')))
      child.once('error', (e) => resolve({ code: null, stderr: e.message }))
      child.once('close', (c) => resolve({ code: c, stderr: err }))
      child.stdin.on('error', () => undefined)
      child.stdin.end(input)
    }),
}

export type FirewallMode = 'auto' | 'on' | 'off'

export type HostFirewall = Readonly<{
  /** The chain's name (`SANDOCK-IN-<instance>`), also when not installed. */
  chain: string
  /** The forward chain's name (`SANDOCK-FWD-<instance>`), also when not installed. */
  forwardChain: string
  /**
   * Installs (or refreshes) both chains and their jumps, one per interface, idempotently; stale
   * jumps to them are removed. Resolves with whether the firewall is active: in `auto` mode a host
   * without iptables or root is logged and skipped; in `on` mode it is an error.
   */
  install(
    interfaces: readonly string[],
    opts?: { gatewayPort?: number | undefined } & ForwardFenceOptions,
  ): Promise<boolean>
  /**
   * Removes the jumps and the chains (no-op when not installed). `keep`: sandboxes outlive this
   * server (they are re-attached by the next start), so the chains stay and keep fencing them.
   */
  remove(opts?: { keep?: boolean }): Promise<void>
}>

export type ForwardFenceOptions = {
  /** Resolvers a sandbox may query on port 53 though they are internal (Docker's embedded DNS forwards to them). */
  dnsServers?: readonly string[]
  /** Internal IPv4 CIDRs the operator opens (SANDOCK_ALLOW_INTERNAL_CIDRS). */
  allowCidrs?: readonly string[]
  /** gVisor-netstack sandboxes' own rules (netstack-filter.ts), jumped to right after the replies. */
  sandboxChain?: string
}

/**
 * The forward chain's content for `iptables-restore --noflush` (the chain line flushes it in the
 * same transaction). Order: replies; other sandbox bridges and the host's DNAT'ed ports (never
 * opened); DNS to the resolvers; the operator's CIDRs; then the always-denied ranges are dropped.
 * Netstack sandboxes' own rules come right after the replies (they can only deny more).
 * Everything else (the internet) returns to Docker's own rules.
 */
export function forwardFenceRuleset(chain: string, bridges: readonly string[], o: ForwardFenceOptions = {}): string {
  const lines = ['*filter', `:${chain} - [0:0]`, `-A ${chain} -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN`]
  if (o.sandboxChain) lines.push(`-A ${chain} -j ${o.sandboxChain}`)
  for (const b of bridges) lines.push(`-A ${chain} -o ${b} -j DROP`)
  lines.push(`-A ${chain} -m conntrack --ctstate DNAT -j DROP`)
  for (const d of new Set(o.dnsServers ?? []))
    for (const proto of ['udp', 'tcp']) lines.push(`-A ${chain} -d ${d} -p ${proto} --dport 53 -j RETURN`)
  for (const c of new Set(o.allowCidrs ?? [])) lines.push(`-A ${chain} -d ${c} -j RETURN`)
  for (const c of ALWAYS_DENIED_CIDRS) lines.push(`-A ${chain} -d ${c} -j DROP`)
  lines.push('COMMIT', '')
  return lines.join('\n')
}

export function createHostFirewall(opts: {
  mode: FirewallMode
  instanceId: string
  log: Logger
  iptables?: string
  runner?: IptablesRunner
}): HostFirewall {
  const { mode, log } = opts
  const bin = opts.iptables ?? 'iptables'
  const runner = opts.runner ?? processRunner
  // iptables chain names are at most 28 characters.
  const chain = `SANDOCK-IN-${opts.instanceId.slice(0, 12)}`
  const forwardChain = `SANDOCK-FWD-${opts.instanceId.slice(0, 12)}`
  const t = iptablesOf(bin, runner, log)
  const { ipt, ok } = t
  let installed = false

  async function unavailable(): Promise<string | undefined> {
    if (process.getuid?.() !== 0) return 'not running as root'
    if (!(await ok('-S', 'INPUT'))) return `${bin} is not available`
    return undefined
  }

  return {
    chain,
    forwardChain,

    async install(interfaces, opts = {}) {
      if (mode === 'off') {
        log.warn('host firewall off (SANDOCK_FIREWALL=off): sandboxes can reach services on the host')
        return false
      }
      const why = await unavailable()
      if (why) {
        if (mode === 'on') throw new AppError('failed_precondition', `SANDOCK_FIREWALL=on but ${why}`)
        log.warn(
          { reason: why },
          'host firewall not installed: sandboxes can reach services on the host (see docs/security.md)',
        )
        return false
      }
      const wanted = new Set(interfaces)
      await installInputChain(t, chain, wanted, opts.gatewayPort)
      const forwardFrom = await installForwardFence(
        t,
        forwardChain,
        wanted,
        forwardFenceRuleset(forwardChain, [...wanted], opts),
      )
      installed = true
      log.info(
        {
          chain,
          forwardChain,
          forwardFrom,
          interfaces: [...wanted],
          dnsServers: opts.dnsServers ?? [],
          allowCidrs: opts.allowCidrs ?? [],
        },
        'host firewall installed',
      )
      return true
    },

    async remove(o = {}) {
      if (!installed) return
      installed = false
      if (o.keep) {
        log.info({ chain, forwardChain }, 'host firewall left in place: sandboxes outlive the server')
        return
      }
      try {
        for (const rule of await t.inputJumps(chain)) await ipt(...rule)
        await ipt('-F', chain)
        await ipt('-X', chain)
        for (const from of ['DOCKER-USER', 'FORWARD'])
          for (const rule of await t.jumpsIn(from, forwardChain)) await ipt(...rule)
        if (await ok('-F', forwardChain)) await ipt('-X', forwardChain)
        log.info({ chain, forwardChain }, 'host firewall removed')
      } catch (err) {
        log.warn({ err, chain }, 'host firewall removal failed')
      }
    },
  }
}
