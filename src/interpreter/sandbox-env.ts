// The sandbox-level env vars (create's envVars, E2B_SANDBOX_ID…) from envd's GET /envs. Kernels
// of a warm-pool sandbox started before the create personalised envd, so each context applies
// these on its first run (contract §3, upstream envs.py).

export type SandboxEnv = Readonly<Record<string, string>>

/** GET <envd>/envs with the caller's X-Access-Token; undefined when envd refuses or is unreachable. */
export async function fetchSandboxEnv(
  envdUrl: string,
  accessToken: string | undefined,
): Promise<SandboxEnv | undefined> {
  try {
    const res = await fetch(`${envdUrl}/envs`, {
      headers: accessToken ? { 'x-access-token': accessToken } : {},
      signal: AbortSignal.timeout(2000),
    })
    if (!res.ok) return undefined
    const body = (await res.json()) as unknown
    if (!body || typeof body !== 'object') return undefined
    return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'))
  } catch {
    return undefined
  }
}

/** The variables whose value in the kernel (inherited from `base`) differs from the sandbox's. */
export function envDelta(base: NodeJS.ProcessEnv, sandbox: SandboxEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(sandbox)) if (base[k] !== v) out[k] = v
  return out
}
