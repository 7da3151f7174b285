// The DNS servers a sandbox may still reach on port 53: the host's own (Docker's embedded DNS in
// each sandbox forwards to them), and what the forward fence keeps open for them.
import { readFile } from 'node:fs/promises'
import { isIPv4 } from 'node:net'

/**
 * The host's IPv4 resolvers (Docker's embedded DNS forwards to these); loopback ones are useless
 * from a sandbox. With only a loopback stub (systemd-resolved's 127.0.0.53), Docker forwards to the
 * stub's upstreams, listed in /run/systemd/resolve/resolv.conf.
 */
export async function hostResolvers(
  files = ['/etc/resolv.conf', '/run/systemd/resolve/resolv.conf'],
): Promise<string[]> {
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => '')
    const found = [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)]
      .map((m) => m[1]!)
      .filter((ip) => isIPv4(ip) && !ip.startsWith('127.'))
    if (found.length > 0) return found
  }
  return []
}

/** Resolvers the forward fence lets sandboxes query on port 53: the host's (Docker's embedded DNS forwards there) and SANDOCK_EGRESS_DNS's. */
export const fenceDnsServers = (host: readonly string[], configured: readonly string[] | undefined): string[] => [
  ...new Set([...host, ...(configured ?? [])]),
]
