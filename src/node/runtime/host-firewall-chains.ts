// The host firewall's iptables work, each part named: the commands it runs (iptables, one
// `iptables-restore` transaction), finding the jumps to a chain, removing a dead server's chains
// from our bridges, and installing the two chains (host-firewall.ts says what each one fences).
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'

/** How the firewall runs `iptables` and `iptables-restore` (tests pass an in-process fake). */
export type IptablesRunner = Readonly<{
  /** Runs `file` with `args`: its stdout, or a rejection when it fails or exits non-zero. */
  run(file: string, args: readonly string[]): Promise<string>
  /** Runs `file` with `args`, `input` on its stdin: its exit code (null when it did not start) and stderr. */
  feed(file: string, args: readonly string[], input: string): Promise<{ code: number | null; stderr: string }>
}>

export type Iptables = ReturnType<typeof iptablesOf>

/** `iptables` through `runner`, and the lookups and clean-ups the firewall's verbs share. */
export function iptablesOf(bin: string, runner: IptablesRunner, log: Logger) {
  const ipt = (...args: string[]) => runner.run(bin, ['-w', '5', ...args])
  const ok = (...args: string[]) =>
    ipt(...args).then(
      () => true,
      () => false,
    )

  /** Loads a ruleset with `iptables-restore --noflush` (one transaction). */
  async function restore(text: string): Promise<void> {
    const { code, stderr } = await runner.feed(`${bin}-restore`, ['-w', '5', '--noflush'], text)
    if (code !== 0)
      throw new AppError(
        'internal',
        `the host firewall's forward chain could not be loaded (${bin}-restore: ${stderr.trim() || `exit code ${code}`})`,
      )
  }

  /** Every jump to `target` from `from`, as `-D` arguments (none when `from` cannot be listed). */
  async function jumpsIn(from: string, target: string): Promise<string[][]> {
    const rules = (await ipt('-S', from).catch(() => '')).split('\n')
    return rules
      .filter((r) => r.startsWith(`-A ${from} `) && r.split(' ').includes(target))
      .map((r) => ['-D', ...r.split(' ').slice(1)])
  }

  /** Every INPUT rule jumping to `chain`, as `-D` arguments (throws when INPUT cannot be listed). */
  async function inputJumps(chain: string): Promise<string[][]> {
    const rules = (await ipt('-S', 'INPUT')).split('\n')
    return rules
      .filter((r) => r.startsWith('-A INPUT ') && r.split(' ').includes(chain))
      .map((r) => ['-D', ...r.split(' ').slice(1)])
  }

  /**
   * Another instance's chain jumped to from our bridges: left by a server that was killed (no
   * shutdown ran) and whose data dir is gone, since a bridge belongs to one server. Its jumps
   * go, and the chain with them once nothing jumps to it any more.
   */
  async function removeForeignChains(ours: ReadonlySet<string>, from: string, prefix: string, mine: string) {
    const stale = new Set<string>()
    for (const r of (await ipt('-S', from)).split('\n')) {
      const parts = r.split(' ')
      const at = (flag: string) => (parts.indexOf(flag) > 0 ? parts[parts.indexOf(flag) + 1] : undefined)
      const target = at('-j')
      const iface = at('-i')
      if (r.startsWith(`-A ${from} `) && target?.startsWith(prefix) && target !== mine && iface && ours.has(iface)) {
        await ipt('-D', ...parts.slice(1))
        stale.add(target)
      }
    }
    const left = await ipt('-S', from)
    for (const other of stale) {
      if (left.split('\n').some((r) => r.split(' ').includes(other))) continue
      if (await ok('-F', other)) await ok('-X', other)
      log.info({ chain: other }, "a dead server's firewall chain removed")
    }
  }

  return { ipt, ok, restore, jumpsIn, inputJumps, removeForeignChains }
}

/** The input chain, filled afresh and jumped to from INPUT for exactly `wanted`'s bridges. */
export async function installInputChain(
  t: Iptables,
  chain: string,
  wanted: ReadonlySet<string>,
  gatewayPort: number | undefined,
): Promise<void> {
  const { ipt, ok } = t
  if (!(await ok('-S', chain))) await ipt('-N', chain)
  await ipt('-F', chain)
  // Replies to connections the host opened (proxy and control plane → envd) pass.
  await ipt('-A', chain, '-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'RETURN')
  // The one way in: connections the host redirected to the egress gateway (a sandbox that
  // dials the gateway's port itself is not DNAT'ed and meets the reject below).
  if (gatewayPort)
    await ipt(
      '-A',
      chain,
      '-p',
      'tcp',
      '--dport',
      String(gatewayPort),
      '-m',
      'conntrack',
      '--ctstate',
      'DNAT',
      '-j',
      'RETURN',
    )
  // Refuse quickly (a reset, not a timeout), so clients fail fast and nothing hangs.
  await ipt('-A', chain, '-p', 'tcp', '-j', 'REJECT', '--reject-with', 'tcp-reset')
  await ipt('-A', chain, '-j', 'REJECT')
  for (const rule of await t.inputJumps(chain)) {
    const iface = rule[rule.indexOf('-i') + 1]
    if (!iface || !wanted.has(iface)) await ipt(...rule)
  }
  for (const iface of wanted) {
    if (!(await ok('-C', 'INPUT', '-i', iface, '-j', chain))) await ipt('-I', 'INPUT', '1', '-i', iface, '-j', chain)
  }
  await t.removeForeignChains(wanted, 'INPUT', 'SANDOCK-IN-', chain)
}

/**
 * The forward fence (`ruleset`, forwardFenceRuleset's): loaded in one transaction, then jumped to (before Docker's accepts) from
 * DOCKER-USER, which Docker keeps ahead of its own accepts, or FORWARD without it. Resolves with
 * the chain it is jumped to from.
 */
export async function installForwardFence(
  t: Iptables,
  forwardChain: string,
  wanted: ReadonlySet<string>,
  ruleset: string,
): Promise<string> {
  const { ipt, ok } = t
  await t.restore(ruleset)
  const forwardFrom = (await ok('-S', 'DOCKER-USER')) ? 'DOCKER-USER' : 'FORWARD'
  for (const from of ['DOCKER-USER', 'FORWARD']) {
    for (const rule of await t.jumpsIn(from, forwardChain)) {
      const iface = rule[rule.indexOf('-i') + 1]
      if (from !== forwardFrom || !iface || !wanted.has(iface)) await ipt(...rule)
    }
  }
  for (const iface of wanted) {
    if (!(await ok('-C', forwardFrom, '-i', iface, '-j', forwardChain)))
      await ipt('-I', forwardFrom, '1', '-i', iface, '-j', forwardChain)
  }
  await t.removeForeignChains(wanted, forwardFrom, 'SANDOCK-FWD-', forwardChain)
  return forwardFrom
}
