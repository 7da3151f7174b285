// What must survive restarts: the token seed (envd tokens are derived from it, as upstream does,
// so a re-attached sandbox keeps its token), the generated API key's digest, and this server's
// instance id. API keys are kept only as SHA-256 digests, in memory and on disk.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { secretDigest } from '../shared/safe-equal.js'

async function readOrCreate(path: string, make: () => string): Promise<{ value: string; created: boolean }> {
  try {
    return { value: (await readFile(path, 'utf8')).trim(), created: false }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    const value = make()
    await writeFile(path, value + '\n', { mode: 0o600, flag: 'wx' })
    return { value, created: true }
  }
}

export type ServerKeys = {
  envdToken(sandboxId: string): string
  trafficToken(sandboxId: string): string
  uploadSecret: Buffer
  /** A 32-byte key for one purpose (HKDF-SHA256 of the seed): the secret store's, the volume tokens'. */
  deriveKey(purpose: string): Buffer
  /** SHA-256 digests of the accepted API keys. */
  apiKeyDigests: readonly Buffer[]
  /** The key generated on this start (to print once); never stored in clear. */
  generatedKey: string | undefined
  instanceId: string
}

/**
 * The generated key's digest from `api-key.sha256`, or a new key whose digest is written there.
 * An `api-key` file in clear (older versions) is accepted once, replaced by its digest and removed.
 */
async function generatedKeyDigest(dataDir: string): Promise<{ digest: Buffer; generatedKey: string | undefined }> {
  const digestPath = join(dataDir, 'api-key.sha256')
  const legacyPath = join(dataDir, 'api-key')
  const stored = await readFile(digestPath, 'utf8').catch(() => undefined)
  if (stored !== undefined && /^[0-9a-f]{64}$/.test(stored.trim()))
    return { digest: Buffer.from(stored.trim(), 'hex'), generatedKey: undefined }
  const legacy = await readFile(legacyPath, 'utf8').then(
    (t) => t.trim(),
    () => '',
  )
  // SDK 2.45 checks keys against ^e2b_[0-9a-f]+$ client-side.
  const key = legacy || `e2b_${randomBytes(20).toString('hex')}`
  const digest = secretDigest(key)
  await writeFile(digestPath, digest.toString('hex') + '\n', { mode: 0o600 })
  if (legacy) await rm(legacyPath, { force: true })
  return { digest, generatedKey: legacy ? undefined : key }
}

/** This data dir's instance id (created once): it names the server on its containers. */
export async function loadInstanceId(dataDir: string): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  return (await readOrCreate(join(dataDir, 'instance-id'), () => randomBytes(8).toString('hex'))).value
}

/** This data dir's token seed (created once, 0600): one host's, or one cluster node's own. */
export async function loadTokenSeed(dataDir: string): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  return (await readOrCreate(join(dataDir, 'token-seed'), () => randomBytes(32).toString('hex'))).value
}

export async function loadServerKeys(dataDir: string, configuredKeys: readonly string[]): Promise<ServerKeys> {
  const seed = await loadTokenSeed(dataDir)
  // Names this data dir's server on its containers, so servers sharing a Docker engine never adopt each other's.
  const instance = await readOrCreate(join(dataDir, 'instance-id'), () => randomBytes(8).toString('hex'))
  let apiKeyDigests = configuredKeys.map(secretDigest)
  let generatedKey: string | undefined
  if (apiKeyDigests.length === 0) {
    const generated = await generatedKeyDigest(dataDir)
    apiKeyDigests = [generated.digest]
    generatedKey = generated.generatedKey
  }
  return { ...tokensFromSeed(seed), apiKeyDigests, generatedKey, instanceId: instance.value }
}

/**
 * The tokens derived from a seed: envd and traffic tokens per sandbox, the upload URLs' secret,
 * and keys for one purpose each (the secret store's, the volume tokens'). A cluster gives every
 * control replica and node agent the same seed (a Swarm secret) for the keys, so what one replica
 * seals or signs every other opens; sandboxes' tokens come from each node's own seed
 * (loadTokenSeed), so no node can derive another's.
 */
export function tokensFromSeed(
  seed: string,
): Pick<ServerKeys, 'envdToken' | 'trafficToken' | 'uploadSecret' | 'deriveKey'> {
  return {
    envdToken: (sandboxId) => createHmac('sha256', seed).update(sandboxId).digest('hex'),
    trafficToken: (sandboxId) => createHmac('sha256', seed).update(`sandbox-traffic-${sandboxId}`).digest('hex'),
    uploadSecret: createHmac('sha256', seed).update('template-file-uploads').digest(),
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', seed, 'sandock', purpose, 32)),
  }
}
