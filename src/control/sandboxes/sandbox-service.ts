// Sandbox lifecycle on top of the runtime: create, kill, timeouts, pause/resume, re-attach at boot.
import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Logger } from 'pino'
import { AppError, NotFoundError, RateLimitedError } from '../../shared/errors.js'
import { limiter } from '../../shared/limiter.js'
import { ENVD_VERSION } from '../../shared/envd.js'
import { newSandboxId } from '../../shared/ids.js'
import type { ContainerSpec, ManagedContainer, SandboxRuntime } from '../runtime/types.js'
import type { ResolvedTemplate, TemplateResolver } from '../templates/template-resolver.js'
import type { BuildRuntimeConfig } from '../templates/template-store.js'
import { NO_EGRESS_RULES, buildEgressRuleset, hasEgressRules, validateEgress, type EgressRequest, type EgressRules } from './egress.js'
import { fetchEnvdMetrics, initEnvd, waitForEnvd, type EnvdMetrics } from '../envd/client.js'
import { runInSandbox, startInSandbox, waitUntilReady } from '../envd/commands.js'
import { listPage, type ListFilter } from './list-query.js'
import { SandboxStore, type SandboxMetric, type SandboxRecord } from './sandbox-store.js'
import type { SnapshotInfo, SnapshotService } from './snapshots.js'
import type { LifecycleOnTimeout, ProxyResolver, Sandbox, SandboxSpec } from './types.js'
import { createWarmPool, type PoolEntry } from './warm-pool.js'

export type CreateSandboxRequest = {
  templateRef: string
  timeoutS: number | undefined
  metadata: Record<string, string>
  envVars: Record<string, string>
  secure: boolean
  allowPublicTraffic: boolean
  allowInternetAccess: boolean
  onTimeout: LifecycleOnTimeout
  autoResume: boolean
  /** network.allowOut/denyOut (and the unsupported egressProxy/rules), validated here. */
  egress: EgressRequest
}

/** `PUT /sandboxes/{id}/network`: replaces the egress rules; allowInternetAccess undefined keeps it. */
export type NetworkUpdate = EgressRequest & { allowInternetAccess: boolean | undefined }

export type SandboxServiceDeps = Readonly<{
  runtime: SandboxRuntime
  templates: TemplateResolver
  snapshots: SnapshotService
  envdToken: (sandboxId: string) => string
  trafficToken: (sandboxId: string) => string
  log: Logger
  dataDir: string
  network: string
  internalNetwork: string
  defaultTimeoutS: number
  maxTimeoutS: number
  pidsLimit: number
  maxSandboxes: number
  metricsIntervalMs: number
  /** How long a sandbox stays paused with memory before it is stopped filesystem-only. */
  pausedRetentionMs: number
  /** How long a create waits for a template's ready command. */
  readyTimeoutMs: number
  /** Docker runtime of sandbox containers (`runc`, `runsc`). */
  containerRuntime: string
  /**
   * Sandboxes run under gVisor: each boot gets its own /proc/sys/kernel/random/boot_id (a bind
   * mount, which gVisor allows and runc does not), and /tmp goes on a volume so it survives a
   * reboot (gVisor would otherwise put an in-memory tmpfs there).
   */
  gvisor: boolean
  /** Resolvers a sandbox with egress rules may still reach on port 53. */
  egressDnsServers: readonly string[]
  /** Warm pool target per template reference; 0 or absent = every create cold-starts. */
  poolSizes: Readonly<Record<string, number>>
}>

const METRICS_KEPT = 720
/** The pool refill starts only this long after the last create ended. */
const REFILL_QUIET_MS = 250
/**
 * Container boots (Docker create/start, then envd's Node start) run at most this many at once; the
 * rest queue. 50 at once on 2 cores finish all together after ~20 s; in turn, the first are ready
 * within a second and the last no later.
 */
const CONCURRENT_BOOTS = 4
const MAX_TIMER_MS = 2 ** 31 - 1

export class SandboxNotFoundError extends NotFoundError {
  constructor(readonly sandboxId: string) {
    super(`Sandbox "${sandboxId}" doesn't exist or you don't have access to it`)
  }
}

function toMetric(m: EnvdMetrics): SandboxMetric {
  return {
    timestamp: new Date(m.ts * 1000).toISOString(), timestampUnix: m.ts, cpuCount: m.cpu_count, cpuUsedPct: m.cpu_used_pct,
    memUsed: m.mem_used, memTotal: m.mem_total, memCache: m.mem_cache, diskUsed: m.disk_used, diskTotal: m.disk_total,
  }
}

/** A built template's start command, left running, then its ready command until it succeeds. */
async function startTemplateCommand(ip: string, token: string | undefined, config: BuildRuntimeConfig, readyTimeoutMs: number): Promise<void> {
  const cmd = (c: string) => ({ cmd: c, user: config.user, cwd: config.workdir, envs: {}, shell: config.shell })
  const started = await startInSandbox(ip, token, cmd(config.startCmd!), 'start-cmd')
  try {
    if (config.readyCmd) await waitUntilReady(ip, token, cmd(config.readyCmd), { timeoutMs: readyTimeoutMs, maxIntervalMs: 250, startedBy: started })
  } finally {
    started.detach()
  }
}

export function createSandboxService(deps: SandboxServiceDeps) {
  const store = new SandboxStore(deps.dataDir)
  const log = deps.log
  let pending = 0
  let lastCreateAt = -Infinity
  const boots = limiter(CONCURRENT_BOOTS)
  let sampler: NodeJS.Timeout | undefined

  const get = (sandboxId: string): SandboxRecord => {
    const r = store.records.get(sandboxId)
    if (!r) throw new SandboxNotFoundError(sandboxId)
    return r
  }
  const clampTimeoutMs = (s: number) => Math.min(Math.max(0, s), deps.maxTimeoutS) * 1000
  const bootIdDir = resolve(deps.dataDir, 'boot-ids')
  const networkOf = (r: { allowInternetAccess: boolean }) => (r.allowInternetAccess ? deps.network : deps.internalNetwork)

  /** A fresh boot id for the sandbox's next boot; the file is bind-mounted over the kernel's. */
  async function newBootId(sandboxId: string): Promise<string | undefined> {
    if (!deps.gvisor) return undefined
    const file = join(bootIdDir, sandboxId)
    // Written in place (same inode) so the bind mount of a stopped container sees the new value.
    await writeFile(file, `${randomUUID()}\n`, { mode: 0o644 })
    return file
  }

  /**
   * Loads the sandbox's egress rules into its network namespace. `force` also loads an empty
   * ruleset (to lift old rules). Resolves false when the container is stopped (applied at boot).
   * A sandbox on the internal network has no route out anyway, so no-internet needs no rule there.
   */
  async function applyFirewall(r: Pick<Sandbox, 'containerId' | 'egress' | 'internetAccess' | 'allowInternetAccess'>, opts: { force?: boolean } = {}): Promise<boolean> {
    const internet = r.internetAccess || !r.allowInternetAccess
    if (!opts.force && !hasEgressRules(r.egress, internet)) return false
    return deps.runtime.setFirewall(r.containerId, buildEgressRuleset(r.egress, { internet, dnsServers: deps.egressDnsServers }))
  }

  /** Runs `fn` after any transition in flight on the same sandbox. */
  async function serially<T>(record: SandboxRecord, fn: () => Promise<T>): Promise<T> {
    const before = record.transition ?? Promise.resolve()
    const run = before.catch(() => undefined).then(fn)
    record.transition = run
    try {
      return await run
    } finally {
      if (record.transition === run) record.transition = undefined
    }
  }

  function schedule(record: SandboxRecord): void {
    clearTimeout(record.timer)
    record.timer = undefined
    if (record.state === 'paused') {
      // Memory is the scarce thing: after the retention a frozen sandbox is stopped, never deleted.
      if (!record.memoryKept || !record.pausedAt) return
      const ms = Math.max(0, record.pausedAt.getTime() + deps.pausedRetentionMs - Date.now())
      record.timer = setTimeout(() => {
        record.log.info({}, 'paused retention reached: keeping the filesystem only')
        dropMemory(record.sandboxId).catch((err: unknown) => record.log.error({ err }, 'stopping a paused sandbox failed'))
      }, Math.min(ms, MAX_TIMER_MS))
      record.timer.unref()
      return
    }
    const ms = Math.max(0, record.endAt.getTime() - Date.now())
    record.timer = setTimeout(() => {
      if (Date.now() < record.endAt.getTime()) return schedule(record)
      record.log.info({ onTimeout: record.onTimeout }, 'sandbox timed out')
      const done = record.onTimeout === 'pause' ? pause(record.sandboxId, { memory: true }) : kill(record.sandboxId)
      done.catch((err: unknown) => record.log.error({ err }, 'sandbox expiry failed'))
    }, Math.min(ms, MAX_TIMER_MS))
    record.timer.unref()
  }

  async function sample(record: SandboxRecord): Promise<EnvdMetrics | undefined> {
    try {
      const m = await fetchEnvdMetrics(record.ip, record.envdAccessToken)
      record.metrics.push(toMetric(m))
      if (record.metrics.length > METRICS_KEPT) record.metrics.splice(0, record.metrics.length - METRICS_KEPT)
      return m
    } catch (err) {
      record.log.debug({ err }, 'metrics sample failed')
      return undefined
    }
  }

  function adopt(sandbox: Sandbox, persisted: Pick<SandboxRecord, 'envVars' | 'pausedAt' | 'memoryKept' | 'pooled'>): SandboxRecord {
    const record: SandboxRecord = {
      ...sandbox,
      ...persisted,
      log: log.child({ sandboxId: sandbox.sandboxId, templateId: sandbox.templateId }),
      timer: undefined, connections: new Set(), metrics: [], transition: undefined,
    }
    store.records.set(sandbox.sandboxId, record)
    schedule(record)
    return record
  }

  /** The labels and env of a sandbox container: the same for a cold start and a pool container. */
  function containerSpec(sandboxId: string, template: ResolvedTemplate, spec: SandboxSpec, bootIdFile: string | undefined, pool = false): ContainerSpec {
    return {
      sandbox: spec,
      pool,
      image: template.image,
      env: { E2B_SANDBOX_ID: sandboxId, E2B_TEMPLATE_ID: template.templateId },
      cpuCount: template.cpuCount,
      memoryMB: template.memoryMB,
      pidsLimit: deps.pidsLimit,
      network: networkOf(spec),
      runtime: deps.containerRuntime,
      bootIdFile,
      volumes: deps.gvisor ? [{ name: '', target: '/tmp' }] : [],
    }
  }

  /**
   * One pool container: started with a pre-assigned sandbox id and the template's defaults, envd
   * up with the template's env (no token yet), the start command ready. Removed on any failure.
   */
  async function bootPooled(template: ResolvedTemplate): Promise<PoolEntry> {
    const sandboxId = newSandboxId()
    const spec: SandboxSpec = {
      sandboxId, templateId: template.templateId, alias: template.alias, metadata: {}, timeoutMs: deps.defaultTimeoutS * 1000,
      onTimeout: 'kill', autoResume: false, secure: true, allowPublicTraffic: true, allowInternetAccess: true,
      cpuCount: template.cpuCount, memoryMB: template.memoryMB, startedAt: new Date(),
    }
    const { containerId, ip } = await deps.runtime.start(containerSpec(sandboxId, template, spec, await newBootId(sandboxId), true))
    try {
      await waitForEnvd(ip)
      const [first] = await Promise.all([
        fetchEnvdMetrics(ip, undefined).catch(() => undefined),
        initEnvd(ip, { envVars: { ...template.config?.envs } }),
      ])
      if (template.config?.startCmd) await startTemplateCommand(ip, undefined, template.config, deps.readyTimeoutMs)
      // One throwaway command warms envd's process path (first spawn, first stream), so the
      // sandbox's first command costs what every later one does. It ends before any claim.
      const c = template.config
      await runInSandbox(ip, undefined, { cmd: 'true', user: c?.user ?? 'root', cwd: c?.workdir, envs: {}, shell: c?.shell ?? '/bin/sh' }, { timeoutMs: 10_000 })
        .catch((err: unknown) => log.debug({ err }, 'pool warm-up command failed'))
      return { sandboxId, containerId, ip, templateId: template.templateId, image: template.image, diskSizeMB: first ? Math.round(first.disk_total / 1048576) : 0 }
    } catch (e) {
      await removeContainer({ sandboxId, containerId }).catch(() => undefined)
      throw e
    }
  }

  /** Removes a sandbox's container and what the host keeps for it (its gVisor boot id file). */
  async function removeContainer(c: Pick<PoolEntry, 'sandboxId' | 'containerId'>): Promise<void> {
    await deps.runtime.remove(c.containerId)
    if (deps.gvisor) await rm(join(bootIdDir, c.sandboxId), { force: true })
  }

  const pool = createWarmPool({
    sizes: deps.poolSizes,
    resolve: (ref) => deps.templates(ref),
    boot: bootPooled,
    discard: removeContainer,
    // A new sandbox's first commands follow its create at once: a refill booting a container
    // (Docker and a Node start, on the same cores) would slow them, so it waits a little longer.
    busy: () => pending > 0 || performance.now() - lastCreateAt < REFILL_QUIET_MS,
    log,
  })

  async function create(req: CreateSandboxRequest): Promise<SandboxRecord> {
    if (store.records.size + pending >= deps.maxSandboxes) {
      throw new RateLimitedError(`you have reached the maximum number of concurrent E2B sandboxes (${deps.maxSandboxes}). If you need more, please visit 'https://e2b.dev/docs/billing'`)
    }
    pending++
    try {
      const template = await deps.templates(req.templateRef)
      const timeoutS = req.timeoutS ?? deps.defaultTimeoutS
      if (timeoutS <= 0) throw new AppError('invalid_argument', 'timeout: Timeout must be greater than 0')
      if (timeoutS > deps.maxTimeoutS) throw new AppError('invalid_argument', `timeout: Timeout cannot be greater than ${deps.maxTimeoutS} seconds`)
      const egress = validateEgress(req.egress)
      const specFor = (sandboxId: string): SandboxSpec => ({
        sandboxId, templateId: template.templateId, alias: template.alias, metadata: req.metadata,
        timeoutMs: timeoutS * 1000, onTimeout: req.onTimeout, autoResume: req.autoResume, secure: req.secure,
        allowPublicTraffic: req.allowPublicTraffic, allowInternetAccess: req.allowInternetAccess, cpuCount: template.cpuCount, memoryMB: template.memoryMB,
        startedAt: new Date(),
      })
      // A built template's ENV steps come first; the create's envVars win.
      const envVars = { ...template.config?.envs, ...req.envVars }
      // Pool containers sit on the internet-enabled network without egress rules; anything else
      // changes the container, so it cold-starts (its rules are loaded before envd first answers).
      const entry = req.allowInternetAccess && !hasEgressRules(egress, true) ? pool.claim(template) : undefined
      if (entry) {
        try {
          return await fromPool(entry, specFor(entry.sandboxId), envVars, timeoutS)
        } catch (err) {
          log.warn({ err, sandboxId: entry.sandboxId }, 'claimed pool container failed; cold-starting instead')
        }
      }
      return await coldStart(template, specFor(newSandboxId()), envVars, timeoutS, egress)
    } finally {
      pending--
      lastCreateAt = performance.now()
    }
  }

  /** Personalises a claimed pool container: marked claimed first, then env vars and token via /init. */
  async function fromPool(entry: PoolEntry, spec: SandboxSpec, envVars: Record<string, string>, timeoutS: number): Promise<SandboxRecord> {
    const t0 = performance.now()
    const { sandboxId } = spec
    await store.markClaimed(sandboxId)
    const token = spec.secure ? deps.envdToken(sandboxId) : undefined
    try {
      await initEnvd(entry.ip, { envVars, accessToken: token })
    } catch (e) {
      await removeContainer(entry).then(() => store.unmarkClaimed(sandboxId), () => undefined)
      throw e
    }
    const record = adopt({
      ...spec, state: 'running', endAt: new Date(Date.now() + timeoutS * 1000), containerId: entry.containerId, ip: entry.ip,
      envdAccessToken: token, envdVersion: ENVD_VERSION, trafficAccessToken: spec.allowPublicTraffic ? undefined : deps.trafficToken(sandboxId),
      diskSizeMB: entry.diskSizeMB, egress: NO_EGRESS_RULES, internetAccess: true,
    }, { envVars, pausedAt: undefined, memoryKept: true, pooled: true })
    await store.save(record)
    record.log.info({ containerId: entry.containerId, ms: Math.round(performance.now() - t0), pooled: true }, 'sandbox created')
    return record
  }

  async function coldStart(template: ResolvedTemplate, spec: SandboxSpec, envVars: Record<string, string>, timeoutS: number, egress: EgressRules): Promise<SandboxRecord> {
    const { sandboxId } = spec
    const t0 = performance.now()
    let tStarted = t0
    let tEnvd = t0
    const { containerId, ip } = await boots(async () => {
      const started = await deps.runtime.start(containerSpec(sandboxId, template, spec, await newBootId(sandboxId)))
      tStarted = performance.now()
      try {
        // Before envd answers, so no user code runs without its rules.
        await applyFirewall({ containerId: started.containerId, egress, internetAccess: spec.allowInternetAccess, allowInternetAccess: spec.allowInternetAccess })
        await waitForEnvd(started.ip)
      } catch (e) {
        await removeContainer({ sandboxId, containerId: started.containerId }).catch(() => undefined)
        throw e
      }
      tEnvd = performance.now()
      return started
    })
    const token = spec.secure ? deps.envdToken(sandboxId) : undefined
    let first: EnvdMetrics | undefined
    try {
      ;[first] = await Promise.all([fetchEnvdMetrics(ip, undefined).catch(() => undefined), initEnvd(ip, { envVars, accessToken: token })])
      if (template.config?.startCmd) await startTemplateCommand(ip, token, template.config, deps.readyTimeoutMs)
    } catch (e) {
      await removeContainer({ sandboxId, containerId }).catch(() => undefined)
      throw e
    }
    // Boot time does not count against the timeout (as upstream re-stamps start after boot).
    const endAt = new Date(Date.now() + timeoutS * 1000)
    const record = adopt({
      ...spec, state: 'running', endAt, containerId, ip, envdAccessToken: token, envdVersion: ENVD_VERSION,
      trafficAccessToken: spec.allowPublicTraffic ? undefined : deps.trafficToken(sandboxId),
      diskSizeMB: first ? Math.round(first.disk_total / 1048576) : 0, egress, internetAccess: spec.allowInternetAccess,
    }, { envVars, pausedAt: undefined, memoryKept: true, pooled: false })
    await store.save(record)
    if (first) record.metrics.push(toMetric(first))
    const ms = (t: number) => Math.round(t - t0)
    // dockerMs and envdReadyMs include any wait for a boot slot (CONCURRENT_BOOTS).
    record.log.info({ containerId, ms: ms(performance.now()), dockerMs: ms(tStarted), envdReadyMs: ms(tEnvd), pooled: false }, 'sandbox created')
    return record
  }

  async function kill(sandboxId: string): Promise<void> {
    const record = get(sandboxId)
    await serially(record, async () => {
      if (!store.records.has(sandboxId)) throw new SandboxNotFoundError(sandboxId)
      clearTimeout(record.timer)
      // Forget first: the proxy answers 502 from now on, then in-flight streams are cut.
      await store.forget(sandboxId)
      store.cutConnections(record)
      // gVisor: a SIGKILL to a paused sandbox waits out Docker's 10 s kill timeout and may leave a
      // zombie Docker cannot remove; thaw it first (runc handles a paused container's kill itself).
      if (deps.gvisor && record.state === 'paused' && record.memoryKept) {
        await deps.runtime.unpause(record.containerId).catch((err: unknown) => record.log.warn({ err }, 'unpause before kill failed'))
      }
      await removeContainer(record)
      // Only now: had the removal failed, a restart would still know this container was used.
      if (record.pooled) await store.unmarkClaimed(sandboxId)
      record.log.info({}, 'sandbox killed')
    })
  }

  /** memory: freeze (processes and memory kept); false: stop, keeping the filesystem only. */
  async function pause(sandboxId: string, opts: { memory: boolean }): Promise<void> {
    const record = get(sandboxId)
    await serially(record, async () => {
      if (record.state === 'paused') throw new AppError('conflict', `Error pausing sandbox - sandbox '${sandboxId}' is already paused`)
      clearTimeout(record.timer)
      // Paused first, so the proxy refuses new traffic, then cut what is in flight.
      record.state = 'paused'
      store.cutConnections(record)
      try {
        if (opts.memory) await deps.runtime.pause(record.containerId)
        else await deps.runtime.stop(record.containerId)
      } catch (e) {
        record.state = 'running'
        schedule(record)
        throw e
      }
      record.pausedAt = new Date()
      record.memoryKept = opts.memory
      await store.save(record)
      schedule(record)
      record.log.info({ memory: opts.memory }, 'sandbox paused')
    })
  }

  /** A frozen sandbox past its retention becomes a stopped one (filesystem kept, memory freed). */
  async function dropMemory(sandboxId: string): Promise<void> {
    const record = get(sandboxId)
    await serially(record, async () => {
      if (record.state !== 'paused' || !record.memoryKept) return
      await deps.runtime.unpause(record.containerId)
      await deps.runtime.stop(record.containerId)
      record.memoryKept = false
      await store.save(record)
      schedule(record)
    })
  }

  /**
   * Resumes a paused sandbox with a fresh deadline: unfreezes it, or — when it was paused without
   * memory or `reboot` is asked — boots it again and re-sends its env vars and token to envd.
   * Throws conflict when it is running.
   */
  async function resume(sandboxId: string, timeoutS: number | undefined, opts: { reboot?: boolean } = {}): Promise<SandboxRecord> {
    const record = get(sandboxId)
    return serially(record, async () => {
      if (record.state === 'running') throw new AppError('conflict', `Sandbox ${sandboxId} is already running`)
      if (record.memoryKept && !opts.reboot) {
        await deps.runtime.unpause(record.containerId)
      } else {
        if (record.memoryKept) {
          await deps.runtime.unpause(record.containerId)
          await deps.runtime.stop(record.containerId)
        }
        await newBootId(sandboxId)
        const { ip } = await deps.runtime.restart(record.containerId, networkOf(record))
        // A booted container has a new network namespace: its egress rules go in again.
        await applyFirewall(record)
        await waitForEnvd(ip)
        await initEnvd(ip, { envVars: record.envVars, accessToken: record.envdAccessToken })
        record.ip = ip
        // A reboot lost the template's start command with the rest of memory: start it again.
        const template = await deps.templates(record.templateId).catch(() => undefined)
        if (template?.config?.startCmd) await startTemplateCommand(ip, record.envdAccessToken, template.config, deps.readyTimeoutMs)
      }
      record.state = 'running'
      record.memoryKept = true
      record.pausedAt = undefined
      record.endAt = new Date(Date.now() + clampTimeoutMs(timeoutS ?? deps.defaultTimeoutS))
      await store.save(record)
      schedule(record)
      record.log.info({ reboot: Boolean(opts.reboot) }, 'sandbox resumed')
      return record
    })
  }

  /** Running: extends endAt (never shortens), 200. Paused: resumes, 201. */
  async function connect(sandboxId: string, timeoutS: number | undefined, opts: { memory?: boolean } = {}): Promise<{ record: SandboxRecord; resumed: boolean }> {
    const record = get(sandboxId)
    // compat: memory:false (onResume 'reboot') cold-boots from the filesystem even if memory was kept.
    if (record.state === 'paused') {
      try {
        return { record: await resume(sandboxId, timeoutS, { reboot: opts.memory === false }), resumed: true }
      } catch (e) {
        // compat: a second start racing the first joins it: already running is the 200 path below.
        if (!(e instanceof AppError && e.kind === 'conflict')) throw e
      }
    }
    const wanted = new Date(Date.now() + clampTimeoutMs(timeoutS ?? deps.defaultTimeoutS))
    if (wanted > record.endAt) {
      record.endAt = wanted
      await store.save(record)
      schedule(record)
    }
    return { record, resumed: false }
  }

  /**
   * Replaces the sandbox's egress rules live (running or memory-paused: loaded now; stopped:
   * at its next boot). 409 while a pause/resume/kill is in flight. Internet access cannot be
   * granted to a sandbox created without it: its container sits on the internal network.
   */
  async function updateNetwork(sandboxId: string, update: NetworkUpdate): Promise<void> {
    const record = get(sandboxId)
    if (record.transition) throw new AppError('conflict', `sandbox ${sandboxId} is changing state (pause, resume or kill in progress); try again`)
    const egress = validateEgress(update)
    if (update.allowInternetAccess === true && !record.allowInternetAccess) {
      throw new AppError('failed_precondition', `sandbox ${sandboxId} was created with allow_internet_access: false; internet access cannot be granted later, create a new sandbox instead`)
    }
    await serially(record, async () => {
      if (!store.records.has(sandboxId)) throw new SandboxNotFoundError(sandboxId)
      const next = { ...record, egress, internetAccess: update.allowInternetAccess ?? record.internetAccess }
      await applyFirewall(next, { force: true })
      record.egress = egress
      record.internetAccess = next.internetAccess
      await store.save(record)
      record.log.info({ allowOut: egress.allowOut.length, denyOut: egress.denyOut.length, internet: record.internetAccess }, 'sandbox network updated')
    })
  }

  /** endAt = now + timeout; may shorten; negative means now. */
  async function setTimeoutS(sandboxId: string, timeoutS: number): Promise<void> {
    const record = get(sandboxId)
    record.endAt = new Date(Date.now() + clampTimeoutMs(timeoutS))
    await store.save(record)
    schedule(record)
  }

  /** Extends only (refreshes): endAt = max(endAt, now + duration). */
  async function refresh(sandboxId: string, durationS: number): Promise<void> {
    const record = get(sandboxId)
    const wanted = new Date(Date.now() + clampTimeoutMs(durationS))
    if (wanted > record.endAt) {
      record.endAt = wanted
      await store.save(record)
      schedule(record)
    }
  }

  /** Commits the sandbox's filesystem as a snapshot usable as a template. */
  async function snapshot(sandboxId: string, name: string | undefined): Promise<SnapshotInfo> {
    const record = get(sandboxId)
    return serially(record, () => deps.snapshots.create(record, { name }))
  }

  /**
   * `count` new sandboxes from the source's filesystem, each with its own id and tokens and the
   * source's settings. Each item is a sandbox or the error that stopped it (contract: per item).
   */
  async function fork(sandboxId: string, opts: { timeoutS: number; count: number }): Promise<({ record: SandboxRecord } | { error: AppError })[]> {
    const source = get(sandboxId)
    const base = await serially(source, () => deps.snapshots.create(source, { forkOf: sandboxId }))
    const results: ({ record: SandboxRecord } | { error: AppError })[] = new Array(opts.count)
    let next = 0
    const worker = async () => {
      for (let i = next++; i < opts.count; i = next++) {
        try {
          results[i] = {
            record: await create({
              templateRef: base.snapshotId, timeoutS: opts.timeoutS, metadata: { ...source.metadata }, envVars: { ...source.envVars },
              secure: source.secure, allowPublicTraffic: source.allowPublicTraffic, allowInternetAccess: source.allowInternetAccess,
              onTimeout: source.onTimeout, autoResume: source.autoResume, egress: source.egress,
            }),
          }
        } catch (e) {
          results[i] = { error: e instanceof AppError ? e : new AppError('internal', `fork failed: ${(e as Error).message}`, { cause: e }) }
        }
      }
    }
    // Two at a time: starting containers is mostly Docker's work on a 2-core host.
    await Promise.all([worker(), worker()])
    source.log.info({ count: opts.count, failed: results.filter((r) => 'error' in r).length }, 'sandbox forked')
    return results
  }

  /**
   * Re-attaches to sandbox containers after a restart; removes ones that stopped. Pool containers
   * never claimed go back to the pool (envd answering); claimed ones are sandboxes (their spec is
   * in the state file) or, when the claim did not finish, removed.
   */
  async function recover(): Promise<{ adopted: number; removed: number; pooled: number }> {
    await store.init()
    if (deps.gvisor) await mkdir(bootIdDir, { recursive: true })
    let adopted = 0
    let removed = 0
    let pooled = 0
    const poolIds = new Set<string>()
    for (const c of await deps.runtime.listManaged()) {
      let spec = c.spec
      const persisted = spec ? await store.load(spec.sandboxId) : undefined
      if (spec && c.pool) {
        poolIds.add(spec.sandboxId)
        if (persisted?.spec) spec = persisted.spec
        else {
          const entry = await readoptable(c, spec)
          if (entry) {
            pool.adopt(entry)
            pooled++
          } else {
            await removeContainer({ sandboxId: spec.sandboxId, containerId: c.containerId })
            await store.unmarkClaimed(spec.sandboxId)
            removed++
          }
          continue
        }
      }
      // A stopped container is a filesystem-only pause when its state says so; otherwise a leftover.
      const fsPaused = c.state === 'stopped' && persisted?.pausedAt !== undefined && !persisted.memoryKept
      if (!spec || !persisted || (c.state === 'stopped' && !fsPaused) || (!c.ip && !fsPaused) || store.records.has(spec.sandboxId)) {
        if (spec) {
          await removeContainer({ sandboxId: spec.sandboxId, containerId: c.containerId })
          await store.forget(spec.sandboxId)
          await store.unmarkClaimed(spec.sandboxId)
        } else await deps.runtime.remove(c.containerId)
        removed++
        continue
      }
      const endAt = persisted.endAt ?? new Date(spec.startedAt.getTime() + spec.timeoutMs)
      const record = adopt({
        ...spec, state: c.state === 'running' ? 'running' : 'paused', endAt, containerId: c.containerId, ip: c.ip ?? '',
        envdAccessToken: spec.secure ? deps.envdToken(spec.sandboxId) : undefined, envdVersion: ENVD_VERSION, diskSizeMB: 0,
        trafficAccessToken: spec.allowPublicTraffic ? undefined : deps.trafficToken(spec.sandboxId),
        egress: persisted.egress, internetAccess: persisted.internetAccess ?? spec.allowInternetAccess,
      }, {
        envVars: persisted.envVars,
        pausedAt: c.state === 'running' ? undefined : (persisted.pausedAt ?? new Date()),
        memoryKept: c.state !== 'stopped',
        pooled: persisted.spec !== undefined,
      })
      // The namespace outlives the server, but a restart may have cut a PUT short: load them again.
      if (c.state !== 'stopped') await applyFirewall(record).catch((err: unknown) => record.log.error({ err }, 're-applying egress rules failed'))
      if (record.state === 'running') void sample(record).then((m) => m && (record.diskSizeMB = Math.round(m.disk_total / 1048576)))
      adopted++
    }
    // Claim marks whose container is gone (removed by hand, or a crash after the removal).
    for (const id of await store.claimedIds()) if (!poolIds.has(id)) await store.unmarkClaimed(id)
    if (adopted + removed + pooled > 0) log.info({ adopted, removed, pooled }, 'sandboxes re-attached')
    return { adopted, removed, pooled }
  }

  /** A never-claimed pool container that is running with envd answering, as a pool entry. */
  async function readoptable(c: ManagedContainer, spec: SandboxSpec): Promise<PoolEntry | undefined> {
    if (c.state !== 'running' || !c.ip || (await store.isClaimed(spec.sandboxId))) return undefined
    const m = await fetchEnvdMetrics(c.ip, undefined).catch(() => undefined)
    if (!m) return undefined
    return { sandboxId: spec.sandboxId, containerId: c.containerId, ip: c.ip, templateId: spec.templateId, image: c.image, diskSizeMB: Math.round(m.disk_total / 1048576) }
  }

  function startSampling(): void {
    sampler = setInterval(() => {
      for (const r of store.records.values()) if (r.state === 'running') void sample(r)
    }, deps.metricsIntervalMs)
    sampler.unref()
  }

  const resolver: ProxyResolver = {
    lookup(sandboxId) {
      const r = store.records.get(sandboxId)
      // compat: only memory pauses auto-resume; a filesystem-only pause stays a 502.
      return r && { sandboxId, state: r.state, ip: r.ip, autoResume: r.autoResume && r.memoryKept, trafficAccessToken: r.trafficAccessToken, envdAccessToken: r.envdAccessToken }
    },
    async resume(sandboxId) {
      const r = get(sandboxId)
      if (r.state === 'running' && !r.transition) return
      // compat: auto-resume uses the create-time timeout, not a later setTimeout value.
      await resume(sandboxId, Math.ceil(r.timeoutMs / 1000)).catch((e: unknown) => {
        // A concurrent resume (connect, another request) got there first.
        if (!(e instanceof AppError && e.kind === 'conflict')) throw e
      })
      r.log.info({}, 'sandbox auto-resumed by traffic')
    },
    track(sandboxId, close) {
      const r = store.records.get(sandboxId)
      if (!r) {
        close()
        return () => undefined
      }
      r.connections.add(close)
      return () => r.connections.delete(close)
    },
  }

  return {
    create, kill, pause, resume, connect, setTimeoutS, updateNetwork, refresh, recover, startSampling, resolver, snapshot, fork,
    /** Starts filling the warm pools in the background (after the base image exists). */
    startPool: () => pool.kick(),
    /** Target and ready count per pooled template reference. */
    poolSizes: () => pool.sizes(),
    get: (sandboxId: string): SandboxRecord => get(sandboxId),
    list: (filter: ListFilter) => listPage(store.records.values(), filter),
    metrics(sandboxId: string, startS?: number, endS?: number): SandboxMetric[] {
      return get(sandboxId).metrics.filter((m) => (startS === undefined || m.timestampUnix >= startS) && (endS === undefined || m.timestampUnix <= endS))
    },
    async logs(sandboxId: string, opts: { sinceS?: number; tail?: number }): Promise<string[]> {
      return deps.runtime.logs(get(sandboxId).containerId, opts)
    },
    count: () => store.records.size,
    /** Is any sandbox (running or paused) created from this template? */
    usesTemplate: (templateId: string) => [...store.records.values()].some((r) => r.templateId === templateId),
    /** Stops timers and the pool refill; sandboxes and pool containers keep running and are re-attached by the next start. */
    async close(): Promise<void> {
      clearInterval(sampler)
      for (const r of store.records.values()) clearTimeout(r.timer)
      await pool.close()
    },
  }
}

export type SandboxService = ReturnType<typeof createSandboxService>
