// An in-memory container engine for the fast tier: implements the runtime interfaces
// (src/node/runtime/types.ts) with containers, images and networks as plain objects. Tests can
// hold a method (its calls wait until released), make its next call fail, and read the journal
// of calls in order. Docker itself is covered by the Docker suites.
import { NotFoundError } from '../../src/shared/errors.js'
import type {
  BackedVolume,
  BuildContainer,
  ContainerSpec,
  ContainerState,
  ImageInfo,
  RemoveImageResult,
  Runtime,
  SnapshotImage,
  LogRead,
} from '../../src/node/runtime/types.js'
import { createLogCollector } from '../../src/node/runtime/log-reader.js'
import { dockerVolumeName } from '../../src/node/runtime/volumes.js'
import type { SandboxSpec } from '../../src/node/sandboxes/types.js'

export type FakeContainer = {
  containerId: string
  spec: SandboxSpec | undefined
  pool: boolean
  image: string
  ip: string
  state: ContainerState
  network: string
  env: Record<string, string>
  /** The last egress ruleset loaded into its namespace. */
  ruleset: string | undefined
  logs: string[]
  /** When each of `logs` was received (filled in as they are read). */
  logTimes: Date[]
  /** Set on containers another server instance started (planted by a test); undefined = this server's. */
  foreignInstance?: string
  /** The ContainerSpec it was started with (undefined for containers planted by a test). */
  started: ContainerSpec | undefined
  /** The Docker runtime it runs under (its label): the start's, or runc when planted. */
  runtime?: string
}

type Method = keyof Runtime

export class FakeRuntime implements Runtime {
  readonly containers = new Map<string, FakeContainer>()
  readonly images = new Map<
    string,
    ImageInfo & { snapshot?: SnapshotImage; createdS: number; labels?: Record<string, string> }
  >()
  readonly networks = new Set<string>()
  /** Docker volumes of user volumes, by volume id. */
  readonly volumes = new Map<string, BackedVolume & { hostDir: string }>()
  /** Every call, in order: `start isbx…`, `pause c1`, … */
  readonly journal: string[] = []
  private next = 1
  private readonly held = new Map<Method, Promise<void>>()
  private readonly failures = new Map<Method, Error[]>()

  constructor(opts: { images?: string[] } = {}) {
    for (const image of opts.images ?? []) this.addImage(image)
  }

  addImage(ref: string, opts: { hasEnvd?: boolean; env?: string[]; labels?: Record<string, string> } = {}): void {
    this.images.set(ref, {
      id: `sha256:${ref}`,
      env: opts.env ?? [],
      hasEnvd: opts.hasEnvd ?? true,
      createdS: Math.floor(Date.now() / 1000),
      labels: opts.labels,
    })
  }

  /** Plants a container as if a previous server had started it (for recovery tests). */
  plant(c: Partial<FakeContainer> & Pick<FakeContainer, 'spec'>): FakeContainer {
    const n = this.next++
    const container: FakeContainer = {
      containerId: `c${n}`,
      pool: false,
      image: 'sandock/base:test',
      ip: `10.0.0.${n}`,
      state: 'running',
      network: 'sandock',
      env: {},
      ruleset: undefined,
      logs: [],
      logTimes: [],
      started: undefined,
      runtime: 'runc',
      ...c,
    }
    this.containers.set(container.containerId, container)
    return container
  }

  /** Calls of `method` wait until the returned function is called. */
  hold(method: Method): () => void {
    let release!: () => void
    this.held.set(method, new Promise<void>((r) => (release = r)))
    return () => {
      this.held.delete(method)
      release()
    }
  }

  /** The next call of `method` rejects with `error`. */
  failNext(method: Method, error: Error): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), error])
  }

  /** Containers of a sandbox id, in any state. */
  containersOf(sandboxId: string): FakeContainer[] {
    return [...this.containers.values()].filter((c) => c.spec?.sandboxId === sandboxId)
  }

  private async enter(method: Method, subject: string): Promise<void> {
    this.journal.push(`${method} ${subject}`)
    await this.held.get(method)
    const failure = this.failures.get(method)?.shift()
    if (failure) throw failure
  }

  private container(containerId: string, what: string): FakeContainer {
    const c = this.containers.get(containerId)
    if (!c) throw new NotFoundError(`${what} not found`)
    return c
  }

  // ---- SandboxRuntime

  async ping() {}
  async runtimes() {
    return ['runc']
  }
  async ensureNetwork(name: string) {
    this.networks.add(name)
  }
  async bridgeInterface(network: string) {
    return `br-${network}`
  }
  async removeNetworkIfUnused(name: string) {
    if ([...this.containers.values()].some((c) => c.network === name)) return false
    return this.networks.delete(name)
  }

  async setFirewall(containerId: string, ruleset: string) {
    await this.enter('setFirewall', containerId)
    const c = this.container(containerId, `container ${containerId}`)
    if (c.state === 'stopped') return false
    c.ruleset = ruleset
    return true
  }

  /** A container from `spec` (its image must exist), running or created stopped. */
  private async create(verb: 'start' | 'createStopped', spec: ContainerSpec) {
    await this.enter(verb, spec.sandbox.sandboxId)
    if (!this.images.has(spec.image)) throw new NotFoundError(`image ${spec.image} not found`)
    return this.plant({
      spec: spec.sandbox,
      pool: spec.pool,
      image: spec.image,
      network: spec.network,
      env: spec.env,
      started: spec,
      runtime: spec.runtime,
      ...(verb === 'createStopped' ? { state: 'stopped' as const } : {}),
    })
  }

  async start(spec: ContainerSpec) {
    const c = await this.create('start', spec)
    return { containerId: c.containerId, ip: c.ip }
  }

  async createStopped(spec: ContainerSpec) {
    const c = await this.create('createStopped', spec)
    return { containerId: c.containerId }
  }

  /** Volumes' directories a move copied, per image (commitMove). */
  readonly movedDirs = new Map<string, readonly string[]>()

  async commitMove(containerId: string, image: string, volumeDirs: readonly string[]) {
    await this.enter('commitMove', containerId)
    this.container(containerId, `commit ${containerId}`)
    this.addImage(image)
    this.movedDirs.set(image, volumeDirs)
  }

  async remove(containerId: string) {
    await this.enter('remove', containerId)
    this.containers.delete(containerId)
  }

  async stop(containerId: string) {
    await this.enter('stop', containerId)
    const c = this.container(containerId, `stop ${containerId}`)
    if (c.state === 'paused') throw new Error(`cannot stop paused container ${containerId}`)
    c.state = 'stopped'
    c.ruleset = undefined
  }

  async restart(containerId: string) {
    await this.enter('restart', containerId)
    const c = this.container(containerId, `start ${containerId}`)
    c.state = 'running'
    return { ip: c.ip }
  }

  async pause(containerId: string) {
    await this.enter('pause', containerId)
    const c = this.container(containerId, `pause ${containerId}`)
    if (c.state !== 'running') throw new Error(`container ${containerId} is not running`)
    c.state = 'paused'
  }

  async unpause(containerId: string) {
    await this.enter('unpause', containerId)
    const c = this.container(containerId, `unpause ${containerId}`)
    if (c.state === 'stopped') throw new Error(`container ${containerId} is not paused`)
    c.state = 'running'
  }

  async listForeign(network: string) {
    return [...this.containers.values()]
      .filter((c) => c.foreignInstance !== undefined && c.network === network)
      .map((c) => c.containerId)
  }

  async listManaged() {
    return [...this.containers.values()]
      .filter((c) => c.foreignInstance === undefined)
      .map((c) => ({
        containerId: c.containerId,
        spec: c.spec,
        pool: c.pool,
        state: c.state,
        ip: c.state === 'stopped' ? undefined : c.ip,
        image: c.image,
        runtime: c.runtime,
      }))
  }

  /** Lines pushed to a container's `logs` get the time of the first read after the push (Docker's receive time). */
  async logs(containerId: string, read: LogRead) {
    const c = this.container(containerId, `logs of ${containerId}`)
    while (c.logTimes.length < c.logs.length) c.logTimes.push(new Date())
    // The real runtime's bounded read over the lines (Docker's order: oldest first).
    const collector = createLogCollector(read)
    for (const [i, line] of c.logs.entries()) if (!collector.push({ timestamp: c.logTimes[i]!, line })) break
    return collector.result()
  }

  async imageExists(image: string) {
    return this.images.has(image)
  }

  /** Each image build's options, in order. */
  readonly imageBuilds: {
    tag: string
    contextDir: string
    dockerfile: string
    buildArgs?: Record<string, string>
    labels?: Record<string, string>
  }[] = []

  async buildImage(opts: {
    contextDir: string
    dockerfile: string
    tag: string
    buildArgs?: Record<string, string>
    labels?: Record<string, string>
    onLog: (line: string) => void
  }) {
    const { onLog, ...rest } = opts
    this.imageBuilds.push(rest)
    await this.enter('buildImage', opts.tag)
    onLog(`built ${opts.tag}`)
    this.addImage(opts.tag, { labels: opts.labels })
  }

  async imageTagsByLabel(key: string, value: string) {
    return [...this.images.entries()].filter(([, i]) => i.labels?.[key] === value).map(([tag]) => tag)
  }

  async commitSnapshot(containerId: string, image: string, snapshot: Omit<SnapshotImage, 'createdS'>) {
    await this.enter('commitSnapshot', containerId)
    this.container(containerId, `commit ${containerId}`)
    this.images.set(image, {
      id: `sha256:${image}`,
      env: [],
      hasEnvd: true,
      createdS: Math.floor(Date.now() / 1000),
      snapshot: { ...snapshot, createdS: Math.floor(Date.now() / 1000) },
    })
  }

  async listSnapshots() {
    return [...this.images.values()].flatMap((i) => (i.snapshot ? [i.snapshot] : []))
  }

  async removeImage(image: string): Promise<RemoveImageResult> {
    await this.enter('removeImage', image)
    if (!this.images.has(image)) return 'missing'
    if ([...this.containers.values()].some((c) => c.image === image)) return 'in_use'
    this.images.delete(image)
    return 'removed'
  }

  // ---- BuildRuntime

  /** What each exec in a build container answers; default: exit 0, no output. */
  execAnswer: (argv: string[]) => { exitCode: number; stdout: string } = () => ({ exitCode: 0, stdout: '' })
  readonly buildContainers = new Map<string, { image: string; buildId: string; removed: boolean; execs: string[][] }>()

  async imageInfo(ref: string) {
    const i = this.images.get(ref)
    return i && { id: i.id, env: i.env, hasEnvd: i.hasEnvd }
  }

  async pull(ref: string, _auth: unknown, onLine: (line: string) => void) {
    await this.enter('pull', ref)
    onLine(`${ref}: pulled`)
    this.addImage(ref, { hasEnvd: false })
  }

  async startContainer(o: {
    image: string
    buildId: string
    network?: string
    beforeStart?: (c: BuildContainer) => Promise<void>
  }): Promise<BuildContainer> {
    await this.enter('startContainer', o.image)
    if (!this.images.has(o.image)) throw new NotFoundError(`start a build container from ${o.image} not found`)
    const id = `b${this.next++}`
    const record = { image: o.image, buildId: o.buildId, removed: false, execs: [] as string[][] }
    this.buildContainers.set(id, record)
    const commit = (tag: string | undefined) => {
      const image = tag ?? `sha256:layer-${this.next++}`
      this.images.set(image, { id: `sha256:${image}`, env: [], hasEnvd: true, createdS: 0 })
      return image
    }
    const c: BuildContainer = {
      id,
      exec: async (argv) => {
        record.execs.push(argv)
        return this.execAnswer(argv)
      },
      putArchive: async () => {},
      copyFromImage: async () => {},
      commitLayer: async () => commit(undefined),
      commitTemplate: async (tag) => commit(tag),
      ip: async () => `10.1.0.${this.next++}`,
      running: async () => !record.removed,
      logs: async () => '',
      remove: async () => void (record.removed = true),
    }
    await o.beforeStart?.(c)
    return c
  }

  async removeBuildContainers() {
    const live = [...this.buildContainers.values()].filter((b) => !b.removed)
    for (const b of live) b.removed = true
    return live.length
  }

  /** Refs pushed, in order (a fake registry). */
  readonly pushed: string[] = []

  async push(ref: string) {
    if (!this.images.has(ref)) throw new NotFoundError(`push ${ref}: no such image`)
    this.pushed.push(ref)
  }

  async imageTags() {
    return [...this.images.keys()].filter((k) => !k.startsWith('sha256:'))
  }

  async tag(image: string, tag: string) {
    const i = this.images.get(image)
    if (!i) throw new NotFoundError(`tag ${image} not found`)
    this.images.set(tag, { ...i })
  }

  // ---- VolumeRuntime

  async createVolume(v: BackedVolume, hostDir: string) {
    await this.enter('createVolume', v.volumeId)
    this.volumes.set(v.volumeId, { ...v, hostDir })
  }

  /** in_use while a container (any state) was started with it mounted, as Docker answers. */
  async removeVolume(volumeId: string): Promise<'removed' | 'missing' | 'in_use'> {
    await this.enter('removeVolume', volumeId)
    if (!this.volumes.has(volumeId)) return 'missing'
    const name = dockerVolumeName(volumeId)
    if ([...this.containers.values()].some((c) => c.started?.volumes?.some((m) => m.name === name))) return 'in_use'
    this.volumes.delete(volumeId)
    return 'removed'
  }

  async listVolumes() {
    return [...this.volumes.values()].map(({ volumeId, name, createdAt }) => ({ volumeId, name, createdAt }))
  }
}
