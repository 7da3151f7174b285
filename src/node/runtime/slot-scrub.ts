// A network slot's state, read and scrubbed from the host (network-slots.ts has the why). Few
// processes per scrub: one `nsenter` running `sh`, which runs only the tools whose work can be
// needed (the tables are restored only when iptables-save differs from the baseline, conntrack is
// flushed only when its count is not 0, TCP sockets are destroyed only when there are some the
// baseline lacks) and reads what needs a tool (iptables-save; `ip` once for the neighbour flush,
// addresses and routes; the conntrack count from the namespace's sysctl, with a shell builtin).
// Sockets are read by the server itself from the holder's /proc/<pid>/net. Whatever ran or not,
// every part must read as the baseline at the end, or the scrub fails.
import { spawn } from 'node:child_process'
import { readdir, readFile, readlink } from 'node:fs/promises'

/** The conntrack count, flushed first unless it is 0 (a builtin read of the namespace's sysctl). */
const CONNTRACK = [
  'read n < /proc/sys/net/netfilter/nf_conntrack_count',
  '[ "$n" = 0 ] || conntrack -F >/dev/null 2>&1 || { echo "@@failed conntrack -F"; exit 0; }',
  'read n < /proc/sys/net/netfilter/nf_conntrack_count; echo @@conntrack; echo "$n"',
].join('\n')

/** Addresses and routes (one `ip` process; `neigh flush all` first when `flush`). */
const ip = (flush: boolean) =>
  `echo @@ip; ip -o -force -batch - 2>&1 <<'EOF'\n${flush ? 'neigh flush all\n' : ''}addr\nroute\nEOF`

/** What is read back from a namespace when its slot is made: sections separated by `@@name` lines. */
export const READ_STATE = ['echo @@iptables; iptables-save 2>&1', CONNTRACK, ip(false)].join('\n')

/** The scrub, in the namespace: `killTcp` when TCP sockets the baseline lacks are left. */
export const scrubScript = (killTcp: boolean) =>
  [
    CONNTRACK,
    killTcp ? "ss -K -t state all '( ! src 127.0.0.11 )' >/dev/null 2>&1" : '',
    ip(true),
    'echo @@iptables; iptables-save 2>&1',
  ]
    .filter(Boolean)
    .join('\n')

/** Only when the tables read differ from the baseline: restored from stdin and read again. */
export const RESTORE = [
  'iptables-restore -w 5 || { echo "@@failed iptables-restore"; exit 0; }',
  'echo @@iptables; iptables-save 2>&1',
].join('\n')

/** One state read as comparable text per section (counters, comments and queue sizes dropped). */
export function parseState(out: string): Record<string, string> {
  const sections: Record<string, string[]> = {}
  let at = ''
  for (const line of out.split('\n')) {
    if (line.startsWith('@@')) sections[(at = line.slice(2).trim())] ??= []
    else if (line.trim() && at) sections[at]!.push(line)
  }
  const norm: Record<string, (l: string) => string | undefined> = {
    iptables: (l) => (l.startsWith('#') ? undefined : l.replace(/\[\d+:\d+\]/g, '[0:0]').trim()),
    ip: (l) => l.replace(/\s+/g, ' ').trim(),
  }
  const out2: Record<string, string> = {}
  for (const [k, lines] of Object.entries(sections)) {
    const f = norm[k] ?? ((l: string) => l.trim())
    const kept = lines.map(f).filter((l): l is string => l !== undefined)
    out2[k] = (k === 'iptables' ? kept : kept.sort()).join('\n')
  }
  return out2
}

/** The tables to restore: iptables-save's output without its comment lines (counters kept as saved). */
export const restorable = (saved: string) =>
  `${saved
    .split('\n')
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('@@'))
    .join('\n')}\n`

const INET = ['tcp', 'tcp6', 'udp', 'udp6', 'raw', 'raw6']

/**
 * The namespace's sockets (what `ss -tuaxw` lists), from /proc/<pid>/net: per internet socket
 * its kind, local and remote address and state (`tcp` lines first); per unix socket its flags,
 * type, state and path. Queues, timers and inodes are dropped.
 */
export async function socketsOf(procRoot: string, pid: number): Promise<string> {
  const read = (f: string) => readFile(`${procRoot}/${pid}/net/${f}`, 'utf8').catch(() => '')
  const lines: string[] = []
  for (const kind of INET)
    for (const l of (await read(kind)).split('\n').slice(1)) {
      const f = l.trim().split(/\s+/)
      if (f.length >= 4) lines.push(`${kind} ${f[1]} ${f[2]} ${f[3]}`)
    }
  for (const l of (await read('unix')).split('\n').slice(1)) {
    const f = l.trim().split(/\s+/)
    if (f.length >= 7) lines.push(`unix ${f[3]} ${f[4]} ${f[5]} ${f.slice(7).join(' ')}`.trim())
  }
  return lines.sort().join('\n')
}

/** The TCP part of a socket list. */
export const tcpOf = (sockets: string) =>
  sockets
    .split('\n')
    .filter((l) => l.startsWith('tcp'))
    .join('\n')

export function inNamespace(nsPath: string, script: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('nsenter', [`--net=${nsPath}`, 'sh', '-c', script], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 15_000,
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-2000)))
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`nsenter: exit code ${code}: ${err.trim()}`)),
    )
    child.stdin.on('error', () => undefined)
    child.stdin.end(input)
  })
}

/** Processes (other than `except`) whose network namespace is `nsLink` (`net:[inode]`). */
export async function processesIn(procRoot: string, nsLink: string, except: number): Promise<number[]> {
  const found: number[] = []
  for (const name of await readdir(procRoot)) {
    const pid = Number(name)
    if (!Number.isInteger(pid) || pid === except) continue
    const link = await readlink(`${procRoot}/${pid}/ns/net`).catch(() => undefined)
    if (link === nsLink) found.push(pid)
  }
  return found
}

/** A process's start time (clock ticks since boot): with its pid, it names one process for good. */
export async function startTimeOf(procRoot: string, pid: number): Promise<string | undefined> {
  const stat = await readFile(`${procRoot}/${pid}/stat`, 'utf8').catch(() => undefined)
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
}
