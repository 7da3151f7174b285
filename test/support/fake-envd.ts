// An in-memory envd for the fast tier: implements the control plane's EnvdClient, records every
// /init and command per address, and answers metrics; a test can make an address never come up,
// an /init fail, or a command exit non-zero. The real envd is covered by its own unit tests and
// the Docker suites.
import { AppError } from '../../src/shared/errors.js'
import type { EnvdClient, EnvdInit, EnvdMetrics } from '../../src/node/envd-client/client.js'
import type { SandboxCommand, StartedCommand } from '../../src/node/envd-client/commands.js'

export class FakeEnvd implements EnvdClient {
  readonly inits: { ip: string; body: EnvdInit; currentToken: string | undefined }[] = []
  readonly started: { ip: string; token: string | undefined; cmd: string; tag: string }[] = []
  readonly runs: { ip: string; token: string | undefined; cmd: string }[] = []
  /** Addresses whose envd never answers. */
  readonly down = new Set<string>()
  /** Exit code of a command (by its text); 0 when not listed. */
  readonly exitCodes = new Map<string, number>()
  private failInits: (string | undefined)[] = []

  /** `journal`: where calls are noted (a FakeRuntime's, to see both in one order). */
  constructor(private readonly journal: string[] = []) {}

  /** The next /init (to `ip` only, when given) fails. */
  failNextInit(ip?: string): void {
    this.failInits.push(ip)
  }

  /** The last /init an address got (its env vars and token). */
  lastInit(ip: string): EnvdInit | undefined {
    return this.inits.filter((i) => i.ip === ip).at(-1)?.body
  }

  async waitUntilUp(ip: string, timeoutMs = 30_000) {
    this.journal.push(`envd up ${ip}`)
    if (this.down.has(ip))
      throw new AppError('unavailable', `envd in the sandbox did not become ready within ${timeoutMs} ms`)
  }

  async init(ip: string, body: EnvdInit, currentToken?: string) {
    const failing = this.failInits.findIndex((x) => x === undefined || x === ip)
    if (failing >= 0) {
      this.failInits.splice(failing, 1)
      throw new AppError('unavailable', 'envd /init failed: connection refused')
    }
    this.journal.push(`envd init ${ip}`)
    this.inits.push({ ip, body, currentToken })
  }

  async metrics(ip: string): Promise<EnvdMetrics> {
    if (this.down.has(ip)) throw new AppError('unavailable', 'envd /metrics answered 502')
    return {
      ts: Math.floor(Date.now() / 1000),
      cpu_count: 2,
      cpu_used_pct: 1.5,
      mem_total: 1024 << 20,
      mem_used: 64 << 20,
      mem_cache: 0,
      disk_used: 1 << 20,
      disk_total: 10 << 20,
    }
  }

  async start(ip: string, token: string | undefined, c: SandboxCommand, tag: string): Promise<StartedCommand> {
    this.started.push({ ip, token, cmd: c.cmd, tag })
    const code = this.exitCodes.get(c.cmd)
    return {
      pid: 100 + this.started.length,
      ended: () => (code === undefined ? undefined : { exitCode: code, output: 'start failed' }),
      detach: () => undefined,
    }
  }

  async run(ip: string, token: string | undefined, c: SandboxCommand): Promise<number> {
    this.runs.push({ ip, token, cmd: c.cmd })
    return this.exitCodes.get(c.cmd) ?? 0
  }
}
