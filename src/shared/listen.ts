// Starting a Node server on a port: the proxies, the domain listener and the agent's proxy all
// wait for it the same way.
import type { AddressInfo, Server } from 'node:net'

/** Listens on host:port (0: a free port); resolves with the port bound, rejects on a listen error. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      // Only the listen's own failure is ours: later errors go to the server's other listeners.
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}
