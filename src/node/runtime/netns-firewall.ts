// Loads an iptables ruleset into one container's network namespace from the host:
// `nsenter --net=<proc root>/<container pid>/ns/net iptables-restore`. Entering by path rather
// than `-t <pid>` lets a server without the host's PID namespace do it with the host's /proc
// mounted elsewhere (a cluster's node agent: Swarm services have no `pid: host`, so the agent gets
// `/proc:/host/proc` and NET_ADMIN + SYS_ADMIN). Without those rights the caller gets an error
// saying so, never silently unenforced rules.
import { spawn } from 'node:child_process'
import { AppError } from '../../shared/errors.js'

/** `procRoot`: where the host's /proc is seen (default /proc); `what`: the rules, for the error. */
export async function loadNetnsRuleset(
  pid: number,
  ruleset: string,
  opts: { timeoutMs?: number; procRoot?: string | undefined; what?: string } = {},
): Promise<void> {
  const { code, stderr, spawnError } = await new Promise<{ code: number | null; stderr: string; spawnError?: Error }>(
    (resolve) => {
      const child = spawn(
        'nsenter',
        [`--net=${opts.procRoot ?? '/proc'}/${pid}/ns/net`, 'iptables-restore', '-w', '5'],
        { stdio: ['pipe', 'ignore', 'pipe'], timeout: opts.timeoutMs ?? 15_000 },
      )
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-2000)))
      child.once('error', (e) => resolve({ code: null, stderr, spawnError: e }))
      child.once('close', (code) => resolve({ code, stderr }))
      child.stdin.on('error', () => undefined)
      child.stdin.end(ruleset)
    },
  )
  if (code === 0) return
  const why = spawnError ? spawnError.message : stderr.trim() || `exit code ${code}`
  throw new AppError(
    'internal',
    `${opts.what ?? 'egress rules'} could not be applied in the sandbox's network namespace (nsenter + iptables-restore: ${why}); ` +
      'the server needs root on the host (in a container: pid: host and the NET_ADMIN and SYS_ADMIN capabilities, and SYS_PTRACE for gVisor sandboxes) and iptables installed',
  )
}
