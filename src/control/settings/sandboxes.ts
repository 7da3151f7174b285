// What a sandbox gets and how long it lives: the Docker engine and runtime, timeouts, resources
// and limits, how many may run, metrics and the paused retention.
import { Type } from 'typebox'

export const sandboxSettings = {
  dockerSocket: Type.String({
    env: 'SANDOCK_DOCKER_SOCKET',
    description: 'Docker engine socket',
    default: '/var/run/docker.sock',
  }),
  containerRuntime: Type.String({
    env: 'SANDOCK_RUNTIME',
    description:
      'Docker runtime of sandbox containers; `runsc` runs them under gVisor; `runsc-netstack` under gVisor with its own network stack, where a memory pause writes the memory to disk and a resume restores the processes, also after a restart or a host reboot ([Security](security.md#memory-on-disk-sandock_runtimerunsc-netstack); needs the host firewall). Both must be registered with Docker (`bash .ci/ensure-runsc.sh`): the start fails otherwise, naming the runtimes Docker has',
    default: 'runc',
  }),
  defaultTimeoutS: Type.Integer({
    env: 'SANDOCK_DEFAULT_TIMEOUT',
    description: 'sandbox timeout in seconds when a create names none',
    default: 300,
    minimum: 1,
  }),
  maxTimeoutS: Type.Integer({
    env: 'SANDOCK_MAX_TIMEOUT',
    description: 'longest timeout a create or `setTimeout` may ask for',
    default: 24 * 3600,
    minimum: 1,
  }),
  defaultCpuCount: Type.Integer({
    env: 'SANDOCK_DEFAULT_CPU_COUNT',
    description: 'CPUs per sandbox (Docker `NanoCpus`)',
    default: 2,
    minimum: 1,
    maximum: 256,
  }),
  defaultMemoryMB: Type.Integer({
    env: 'SANDOCK_DEFAULT_MEMORY_MB',
    description: 'memory per sandbox (hard limit, no swap)',
    default: 1024,
    minimum: 64,
  }),
  pidsLimit: Type.Integer({
    env: 'SANDOCK_PIDS_LIMIT',
    description: 'processes per sandbox',
    default: 1024,
    minimum: 16,
  }),
  nofileLimit: Type.Integer({
    env: 'SANDOCK_NOFILE_LIMIT',
    description:
      "open files per process in a sandbox (the `nofile` ulimit, soft and hard; root in the sandbox cannot raise it); capped, with a warning, to the Docker engine's own hard limit (a container cannot get more: Docker would refuse every create)",
    default: 65536,
    minimum: 64,
    maximum: 1048576,
  }),
  sandboxMaxFlows: Type.Integer({
    env: 'SANDOCK_SANDBOX_MAX_FLOWS',
    description:
      "tracked network flows (conntrack entries: open connections, and closed ones the kernel still remembers) a sandbox may hold at once; a new one past it is refused in the sandbox (`EPERM`), so no sandbox can fill the kernel's connection table that the host shares. Loopback inside a sandbox is not tracked and not counted. Needs the host firewall (root); see [Security](security.md#resource-limits)",
    default: 8192,
    minimum: 64,
    maximum: 1048576,
  }),
  networkSlots: Type.Integer({
    env: 'SANDOCK_NETWORK_SLOTS',
    description:
      "network slots kept ready (`0` = off): network namespaces on the sandbox network, each kept by a small holder container, that sandboxes with internet access join instead of getting a fresh one (Docker's costliest part of a container's start); a slot is scrubbed when its sandbox is gone (rules, connection tracking, sockets, addresses checked against how it was made) and reused, or destroyed when the scrub fails. Not under gVisor. See [Security](security.md#network-slots)",
    default: 0,
    minimum: 0,
    maximum: 256,
  }),
  inotifyLimits: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
    env: 'SANDOCK_INOTIFY_LIMITS',
    description:
      "`auto`: `serve` as root raises the host's `fs.inotify.max_user_instances` to 8192 and `fs.inotify.max_user_watches` to 1048576 where lower (never lowers them; see [Security](security.md#resource-limits)); `off` leaves them",
    default: 'auto',
  }),
  diskLimitMB: Type.Integer({
    env: 'SANDOCK_DISK_LIMIT_MB',
    description:
      'writable-layer size per sandbox (`0` = none); enforced only where the storage driver can (see [Security](security.md#resource-limits))',
    default: 10240,
    minimum: 0,
  }),
  maxSandboxes: Type.Integer({
    env: 'SANDOCK_MAX_SANDBOXES',
    description: 'live sandboxes; beyond it creates get 429 with `Retry-After`',
    default: 100,
    minimum: 1,
  }),
  metricsIntervalMs: Type.Integer({
    env: 'SANDOCK_METRICS_INTERVAL_MS',
    description: "how often each sandbox's CPU/memory/disk is sampled",
    default: 5000,
    minimum: 100,
  }),
  pausedRetentionS: Type.Integer({
    env: 'SANDOCK_PAUSED_RETENTION',
    description:
      'seconds a sandbox stays paused with memory in RAM; then it is stopped, filesystem kept (never deleted). Memory written to disk (`runsc-netstack`) has no limit',
    default: 24 * 3600,
    minimum: 1,
  }),
  readyTimeoutS: Type.Integer({
    env: 'SANDOCK_READY_TIMEOUT',
    description: "seconds a create waits for a template's ready command (a build's check waits 10 min)",
    default: 120,
    minimum: 1,
  }),
}
