// What must survive restarts: the token seed (envd tokens are derived from it, as upstream does,
// so a re-attached sandbox keeps its token), the generated API key, and this server's instance id.
import { createHmac, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

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

export type Secrets = { envdToken(sandboxId: string): string; trafficToken(sandboxId: string): string; uploadSecret: Buffer; apiKeys: readonly string[]; generatedKey: string | undefined; instanceId: string }

export async function loadSecrets(dataDir: string, configuredKeys: readonly string[]): Promise<Secrets> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const seed = await readOrCreate(join(dataDir, 'token-seed'), () => randomBytes(32).toString('hex'))
  // Names this data dir's server on its containers, so servers sharing a Docker engine never adopt each other's.
  const instance = await readOrCreate(join(dataDir, 'instance-id'), () => randomBytes(8).toString('hex'))
  let apiKeys = configuredKeys
  let generatedKey: string | undefined
  if (apiKeys.length === 0) {
    // SDK 2.45 checks keys against ^e2b_[0-9a-f]+$ client-side.
    const key = await readOrCreate(join(dataDir, 'api-key'), () => `e2b_${randomBytes(20).toString('hex')}`)
    apiKeys = [key.value]
    if (key.created) generatedKey = key.value
  }
  return {
    envdToken: (sandboxId) => createHmac('sha256', seed.value).update(sandboxId).digest('hex'),
    trafficToken: (sandboxId) => createHmac('sha256', seed.value).update(`sandbox-traffic-${sandboxId}`).digest('hex'),
    uploadSecret: createHmac('sha256', seed.value).update('template-file-uploads').digest(),
    apiKeys,
    generatedKey,
    instanceId: instance.value,
  }
}
