// The control plane's view of a sandbox, independent of HTTP and Docker shapes: plain data, so it
// can cross the node seam (node/types.ts) as it is.
import type { EgressRequest, EgressRules } from './egress.js'

export type LifecycleOnTimeout = 'kill' | 'pause'

/** A user volume mounted into the sandbox: `name` and `path` as the API echoes them; the id picks its Docker volume. */
export type VolumeMountSpec = Readonly<{ name: string; path: string; volumeId: string }>

/**
 * Create-time ingress settings: `maskRequestHost` replaces the Host of requests to user ports
 * (`${PORT}` substituted; the original goes in X-Forwarded-Host); `httpsPorts` are user ports the
 * proxy reaches over TLS without verifying. PUT .../network leaves them alone.
 */
export type Ingress = Readonly<{ maskRequestHost?: string | undefined; httpsPorts?: readonly number[] | undefined }>

/**
 * What a sandbox was created with: in its container's labels, so it survives restarts (a sandbox
 * claimed from a warm pool keeps it in its state file: the pool set the labels before the create).
 */
export type SandboxSpec = Readonly<{
  sandboxId: string
  templateId: string
  alias: string | undefined
  metadata: Readonly<Record<string, string>>
  /** Create-time timeout, reused by auto-resume. */
  timeoutMs: number
  onTimeout: LifecycleOnTimeout
  /** false: the pause at the deadline drops memory (filesystem only; autoPauseMemory); absent: kept. */
  autoPauseMemory?: boolean | undefined
  autoResume: boolean
  secure: boolean
  /** false: user ports need the traffic access token (network.allowPublicTraffic). */
  allowPublicTraffic: boolean
  /** Create-time allow_internet_access: false puts the container on the internal network for good. */
  allowInternetAccess: boolean
  /** Ingress (network.maskRequestHost / httpsPorts): how the proxy reaches the sandbox's user ports. */
  ingress?: Ingress | undefined
  cpuCount: number
  memoryMB: number
  startedAt: Date
  /** User volumes mounted at create (volumeMounts); fixed for the sandbox's life. */
  volumeMounts: readonly VolumeMountSpec[]
}>

export type SandboxState = 'running' | 'paused'

export type Sandbox = SandboxSpec & {
  state: SandboxState
  endAt: Date
  containerId: string
  /** The container's address on the sandbox network; envd listens on ENVD_PORT there. */
  ip: string
  envdAccessToken: string | undefined
  trafficAccessToken: string | undefined
  envdVersion: string
  diskSizeMB: number
  /** Current egress rules (network.allowOut/denyOut); `PUT .../network` replaces them. */
  egress: EgressRules
  /** Current internet access: the create's value, until `PUT .../network` changes it. */
  internetAccess: boolean
}

/** A sandbox as the API sees it: no container id or address (those stay on its node). */
export type SandboxInfo = Omit<Sandbox, 'containerId' | 'ip'>

/** What the proxy needs to route one request; undefined for unknown or killed sandboxes. */
export type ProxyTarget = Readonly<{
  sandboxId: string
  state: SandboxState
  ip: string
  autoResume: boolean
  /** Set for private sandboxes: required on every port but envd's. */
  trafficAccessToken: string | undefined
  /** envd's token: what auto-resume through envd's port must be shown. */
  envdAccessToken: string | undefined
  ingress?: Ingress | undefined
}>

export type ProxyResolver = Readonly<{
  /** The sandbox to route to, or undefined when it does not exist (→ 502 not found). */
  lookup(sandboxId: string): ProxyTarget | undefined
  /** Resumes a paused sandbox for auto-resume (create-time timeout); joins a resume in flight. */
  resume(sandboxId: string): Promise<void>
  /** Registers a live proxied connection so kill/expiry can cut it; returns the release function. */
  track(sandboxId: string, close: () => void): () => void
}>

/** One metrics sample of a sandbox (envd's /metrics), as the API reports it. */
export type SandboxMetric = {
  timestamp: string
  timestampUnix: number
  cpuCount: number
  cpuUsedPct: number
  memUsed: number
  memTotal: number
  memCache: number
  diskUsed: number
  diskTotal: number
}

export type CreateSandboxRequest = {
  templateRef: string
  timeoutS: number | undefined
  metadata: Record<string, string>
  envVars: Record<string, string>
  secure: boolean
  allowPublicTraffic: boolean
  allowInternetAccess: boolean
  onTimeout: LifecycleOnTimeout
  /** false with onTimeout 'pause': a filesystem-only pause at the deadline. */
  autoPauseMemory?: boolean | undefined
  autoResume: boolean
  /** network.allowOut/denyOut (and the unsupported egressProxy/rules), validated by the create. */
  egress: EgressRequest
  /** network.maskRequestHost / httpsPorts, validated by the create. */
  ingress?: Ingress | undefined
  /** volumeMounts, by volume name; validated by the create (sandboxes/volume-mounts.ts). */
  volumeMounts: readonly { name: string; path: string }[]
}

/** `PUT /sandboxes/{id}/network`: replaces the egress rules; allowInternetAccess undefined keeps it. */
export type NetworkUpdate = EgressRequest & { allowInternetAccess: boolean | undefined }
