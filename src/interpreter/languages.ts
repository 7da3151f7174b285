// Language names of the code-interpreter contract: normalisation, the kernel behind each, and the
// silent cells that set a context's cwd or a run's env vars (pure).

/** Languages this server can run; anything else fails context creation with UnknownLanguageError. */
export const LANGUAGES = ['python', 'javascript', 'typescript', 'r', 'bash', 'java'] as const
export type Language = (typeof LANGUAGES)[number]

const ALIASES: Record<string, string> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  python3: 'python',
  sh: 'bash',
  ir: 'r',
}

/** compat: `lower().strip()`, js→javascript, ts→typescript, empty → python (upstream contexts.py). */
export function normalizeLanguage(language: string | undefined | null): string {
  const l = (language ?? '').trim().toLowerCase()
  if (l === '') return 'python'
  return ALIASES[l] ?? l
}

export function isLanguage(language: string): language is Language {
  return (LANGUAGES as readonly string[]).includes(language)
}

/** How a language's kernel runs: a Jupyter kernelspec behind Jupyter Server, or one of our own executors. */
export type KernelKind =
  | { type: 'jupyter'; kernelName: string }
  | { type: 'node'; typescript: boolean }
  | { type: 'bash' }
  | { type: 'java' }

export function kernelKindOf(language: Language): KernelKind {
  switch (language) {
    case 'python':
      return { type: 'jupyter', kernelName: 'python3' }
    // Debian's IRkernel registers its kernelspec as `ir`.
    case 'r':
      return { type: 'jupyter', kernelName: 'ir' }
    case 'javascript':
      return { type: 'node', typescript: false }
    case 'typescript':
      return { type: 'node', typescript: true }
    case 'bash':
      return { type: 'bash' }
    // JShell from Debian's JDK behind our own kernel (kernels/java-kernel.ts).
    case 'java':
      return { type: 'java' }
  }
}

/** A valid identifier for an environment variable in every supported language. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

const bashQuote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`
// JSON string literals are valid string literals in Python, JavaScript, R and Java.
const lit = (v: string) => JSON.stringify(v)

/** The silent cell that moves a new context to `cwd` (upstream messaging.py change_current_directory). */
export function cwdCell(language: Language, cwd: string): string {
  switch (language) {
    case 'python':
      return `%cd ${lit(cwd)}`
    case 'javascript':
    case 'typescript':
      return `process.chdir(${lit(cwd)})`
    case 'r':
      return `setwd(${lit(cwd)})`
    case 'bash':
      return `cd ${bashQuote(cwd)}`
    // compat: upstream's Java cwd is the property only (the JVM cannot chdir); ours also starts in it.
    case 'java':
      return `System.setProperty("user.dir", ${lit(cwd)});`
  }
}

/**
 * The silent cell that sets (string) or removes (undefined) environment variables in a kernel.
 * Names must match ENV_NAME; callers validate them.
 */
export function envCell(language: Language, vars: Readonly<Record<string, string | undefined>>): string {
  const entries = Object.entries(vars)
  if (entries.length === 0) return ''
  switch (language) {
    case 'python':
      return [
        'import os as __sandock_os',
        ...entries.map(([k, v]) =>
          v === undefined ? `__sandock_os.environ.pop(${lit(k)}, None)` : `__sandock_os.environ[${lit(k)}] = ${lit(v)}`,
        ),
        'del __sandock_os',
      ].join('\n')
    case 'javascript':
    case 'typescript':
      return entries
        .map(([k, v]) => (v === undefined ? `delete process.env[${lit(k)}]` : `process.env[${lit(k)}] = ${lit(v)}`))
        .join(';\n')
    case 'r':
      return entries
        .map(([k, v]) => (v === undefined ? `Sys.unsetenv(${lit(k)})` : `Sys.setenv(${k} = ${lit(v)})`))
        .join('\n')
    case 'bash':
      return entries.map(([k, v]) => (v === undefined ? `unset ${k}` : `export ${k}=${bashQuote(v)}`)).join('\n')
    // compat: upstream's Java env vars are system properties (a JVM's environment is read-only). One
    // block is one JShell snippet: one compilation for all of them.
    case 'java':
      return `{ ${entries.map(([k, v]) => (v === undefined ? `System.clearProperty(${lit(k)});` : `System.setProperty(${lit(k)}, ${lit(v)});`)).join(' ')} }`
  }
}
