// The security settings every sandbox container gets: capabilities, privilege, seccomp, network
// isolation options and the writable-layer size limit (where the storage driver can enforce it).
import type Docker from 'dockerode'

/**
 * Capabilities a sandbox keeps; everything else is dropped (CapDrop ALL). The set is what
 * `sudo apt-get install` and envd need, and nothing more:
 * - SETUID, SETGID: sudo, su and envd's setpriv switch users and supplementary groups;
 * - AUDIT_WRITE: sudo/PAM write an audit record and fail without it;
 * - CHOWN, FOWNER, DAC_OVERRIDE, FSETID: dpkg unpacks files owned by other users and keeps their
 *   modes (setuid bits included); envd chowns uploads to the calling user;
 * - KILL: root (sudo, envd) signals other users' processes;
 * - NET_BIND_SERVICE: servers on ports below 1024.
 * Dropped from Docker's default set: NET_RAW (raw sockets: ARP/ICMP spoofing on the bridge),
 * MKNOD (device nodes), SYS_CHROOT, SETPCAP, SETFCAP.
 */
export const SANDBOX_CAPABILITIES = [
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'SETUID',
  'SETGID',
  'KILL',
  'AUDIT_WRITE',
  'NET_BIND_SERVICE',
] as const

/** Docker's bridge option that turns inter-container traffic on a network off. */
export const ICC_OPTION = 'com.docker.network.bridge.enable_icc'

/**
 * HostConfig fields for a sandbox (or build) container. Not privileged, no host binds, Docker's
 * default seccomp profile (SecurityOpt is left empty, so never `seccomp=unconfined`).
 * `no-new-privileges` is deliberately not set: it makes setuid binaries (sudo) useless.
 */
export function hardenedHostConfig(opts: { diskLimitMB: number; logCap?: LogCap }): Docker.HostConfig {
  const cap = opts.logCap ?? DEFAULT_LOG_CAP
  return {
    Privileged: false,
    CapDrop: ['ALL'],
    CapAdd: [...SANDBOX_CAPABILITIES],
    Binds: [],
    ...(opts.diskLimitMB > 0 ? { StorageOpt: { size: `${opts.diskLimitMB}M` } } : {}),
    // Whatever the daemon's default driver, a container's output on the host is capped and rotated
    // (json-file: `docker logs` and the API's tail keep working): at most maxSizeMB × maxFiles.
    LogConfig: { Type: 'json-file', Config: { 'max-size': `${cap.maxSizeMB}m`, 'max-file': String(cap.maxFiles) } },
  }
}

/** Host disk a container's log may use: `maxFiles` files of `maxSizeMB` (SANDOCK_LOG_MAX_SIZE_MB, SANDOCK_LOG_MAX_FILES). */
export type LogCap = Readonly<{ maxSizeMB: number; maxFiles: number }>
export const DEFAULT_LOG_CAP: LogCap = { maxSizeMB: 5, maxFiles: 2 }

/**
 * Whether Docker can cap a container's writable layer with `StorageOpt.size` on this engine:
 * overlay2 only on xfs (mounted with pquota, which Docker checks when the container is created),
 * and the drivers that always can.
 */
export function storageDriverSupportsSize(info: { Driver?: string; DriverStatus?: [string, string][] }): boolean {
  const backing = info.DriverStatus?.find(([k]) => k === 'Backing Filesystem')?.[1]
  if (info.Driver === 'overlay2') return backing === 'xfs'
  return ['devicemapper', 'btrfs', 'zfs', 'windowsfilter'].includes(info.Driver ?? '')
}
