// The API keys a control replica accepts: exactly the configured ones (SANDOCK_API_KEYS and the
// SANDOCK_API_KEYS_FILE secret), nothing remembered elsewhere. The file is re-read periodically
// (default every 10 s), so a key removed from it in place stops working within that bound; a
// rotated Swarm secret (`docker service update --secret-rm/--secret-add`) restarts the replicas,
// which read the new file at start. The digest list is updated in place: the auth hook holds it.
import { readFile } from 'node:fs/promises'
import { secretDigest } from '../../shared/safe-equal.js'

export const API_KEYS_RELOAD_MS = 10_000

export type ApiKeySet = Readonly<{
  /** SHA-256 digests of the accepted keys; the same array for the process's life, its content replaced on reload. */
  digests: Buffer[]
  /** Re-reads the file now; resolves true when the set changed. A failed or empty read keeps the last good set. */
  reload(): Promise<boolean>
  stop(): void
}>

export type ApiKeySetOptions = Readonly<{
  /** Keys from SANDOCK_API_KEYS (fixed for the process's life). */
  keys: readonly string[]
  /** SANDOCK_API_KEYS_FILE: keys one per line or comma-separated. */
  file: string | undefined
  /** How often the file is re-read (0 = never). */
  reloadMs?: number
  onChange?: (count: number) => void
  onError?: (err: Error) => void
  read?: (path: string) => Promise<string>
}>

/** Keys in a file's text: split on whitespace and commas. */
export const parseApiKeys = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean)

const fingerprint = (digests: readonly Buffer[]) =>
  digests
    .map((d) => d.toString('hex'))
    .sort()
    .join(',')

/** Reads the configured keys once (throwing when there are none), then keeps them current. */
export async function loadApiKeySet(opts: ApiKeySetOptions): Promise<ApiKeySet> {
  const read = opts.read ?? ((path: string) => readFile(path, 'utf8'))
  const compute = async (): Promise<Buffer[]> => {
    const keys = [...opts.keys]
    if (opts.file) {
      const text = await read(opts.file).catch((e: unknown) => {
        throw new Error(`cannot read the API keys from ${opts.file}: ${(e as Error).message}`)
      })
      keys.push(...parseApiKeys(text))
    }
    return [...new Set(keys)].map(secretDigest)
  }
  const first = await compute()
  if (first.length === 0)
    throw new Error('sandock control needs API keys: SANDOCK_API_KEYS_FILE (a Swarm secret) or SANDOCK_API_KEYS')
  const digests = [...first]
  const reload = async (): Promise<boolean> => {
    const next = await compute()
    // An empty file is a mistake mid-write or a wrong secret, never "accept nothing, forever":
    // the last good set stays until the file names keys again.
    if (next.length === 0)
      throw new Error(`the API keys file ${opts.file} names no key; keeping the previous ${digests.length}`)
    if (fingerprint(next) === fingerprint(digests)) return false
    digests.splice(0, digests.length, ...next)
    opts.onChange?.(digests.length)
    return true
  }
  const every = opts.reloadMs ?? API_KEYS_RELOAD_MS
  const timer =
    opts.file && every > 0
      ? setInterval(() => void reload().catch((e: unknown) => opts.onError?.(e as Error)), every)
      : undefined
  timer?.unref()
  return { digests, reload, stop: () => clearInterval(timer) }
}
