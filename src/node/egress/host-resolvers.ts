// The DNS servers a sandbox with egress rules may still reach on port 53: the host's own.
import { readFile } from 'node:fs/promises'
import { isIPv4 } from 'node:net'

/** The host's IPv4 resolvers (Docker's embedded DNS forwards to these); loopback ones are useless from a sandbox. */
export async function hostResolvers(): Promise<string[]> {
  const text = await readFile('/etc/resolv.conf', 'utf8').catch(() => '')
  return [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)].map((m) => m[1]!).filter((ip) => isIPv4(ip) && !ip.startsWith('127.'))
}
