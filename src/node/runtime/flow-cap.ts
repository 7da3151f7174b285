// The per-sandbox cap on tracked flows. The kernel's connection-tracking table is one for the
// host: a sandbox's namespace holds entries up to the host's `nf_conntrack_max` (262,144 here,
// ~67 MB of kernel memory charged to no container; a UDP loop fills it in about 2 s), and every
// flow that leaves the sandbox takes a second entry in the host's own namespace, the one the API,
// the proxy and the host's services need. So, loaded into each sandbox's network namespace when
// its container starts (pooled, cold, forked, rebooted sandboxes and build containers alike):
// - raw: loopback is not tracked (a local load test or a loopback flood holds no entry), except
//   Docker's embedded DNS on 127.0.0.11, which needs its NAT;
// - mangle: a new flow leaving the sandbox past `maxFlows` tracked ones is dropped before its
//   entry is confirmed, so the sender gets EPERM and neither table grows.
// Only the raw and mangle tables: a sandbox's egress rules (its filter table) are loaded and
// replaced on their own without touching these. The sandbox has no NET_ADMIN to change them.
import type Docker from 'dockerode'
import { loadNetnsRuleset } from './netns-firewall.js'

/** The ruleset for `iptables-restore` in a sandbox's namespace. */
export function flowCapRuleset(maxFlows: number): string {
  return [
    '*raw',
    ':PREROUTING ACCEPT [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    '-A OUTPUT -o lo -d 127.0.0.11/32 -j RETURN',
    '-A OUTPUT -o lo -s 127.0.0.11/32 -j RETURN',
    '-A OUTPUT -o lo -j CT --notrack',
    'COMMIT',
    '*mangle',
    ':PREROUTING ACCEPT [0:0]',
    ':INPUT ACCEPT [0:0]',
    ':FORWARD ACCEPT [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    ':POSTROUTING ACCEPT [0:0]',
    `-A OUTPUT ! -o lo -m conntrack --ctstate NEW -m connlimit --connlimit-above ${maxFlows} --connlimit-mask 0 -j DROP`,
    'COMMIT',
    '',
  ].join('\n')
}

/** Set once the host firewall is in place (it needs the same rights); 0 = no cap. Shared by the runtime's parts. */
export type FlowCap = { maxFlows: number }

/**
 * Loads the cap into the namespace of a container just started (`pid`: its process). A container
 * whose process has already ended has no namespace left to cap: that is not this step's failure
 * (the start's own checks report why it ended), so only a still-running container's error counts.
 */
export async function capFlowsOf(
  container: Pick<Docker.Container, 'inspect'>,
  pid: number,
  cap: FlowCap | undefined,
  procRoot: string | undefined,
): Promise<void> {
  const max = cap?.maxFlows ?? 0
  if (max <= 0 || !pid) return
  try {
    await loadNetnsRuleset(pid, flowCapRuleset(max), { procRoot, what: 'the flow cap' })
  } catch (e) {
    const running = await container.inspect().then(
      (i) => i.State.Running && i.State.Pid === pid,
      () => false,
    )
    if (running) throw e
  }
}
