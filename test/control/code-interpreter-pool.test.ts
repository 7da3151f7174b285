// A warm pool of code-interpreter-v1 (SANDOCK_POOL_SIZES): the pooled sandbox started its kernels
// before the create, yet every context sees the create's env vars (GET /envs on the first run),
// in the default kernels and in ones started after the claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_API_PORT, DEFAULT_PROXY_PORT, startServer, type ControlServer } from '../support/control-server.js'
import { docker } from '../support/docker.js'
import { killQuietly } from '../support/control-sdk.js'
import {
  CODE_INTERPRETER_ALIAS,
  createCodeSandbox,
  ensureCodeInterpreterImage,
  IMAGE_BUILD_TIMEOUT_MS,
} from '../support/code-interpreter-template.js'

let server: ControlServer
type Health = { pools: Record<string, { size: number; ready: number }> }

beforeAll(async () => {
  server = await startServer({
    // Ports no other test server uses (files run one at a time, but a leftover must not collide).
    apiPort: DEFAULT_API_PORT + 44,
    proxyPort: DEFAULT_PROXY_PORT + 44,
    env: { SANDOCK_POOL_SIZES: `${CODE_INTERPRETER_ALIAS}=1..1` },
  })
  await ensureCodeInterpreterImage()
}, IMAGE_BUILD_TIMEOUT_MS)

afterAll(async () => {
  await server?.cleanup()
})

describe('code-interpreter warm pool', () => {
  it('gives a pooled sandbox the create-time env vars in every kernel', async () => {
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.apiUrl}/health`)).json()) as Health).pools[CODE_INTERPRETER_ALIAS]?.ready,
        { timeout: 180_000, interval: 100, message: 'the code-interpreter pool to be ready' },
      )
      .toBe(1)
    const sbx = await createCodeSandbox({ envs: { POOLED_VAR: 'from-create' } }, server)
    try {
      // It came from the pool: its container was started with the pool label.
      const labels = await docker(
        'ps',
        '-q',
        '--filter',
        `label=sandock.sandbox-id=${sbx.sandboxId}`,
        '--filter',
        'label=sandock.pool=true',
      )
      expect(labels).not.toBe('')
      expect((await sbx.runCode('import os; os.getenv("POOLED_VAR")')).text).toBe('from-create')
      expect((await sbx.runCode('import os; os.getenv("E2B_SANDBOX_ID")')).text).toBe(sbx.sandboxId)
      expect((await sbx.runCode('process.env.POOLED_VAR', { language: 'js' })).text).toBe('from-create')
      expect((await sbx.runCode('echo $POOLED_VAR', { language: 'bash' })).logs.stdout.join('')).toBe('from-create\n')
      // Java's are system properties, set from envd's GET /envs (the JVM inherited none of them).
      expect((await sbx.runCode('System.getProperty("POOLED_VAR")', { language: 'java' })).text).toBe('from-create')
      expect((await sbx.runCode('System.getProperty("E2B_SANDBOX_ID")', { language: 'java' })).text).toBe(sbx.sandboxId)
      const ctx = await sbx.createCodeContext()
      expect((await sbx.runCode('import os; os.getenv("POOLED_VAR")', { context: ctx })).text).toBe('from-create')
      // Per-run values still vanish, and the sandbox value comes back.
      expect((await sbx.runCode('import os; os.getenv("POOLED_VAR")', { envs: { POOLED_VAR: 'run' } })).text).toBe(
        'run',
      )
      expect((await sbx.runCode('import os; os.getenv("POOLED_VAR")')).text).toBe('from-create')
    } finally {
      await killQuietly(sbx.sandboxId, server)
    }
  })
})
