// The host side of the gateway: one nat chain per server instance (SANDOCK-EG-<instance>), jumped
// to from PREROUTING for the sandbox bridge, with one REDIRECT per sandbox that has a gateway
// policy: its source address, TCP to ports 80 and 443 (all TCP with an egress proxy), to the
// gateway's port. The sandbox cannot touch it (no NET_ADMIN, and it is not in its namespace).
// Replaced atomically with iptables-restore, so a change never opens a window where traffic
// would go out unredirected; left in place at shutdown (redirected traffic then meets a closed
// port: fail closed) unless no sandbox needs it.
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'

const run = promisify(execFile)

export type RedirectMode = 'web' | 'all'

export type RedirectChain = Readonly<{
  chain: string
  /** Creates the chain and its PREROUTING jump (idempotent) and loads what set() recorded so far as its whole content. */
  install(gatewayPort: number): Promise<void>
  /** Redirects `ip` (mode) or stops redirecting it (undefined). No iptables call when nothing changes. */
  set(ip: string, mode: RedirectMode | undefined): Promise<void>
  has(ip: string): boolean
  /** At shutdown: removes the chain only when no sandbox is redirected (otherwise it keeps failing closed). */
  release(): Promise<void>
}>

export function createRedirectChain(opts: {
  instanceId: string
  bridge: string
  log: Logger
  iptables?: string
}): RedirectChain {
  const bin = opts.iptables ?? 'iptables'
  // iptables chain names are at most 28 characters.
  const chain = `SANDOCK-EG-${opts.instanceId.slice(0, 12)}`
  const rules = new Map<string, RedirectMode>()
  let port = 0
  let installed = false
  let queue: Promise<unknown> = Promise.resolve()
  const ipt = async (...args: string[]) => (await run(bin, ['-w', '5', ...args])).stdout
  const ok = (...args: string[]) =>
    ipt(...args).then(
      () => true,
      () => false,
    )

  function ruleLines(): string[] {
    const lines: string[] = []
    for (const [ip, mode] of rules) {
      const ports = mode === 'web' ? ['-m', 'multiport', '--dports', '80,443'] : []
      lines.push(
        ['-A', chain, '-s', `${ip}/32`, '-p', 'tcp', ...ports, '-j', 'REDIRECT', '--to-ports', String(port)].join(' '),
      )
    }
    return lines
  }

  /** Replaces the chain's content in one transaction (`:chain - [0:0]` flushes it inside the commit). */
  async function load(): Promise<void> {
    const text = ['*nat', `:${chain} - [0:0]`, ...ruleLines(), 'COMMIT', ''].join('\n')
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(`${bin}-restore`, ['-w', '5', '--noflush'], { stdio: ['pipe', 'ignore', 'pipe'] })
      let err = ''
      child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')))
      child.once('error', (e) => resolve({ code: null, stderr: e.message }))
      child.once('close', (c) => resolve({ code: c, stderr: err }))
      child.stdin.on('error', () => undefined)
      child.stdin.end(text)
    })
    if (code !== 0) {
      throw new AppError(
        'internal',
        `the egress gateway's redirect rules could not be loaded (${bin}-restore: ${stderr.trim() || `exit code ${code}`}); the server needs root on the host with iptables`,
      )
    }
  }

  /** One change at a time, in call order. */
  function serially<T>(fn: () => Promise<T>): Promise<T> {
    const next = queue.then(fn, fn)
    queue = next.catch(() => undefined)
    return next
  }

  return {
    chain,
    install(gatewayPort) {
      return serially(async () => {
        port = gatewayPort
        if (!(await ok('-t', 'nat', '-S', chain))) await ipt('-t', 'nat', '-N', chain)
        await load()
        const jump = ['PREROUTING', '-i', opts.bridge, '-p', 'tcp', '-j', chain]
        if (!(await ok('-t', 'nat', '-C', ...jump))) await ipt('-t', 'nat', '-I', ...jump)
        installed = true
        opts.log.info({ chain, bridge: opts.bridge, port, sandboxes: rules.size }, 'egress redirect chain installed')
      })
    },
    set(ip, mode) {
      return serially(async () => {
        if (rules.get(ip) === mode) return
        const before = rules.get(ip)
        if (mode) rules.set(ip, mode)
        else rules.delete(ip)
        // Before install() (a restart's recovery), only recorded: install() loads them all at once.
        if (!installed) return
        try {
          await load()
        } catch (e) {
          if (before) rules.set(ip, before)
          else rules.delete(ip)
          throw e
        }
      })
    },
    has: (ip) => rules.has(ip),
    release() {
      return serially(async () => {
        if (!installed || rules.size > 0) return
        installed = false
        try {
          const jump = ['PREROUTING', '-i', opts.bridge, '-p', 'tcp', '-j', chain]
          while (await ok('-t', 'nat', '-D', ...jump));
          await ipt('-t', 'nat', '-F', chain)
          await ipt('-t', 'nat', '-X', chain)
        } catch (err) {
          opts.log.warn({ err, chain }, 'egress redirect chain removal failed')
        }
      })
    },
  }
}
