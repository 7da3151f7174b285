// The runtime interfaces the core uses, in domain terms: no dockerode type and no label crosses
// them. docker-runtime.ts implements them on Docker; test/support/fake-runtime.ts in memory.
import type { SandboxSpec } from '../sandboxes/types.js'
import type { MemoryImages } from './checkpoints.js'
import type { KeptMemory } from './kept-memory.js'
import type { NetstackFilter } from './netstack-filter.js'

/** A volume mounted into a sandbox container; `name` '' is an anonymous volume (removed with the container). */
export type VolumeMount = Readonly<{
  name: string
  target: string /** Never copy the image's files at `target` into the volume. */
  noCopy?: boolean
}>

export type ContainerSpec = Readonly<{
  /** What the sandbox was created with: kept on the container (labels), so a restart rebuilds it. */
  sandbox: SandboxSpec
  /** A warm-pool container (started before any create asked for it). */
  pool: boolean
  image: string
  env: Record<string, string>
  cpuCount: number
  memoryMB: number
  pidsLimit: number
  /** Open files per process in the container (soft and hard nofile); undefined = the engine's default. */
  nofileLimit?: number | undefined
  network: string
  /** Docker runtime (`runc`, `runsc`); undefined = the engine's default. */
  runtime?: string | undefined
  /** Host file bind-mounted read-only over /etc/resolv.conf (gVisor's netstack: Docker's embedded DNS is unreachable). */
  resolvConf?: string
  /** Host file bind-mounted read-only over /proc/sys/kernel/random/boot_id (gVisor only: runc refuses mounts in /proc). */
  bootIdFile?: string | undefined
  /** Volumes kept across stop/start (a filesystem-only pause), removed with the container. */
  volumes?: readonly VolumeMount[] | undefined
  /**
   * The MAC address on `network` (gVisor-netstack: a restore holds what it sends by it until its
   * rules are loaded, firewall.ts); undefined = Docker's, which follows the address. Not in a slot.
   */
  macAddress?: string | undefined
  /** A network slot to join instead of a fresh namespace on `network` (prepared for this sandbox): its holder and address. */
  slot?: Readonly<{ holderId: string; ip: string }> | undefined
}>

/** A network namespace kept by a holder container, that sandbox containers join (network-slots.ts). */
export type NetworkSlot = Readonly<{
  holderId: string
  ip: string
  network: string
}>

export interface SlotRuntime {
  /** A new slot on `network`, held by a container of `image`, its baseline recorded. */
  create(network: string, image: string): Promise<NetworkSlot>
  /** Writes the /etc/hosts, /etc/hostname and /etc/resolv.conf a container joining it next shares, for `hostname`. */
  prepare(slot: NetworkSlot, hostname: string): Promise<void>
  /** Brings a slot no container uses back to its baseline; rejects when it cannot (destroy it then). */
  scrub(holderId: string): Promise<void>
  /** Removes the holder (a missing one is no error). */
  destroy(holderId: string): Promise<void>
  /** Another server instance's slot holders on `network` and the containers joined to them (those first): ids. */
  foreign(network: string): Promise<string[]>
  /** This server's slot holders, and whether a container (any state) still joins each. */
  list(): Promise<{ holderId: string; network: string; joined: boolean }[]>
}

export type ContainerState = 'running' | 'paused' | 'stopped'

/** A sandbox container of this server, found at boot. */
export type ManagedContainer = Readonly<{
  containerId: string
  /** The spec it was started with; undefined when its labels cannot be read back (removed as a leftover). */
  spec: SandboxSpec | undefined
  /** Started as a warm-pool container (its spec then holds the pool's defaults, not a create's). */
  pool: boolean
  state: ContainerState
  ip: string | undefined
  /** The network slot's holder it joined, if any. */
  slot?: string | undefined
  /** The image name the container was created from. */
  image: string
  /** The Docker runtime it was created with (its label; undefined on containers made before it). */
  runtime?: string | undefined
}>

/** A sandbox's filesystem committed as an image: what a create from it needs, and where it came from. */
export type SnapshotImage = Readonly<{
  snapshotId: string
  names: readonly string[]
  /** The sandbox it was taken from. */
  sandboxId: string
  templateId: string
  cpuCount: number
  memoryMB: number
  /** Set on the unlisted snapshot a fork starts from. */
  forkOf: string | undefined
  /** Its processes' memory was kept with it (runsc-netstack): a sandbox from it restores them. */
  memory?: boolean
  createdS: number
}>

/** `in_use`: a container still uses the image. */
export type RemoveImageResult = 'removed' | 'missing' | 'in_use'

export interface SandboxRuntime {
  ping(): Promise<void>
  /** Docker's checkpoint API is on (the daemon's `experimental` setting). */
  checkpointsEnabled?(): Promise<boolean>
  /** Names of the runtimes the engine offers (`docker info`), e.g. runc, runsc. */
  runtimes(): Promise<string[]>
  /** This engine's address in its Docker Swarm (`docker info` Swarm.NodeAddr), undefined outside one. */
  swarmAddress?(): Promise<string | undefined>
  /** Creates the bridge network (inter-container traffic off) unless it exists; warns when an existing one allows it. */
  ensureNetwork(name: string, opts: { internal: boolean }): Promise<void>
  /** Removes a network this server created when no container (in any state) is on it; false when kept. */
  removeNetworkIfUnused(name: string): Promise<boolean>
  /** The host interface of a bridge network (what the host firewall matches on). */
  bridgeInterface(network: string): Promise<string>
  /**
   * Replaces the filter table in the container's network namespace with `ruleset`
   * (iptables-restore syntax). Resolves false when the container is not running (nothing to do:
   * a stopped container has no namespace; the caller applies the rules after it boots).
   */
  setFirewall(containerId: string, ruleset: string): Promise<boolean>
  /**
   * From now on every container started (sandboxes and build steps) gets at most `maxFlows`
   * tracked flows (flow-cap.ts); 0 = none. Set once the host firewall is in place.
   */
  capFlows?(maxFlows: number): void
  /**
   * Egress rules of gVisor-netstack sandboxes, on the host by source address (netstack-filter.ts):
   * set once the host firewall is in place; absent, such a sandbox's rules cannot be enforced.
   */
  hostEgress?: Pick<NetstackFilter, 'set' | 'hold'>
  /** gVisor checkpoints (checkpoints.ts): a pause that writes memory to disk (runsc-netstack). */
  memoryImages?: MemoryImages
  /** Snapshots' memory images (kept-memory.ts): sandboxes from a snapshot restore its processes (runsc-netstack). */
  keptMemory?: KeptMemory
  /** Creates and starts a sandbox container; resolves with its id and address. Removes it on failure. */
  start(spec: ContainerSpec): Promise<{ containerId: string; ip: string }>
  /** Creates a sandbox container without starting it (a paused sandbox moved in from another node). */
  createStopped?(spec: ContainerSpec): Promise<{ containerId: string }>
  /**
   * Commits a stopped container's filesystem as `image` with the content of `volumeDirs` (its
   * anonymous volumes, e.g. /tmp under gVisor, which a commit leaves out) copied into the image, so
   * a container created from it starts with them (a new volume is filled from the image).
   */
  commitMove?(containerId: string, image: string, volumeDirs: readonly string[]): Promise<void>
  /** Removes the container and its anonymous volumes; a missing one is no error. */
  remove(containerId: string): Promise<void>
  /** Stops the container and keeps its filesystem (filesystem-only pause). */
  stop(containerId: string): Promise<void>
  /** Boots a stopped sandbox container again; resolves with its (possibly new) address. */
  restart(containerId: string, network: string): Promise<{ ip: string }>
  pause(containerId: string): Promise<void>
  /** Leaves the container running: one already running (a racing resume got there first) is a success. */
  unpause(containerId: string): Promise<void>
  /** This server's sandbox containers (by its instance label), in any state. */
  listManaged(): Promise<ManagedContainer[]>
  /**
   * Sandock containers (sandboxes and warm-pool ones) on `network` that another server instance
   * started: a server whose data dir is gone (a network belongs to one server). Ids.
   */
  listForeign(network: string): Promise<string[]>
  /**
   * Container stdout/stderr lines (envd logs) with the time Docker received each: a bounded read
   * (runtime/log-reader.ts), never the whole log in memory.
   */
  logs(containerId: string, read: LogRead): Promise<ContainerLogLine[]>
  imageExists(image: string): Promise<boolean>
  /** Builds `tag` from a context folder; `onLog` gets each output line. Fails on in-stream errors. */
  buildImage(opts: {
    contextDir: string
    dockerfile: string
    tag: string
    buildArgs?: Record<string, string>
    labels?: Record<string, string>
    onLog: (line: string) => void
  }): Promise<void>
  /** Tags (`repo:tag`) of the images carrying label `key=value`. */
  imageTagsByLabel(key: string, value: string): Promise<string[]>
  /**
   * Commits a sandbox container's filesystem as snapshot `image` (the container is frozen while it
   * is copied), with the content of `volumeDirs` (its anonymous volumes: /tmp under gVisor).
   */
  commitSnapshot(
    containerId: string,
    image: string,
    snapshot: Omit<SnapshotImage, 'createdS'>,
    volumeDirs?: readonly string[],
  ): Promise<void>
  /** This server's snapshot images. */
  listSnapshots(): Promise<SnapshotImage[]>
  removeImage(image: string): Promise<RemoveImageResult>
  /** Network slots (absent: every sandbox gets a fresh namespace). */
  slots?: SlotRuntime
}

/** One line of a container's output and when Docker received it. */
export type ContainerLogLine = Readonly<{ timestamp: Date; line: string }>

/**
 * One bounded read of a log: the lines at or after `sinceMs` and at or before `untilMs` (unix ms)
 * that `match` keeps; the first `limit` of them oldest first, or the last `limit` newest first.
 */
export type LogRead = Readonly<{
  sinceMs?: number
  untilMs?: number
  limit: number
  newestFirst: boolean
  match?: (l: ContainerLogLine) => boolean
}>

export type ImageInfo = Readonly<{
  id: string
  env: string[]
  /** Built by Sandock with envd under /opt/sandock (base and built templates). */
  hasEnvd: boolean
}>

export type ExecOptions = Readonly<{
  user: string
  workdir?: string
  env?: Record<string, string>
  /** Each output line as it arrives. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void
  signal?: AbortSignal
}>

/** A template build's container: steps run in it with `exec`, and it is committed after each. */
export interface BuildContainer {
  readonly id: string
  /** Runs argv in the container; resolves with the exit code and the collected stdout. */
  exec(argv: string[], opts: ExecOptions): Promise<{ exitCode: number; stdout: string }>
  /** Unpacks a tar (plain or gzip) file into `dir`, which must exist. */
  putArchive(tarFile: string, dir: string): Promise<void>
  /** Copies `path` (a folder) out of `image` into this container's `intoDir`. */
  copyFromImage(image: string, path: string, intoDir: string): Promise<void>
  /** Commits the filesystem as a cached step layer; resolves with the image id. */
  commitLayer(): Promise<string>
  /** Commits the final image of `templateId` as `tag`; `changes` are Dockerfile instructions (ENTRYPOINT, ENV, …). */
  commitTemplate(tag: string, templateId: string, changes: string[]): Promise<string>
  /** The container's address on its network (a check container is reached like a sandbox). */
  ip(): Promise<string | undefined>
  running(): Promise<boolean>
  logs(): Promise<string>
  remove(): Promise<void>
}

export interface BuildRuntime {
  imageInfo(ref: string): Promise<ImageInfo | undefined>
  /** Pulls `ref`; credentials go to Docker only, never to a log line. */
  pull(
    ref: string,
    auth: { username: string; password: string; serveraddress?: string } | undefined,
    onLine: (line: string) => void,
  ): Promise<void>
  /**
   * Creates and starts a container for `buildId` from `image`. `entrypoint` undefined keeps the
   * image's own (a check container runs envd); the build keeps itself alive with envd's node.
   */
  startContainer(opts: {
    image: string
    buildId: string
    entrypoint?: string[]
    network?: string
    pidsLimit?: number | undefined
    cpuCount: number
    memoryMB: number
    beforeStart?: (c: BuildContainer) => Promise<void>
  }): Promise<BuildContainer>
  /** Removes this server's build containers (left over from a restart), optionally of one build. */
  removeBuildContainers(buildId?: string): Promise<number>
  tag(image: string, tag: string): Promise<void>
  removeImage(image: string): Promise<RemoveImageResult>
  /** Pushes `ref` to its registry (a cluster's: design/scale-out.md §3.2) with `auth` if given; fails on in-stream errors. */
  push(ref: string, auth?: { username: string; password: string; serveraddress?: string }): Promise<void>
  /** Every `repo:tag` of the engine's images (a node reports them, so placement prefers a node that has the image). */
  imageTags(): Promise<string[]>
}

/** A user volume as the labels of its Docker volume keep it. */
export type BackedVolume = Readonly<{ volumeId: string; name: string; createdAt: Date }>

/** User volumes (POST /volumes): Docker named volumes bound to a host directory the server owns. */
export interface VolumeRuntime {
  /** Creates the Docker volume of `v`, bound to `hostDir` (which must exist when a container mounts it). */
  createVolume(v: BackedVolume, hostDir: string): Promise<void>
  /** `in_use`: a container (even a stopped one) still mounts it; it stays until a later try. */
  removeVolume(volumeId: string): Promise<'removed' | 'missing' | 'in_use'>
  /** This server's user volumes. */
  listVolumes(): Promise<BackedVolume[]>
}

/** Everything the control plane asks of one host's container engine. */
export type Runtime = SandboxRuntime & BuildRuntime & VolumeRuntime
