// What the sandbox service sees of the egress gateway: serve a sandbox at its address with its
// policy (gateway entry + host REDIRECT), stop serving an address, and the sandbox's CA for
// envd's /init. A server without the gateway (no root/iptables, or the fast tests) gets the
// disabled port: policies that need it are refused, everything else works as before.
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import { loadOrCreateSandboxCa, removeSandboxCa } from './ca.js'
import type { EgressGateway } from './gateway.js'
import { compilePolicy, hasTransforms, redirectModeOf, type NetworkPolicy } from './policy.js'
import type { RedirectChain } from './redirect-chain.js'
import type { LookupAll } from './validate.js'

export type EgressTarget = Readonly<{
  sandboxId: string
  ip: string
  egress: NetworkPolicy
  internet: boolean
  log: Logger
}>

export type EgressPort = Readonly<{
  /** The gateway's resolver (egressProxy hosts are validated with it). */
  lookupAll: LookupAll
  /** Serves the sandbox at its address when its policy needs the gateway, else stops serving that address. */
  apply(t: EgressTarget): Promise<void>
  /** The address is no longer the sandbox's (stopped or removed): not served, open connections cut. */
  release(ip: string): Promise<void>
  /** The sandbox's CA as PEM when its policy transforms headers (created on first use); else undefined. */
  caBundle(sandboxId: string, egress: NetworkPolicy): Promise<string | undefined>
  /** The sandbox is gone: its CA goes too. */
  forget(sandboxId: string): Promise<void>
}>

const UNAVAILABLE =
  'domain names in allowOut, network.rules and egressProxy need the egress gateway, which is not running on this server (it needs root with iptables on the host, see docs/network-and-egress.md)'

export function createEgressPort(o: {
  gateway: EgressGateway
  chain: RedirectChain
  caDir: string
  lookupAll: LookupAll
  available: () => boolean
}): EgressPort {
  return {
    lookupAll: o.lookupAll,
    async apply(t) {
      const mode = redirectModeOf(t.egress)
      if (!mode) {
        // Established connections survive a policy change (as upstream's); only new ones go direct.
        o.gateway.detach(t.ip, { cut: false })
        if (o.chain.has(t.ip)) await o.chain.set(t.ip, undefined)
        return
      }
      if (!o.available()) throw new AppError('failed_precondition', UNAVAILABLE)
      const ca = hasTransforms(t.egress) ? await loadOrCreateSandboxCa(o.caDir, t.sandboxId) : undefined
      o.gateway.attach(t.ip, {
        sandboxId: t.sandboxId,
        policy: compilePolicy(t.egress, { internet: t.internet }),
        ca,
        log: t.log,
      })
      try {
        await o.chain.set(t.ip, mode)
      } catch (e) {
        o.gateway.detach(t.ip)
        throw e
      }
    },
    async release(ip) {
      o.gateway.detach(ip)
      if (o.chain.has(ip)) await o.chain.set(ip, undefined)
    },
    async caBundle(sandboxId, egress) {
      return hasTransforms(egress) ? (await loadOrCreateSandboxCa(o.caDir, sandboxId)).certPem : undefined
    },
    forget: (sandboxId) => removeSandboxCa(o.caDir, sandboxId),
  }
}

/** No gateway: IP rules only; a policy that needs the gateway is a 400 naming why. */
export function disabledEgressPort(
  lookupAll: LookupAll = async (h) => Promise.reject(new Error(`cannot resolve ${h}`)),
): EgressPort {
  return {
    lookupAll,
    async apply(t) {
      if (redirectModeOf(t.egress)) throw new AppError('failed_precondition', UNAVAILABLE)
    },
    release: async () => undefined,
    caBundle: async () => undefined,
    forget: async () => undefined,
  }
}
