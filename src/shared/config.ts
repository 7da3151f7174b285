// Environment readers that collect every problem, and the ConfigError that lists them at once.

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`)
    this.name = 'ConfigError'
  }
}

export type EnvReader = ReturnType<typeof envReader>

export function envReader(env: NodeJS.ProcessEnv) {
  const problems: string[] = []
  const raw = (name: string) => {
    const v = env[name]
    return v === undefined || v === '' ? undefined : v
  }
  return {
    str(name: string, fallback: string): string {
      return raw(name) ?? fallback
    },
    optStr(name: string): string | undefined {
      return raw(name)
    },
    int(name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
      const v = raw(name)
      if (v === undefined) return fallback
      const n = Number(v)
      if (!/^-?\d+$/.test(v) || n < min || n > max) {
        problems.push(`${name} must be an integer in ${min}..${max}, got "${v}"`)
        return fallback
      }
      return n
    },
    oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
      const v = raw(name)
      if (v === undefined) return fallback
      if (!(allowed as readonly string[]).includes(v)) {
        problems.push(`${name} must be one of ${allowed.join(', ')}, got "${v}"`)
        return fallback
      }
      return v as T
    },
    list(name: string): string[] {
      return (raw(name) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    },
    problem(message: string) {
      problems.push(message)
    },
    assertValid() {
      if (problems.length > 0) throw new ConfigError(problems)
    },
  }
}
