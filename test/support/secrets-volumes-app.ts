// The control app with real secret and volume stores (temp data dir, fake Docker volumes) for
// route tests through app.inject; the sandbox and template services are not reached by them.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { onTestFinished } from 'vitest'
import { buildControlApp } from '../../src/control/app.js'
import { loadSecrets } from '../../src/control/sandboxes/tokens.js'
import { SecretStore } from '../../src/control/secret-store/secret-store.js'
import { createVolumeStore, type VolumeStore } from '../../src/control/volumes/volume-store.js'
import { createVolumeTokens, type VolumeTokens } from '../../src/control/volumes/volume-tokens.js'
import { createLogger } from '../../src/shared/logging.js'
import { FakeVolumeRuntime } from './fake-volume-runtime.js'

export const TEST_KEY = `e2b_${'cd'.repeat(20)}`

export type SecretsVolumesApp = { app: FastifyInstance; secrets: SecretStore; volumes: VolumeStore; volumeTokens: VolumeTokens; runtime: FakeVolumeRuntime; dataDir: string; logs: string[] }

export async function secretsVolumesApp(opts: { dataDir?: string; logLevel?: 'debug' | 'silent' } = {}): Promise<SecretsVolumesApp> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'sandock-sv-')))
  const logs: string[] = []
  // Every log line is kept, to check that no secret ever reaches one.
  const log = createLogger({ level: opts.logLevel ?? 'silent', name: 'unit', destination: { write: (line: string) => void logs.push(line) } })
  const keys = await loadSecrets(dataDir, [TEST_KEY])
  const secrets = new SecretStore({ dataDir, key: keys.deriveKey('secret-store/v1') })
  const runtime = new FakeVolumeRuntime()
  const volumes = createVolumeStore({ runtime, volumesDir: join(dataDir, 'volumes'), log })
  await volumes.recover()
  const volumeTokens = createVolumeTokens(keys.deriveKey('volume-tokens/v1'))
  const unused = {} as never
  const app = await buildControlApp({
    log, sandboxes: unused, snapshots: unused, templates: unused, secrets, volumes, volumeTokens,
    apiKeyDigests: keys.apiKeyDigests, domain: '', ready: () => true,
  })
  onTestFinished(async () => {
    await app.close()
    secrets.close()
    volumes.close()
    if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  return { app, secrets, volumes, volumeTokens, runtime, dataDir, logs }
}
