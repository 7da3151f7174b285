// The host's own IPv4 addresses as the kernel sees them, for the egress gateway's dial check (a
// sandbox must not reach the host through the gateway, on any address: the host firewall guards
// only what comes in from the bridges). Every LOCAL route of the routing tables in
// /proc/net/fib_trie: each interface's addresses (a bridge without carrier included, which
// os.networkInterfaces() leaves out) and whole prefixes routed to lo (`ip route add local
// 198.51.100.0/24 dev lo`). Re-read at most every `ttlMs`; os.networkInterfaces() where there is
// no /proc (not Linux).
import { readFileSync } from 'node:fs'
import { BlockList, isIPv4 } from 'node:net'
import { networkInterfaces } from 'node:os'

/** `ip/len` of every `LOCAL` entry of /proc/net/fib_trie's text. */
export function parseFibTrieLocal(text: string): string[] {
  const out = new Set<string>()
  let ip: string | undefined
  for (const line of text.split('\n')) {
    const leaf = /^\s*\|--\s+(\d+\.\d+\.\d+\.\d+)\s*$/.exec(line)
    if (leaf) {
      ip = leaf[1]
      continue
    }
    const entry = /^\s*\/(\d+)\s+\S+\s+(\S+)/.exec(line)
    if (entry && ip && entry[2] === 'LOCAL') out.add(`${ip}/${entry[1]}`)
  }
  return [...out]
}

export type HostAddresses = Readonly<{ isHostAddress(ip: string): boolean }>

export function createHostAddresses(o: { ttlMs?: number; read?: () => string | undefined } = {}): HostAddresses {
  const ttlMs = o.ttlMs ?? 1000
  const read =
    o.read ??
    (() => {
      try {
        return readFileSync('/proc/net/fib_trie', 'utf8')
      } catch {
        return undefined
      }
    })
  let list: BlockList | undefined
  let at = 0
  function current(): BlockList {
    if (list && Date.now() - at < ttlMs) return list
    const next = new BlockList()
    const text = read()
    const cidrs =
      text !== undefined
        ? parseFibTrieLocal(text)
        : Object.values(networkInterfaces())
            .flat()
            .filter((a) => a?.family === 'IPv4')
            .map((a) => `${a!.address}/32`)
    for (const c of cidrs) {
      const [ip, len] = c.split('/')
      next.addSubnet(ip!, Number(len), 'ipv4')
    }
    list = next
    at = Date.now()
    return list
  }
  return { isHostAddress: (ip) => isIPv4(ip) && current().check(ip, 'ipv4') }
}
