// Loads an iptables ruleset into one container's network namespace from the host:
// `nsenter -t <container pid> -n iptables-restore`. Needs root in the host's PID namespace (a
// server in a container needs `pid: host` and NET_ADMIN + SYS_ADMIN); without it the caller gets
// a failed_precondition saying so, never silently unenforced rules.
import { spawn } from 'node:child_process'
import { AppError } from '../../shared/errors.js'

export async function loadNetnsRuleset(pid: number, ruleset: string, opts: { timeoutMs?: number } = {}): Promise<void> {
  const { code, stderr, spawnError } = await new Promise<{ code: number | null; stderr: string; spawnError?: Error }>((resolve) => {
    const child = spawn('nsenter', ['-t', String(pid), '-n', 'iptables-restore', '-w', '5'], { stdio: ['pipe', 'ignore', 'pipe'], timeout: opts.timeoutMs ?? 15_000 })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-2000)))
    child.once('error', (e) => resolve({ code: null, stderr, spawnError: e }))
    child.once('close', (code) => resolve({ code, stderr }))
    child.stdin.on('error', () => undefined)
    child.stdin.end(ruleset)
  })
  if (code === 0) return
  const why = spawnError ? spawnError.message : stderr.trim() || `exit code ${code}`
  throw new AppError('internal',
    `egress rules could not be applied in the sandbox's network namespace (nsenter + iptables-restore: ${why}); ` +
    'the server needs root on the host (in a container: pid: host and the NET_ADMIN and SYS_ADMIN capabilities) and iptables installed')
}
