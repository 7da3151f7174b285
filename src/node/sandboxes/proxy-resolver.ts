// What the proxy asks of this node's sandboxes: where one is (and whether it may auto-resume),
// resuming it for traffic, and tracking the connections a kill or pause must cut.
import type { SandboxContext } from './context.js'
import type { Lifecycle } from './lifecycle.js'
import type { ProxyResolver } from './types.js'

export function createProxyResolver(
  { registry }: SandboxContext,
  lifecycle: Pick<Lifecycle, 'resumePaused'>,
): ProxyResolver {
  return {
    lookup(sandboxId) {
      const r = registry.find(sandboxId)
      // compat: only memory pauses auto-resume; a filesystem-only pause stays a 502.
      return (
        r && {
          sandboxId,
          state: r.state,
          ip: r.ip,
          autoResume: r.autoResume && r.memoryKept,
          trafficAccessToken: r.trafficAccessToken,
          envdAccessToken: r.envdAccessToken,
          ingress: r.ingress,
        }
      )
    },
    async resume(sandboxId) {
      const r = registry.get(sandboxId)
      if (r.state === 'running' && !r.inFlight) return
      // compat: auto-resume uses the create-time timeout, not a later setTimeout value. A resume
      // in flight (connect, another request) is joined: its turn finds the sandbox running.
      await lifecycle.resumePaused(sandboxId, Math.ceil(r.timeoutMs / 1000))
      r.log.info({}, 'sandbox auto-resumed by traffic')
    },
    track(sandboxId, close) {
      const r = registry.find(sandboxId)
      if (!r) {
        close()
        return () => undefined
      }
      r.connections.add(close)
      return () => r.connections.delete(close)
    },
  }
}
