// @e2b/code-interpreter 2.8.0 across a sandbox's life: a kill mid-run (the proxy must break the
// stream so the SDK reports "sandbox was killed"), the interpreter's processes killed inside the
// sandbox (restarted as upstream's process manager does), a private sandbox (traffic token on port
// 49999), and a template derived from code-interpreter-v1 with an extra Debian package.
import { Sandbox, Template, TimeoutError } from '@e2b/code-interpreter'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { sdkOpts, sharedServer, trackSandbox } from '../support/control-server.js'
import { killQuietly } from '../support/control-sdk.js'
import {
  CODE_INTERPRETER_ALIAS,
  createCodeSandbox,
  ensureCodeInterpreterImage,
  IMAGE_BUILD_TIMEOUT_MS,
} from '../support/code-interpreter-template.js'

// The first run after a change of the envd bundle builds the image (a few minutes).
beforeAll(async () => {
  await ensureCodeInterpreterImage()
}, IMAGE_BUILD_TIMEOUT_MS)

describe('kill mid-run', () => {
  it('fails the in-flight runCode with the SDK\'s "sandbox was killed" TimeoutError', async () => {
    const sbx = await createCodeSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const execution = sbx.runCode('import time; time.sleep(60)')
    const outcome = execution.then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    await new Promise((r) => setTimeout(r, 2000))
    await sbx.kill()
    const err = await outcome
    expect(err).toBeInstanceOf(TimeoutError)
    expect(err?.message).toMatch(/sandbox was killed while the request was in progress/)
  })
})

/** Polls `x = 1; x` as E2B's supervision test does (60 tries, 0.5 s apart); the try that worked, or -1. */
async function tryUntilWorking(sbx: Sandbox): Promise<number> {
  for (let i = 0; i < 60; i++) {
    const ok = await sbx.runCode('x = 1; x', { timeoutMs: 10_000 }).then(
      (e) => e.text === '1',
      () => false,
    )
    if (ok) return i
    await new Promise((r) => setTimeout(r, 500))
  }
  return -1
}

/** PIDs of the sandbox's processes whose command line matches `pattern` (pgrep -f, run as root). */
async function pids(sbx: Sandbox, pattern: string): Promise<string[]> {
  const r = await sbx.commands.run(`pgrep -f '${pattern}' || true`, { user: 'root' })
  return r.stdout.split('\n').filter(Boolean)
}

// E2B's supervision.test.ts ("restart after jupyter kill", "restart after code-interpreter kill"):
// Jupyter Server and the server are found as upstream's test finds them (`[j]upyter-server`,
// `[u]vicorn main:app`: our server's process title; its supervisor is `sandock.mjs interpreter`).
describe('interpreter processes killed inside the sandbox', () => {
  it('runs code again after Jupyter Server is killed, with no process of the old run left', async () => {
    const sbx = await createCodeSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    expect((await sbx.runCode('x = 1; x')).text).toBe('1')
    const before = await pids(sbx, '[j]upyter-server')
    expect(before).toHaveLength(1)
    const kernelsBefore = await pids(sbx, '[s]andock_kernel')
    expect(kernelsBefore.length).toBeGreaterThan(0)
    await sbx.commands.run("pkill -9 -f '[j]upyter-server'", { user: 'root' })
    expect(await tryUntilWorking(sbx)).toBeGreaterThanOrEqual(0)
    const after = await pids(sbx, '[j]upyter-server')
    expect(after).toHaveLength(1)
    expect(after).not.toEqual(before)
    // The old run's kernels were ended with it.
    const kernelsAfter = await pids(sbx, '[s]andock_kernel')
    expect(kernelsAfter.filter((p) => kernelsBefore.includes(p))).toEqual([])
    // A new context works in every default language.
    expect((await sbx.runCode('21 * 2', { language: 'js' })).text).toBe('42')
  })

  it('runs code again after the interpreter server itself is killed by its upstream name, Jupyter and kernels of the old run ended', async () => {
    const sbx = await createCodeSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    expect((await sbx.runCode('x = 1; x')).text).toBe('1')
    expect((await sbx.runCode('1 + 1', { language: 'java' })).text).toBe('2')
    // The supervisor (`sandock.mjs interpreter`) and the server it runs, titled as upstream's.
    const supervisor = await pids(sbx, '[s]andock.mjs interpreter$')
    expect(supervisor).toHaveLength(1)
    const server = await pids(sbx, '[u]vicorn main:app')
    expect(server).toHaveLength(1)
    const jupyterBefore = await pids(sbx, '[j]upyter-server')
    const jvmsBefore = await pids(sbx, '[S]andockJShell')
    expect(jvmsBefore.length).toBeGreaterThan(0)
    // As E2B's supervision.test.ts kills it.
    await sbx.commands.run("pkill -9 -f '[u]vicorn main:app'", { user: 'root' })
    expect(await tryUntilWorking(sbx)).toBeGreaterThanOrEqual(0)
    expect(await pids(sbx, '[s]andock.mjs interpreter$')).toEqual(supervisor)
    const serverAfter = await pids(sbx, '[u]vicorn main:app')
    expect(serverAfter).toHaveLength(1)
    expect(serverAfter).not.toEqual(server)
    const jupyterAfter = await pids(sbx, '[j]upyter-server')
    expect(jupyterAfter).toHaveLength(1)
    expect(jupyterAfter).not.toEqual(jupyterBefore)
    expect((await pids(sbx, '[S]andockJShell')).filter((p) => jvmsBefore.includes(p))).toEqual([])
    const health = await sbx.commands.run('curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:49999/health')
    expect(health.stdout).toBe('200')
  })
})

describe('private sandbox', () => {
  it('runs code and manages contexts with the traffic token, and refuses requests without it', async () => {
    const sbx = await createCodeSandbox({ network: { allowPublicTraffic: false } })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    expect(sbx.trafficAccessToken).toBeTruthy()
    expect((await sbx.runCode('1 + 1')).text).toBe('2')
    const ctx = await sbx.createCodeContext({ language: 'js' })
    expect((await sbx.runCode('21 * 2', { context: ctx })).text).toBe('42')
    expect((await sbx.listCodeContexts()).map((c) => c.id)).toContain(ctx.id)
    await sbx.restartCodeContext(ctx)
    await sbx.removeCodeContext(ctx)
    const res = await fetch(`${sharedServer().sandboxUrl}/contexts`, {
      headers: { 'e2b-sandbox-id': sbx.sandboxId, 'e2b-sandbox-port': '49999' },
    })
    expect(res.status).toBe(403)
  })
})

describe('derived template', () => {
  it('builds Template().fromTemplate("code-interpreter-v1") with an extra Debian package and runs code in it', async () => {
    const name = `ci-derived-${Date.now().toString(36)}`
    const server = sharedServer()
    await Template.build(Template().fromTemplate(CODE_INTERPRETER_ALIAS).aptInstall(['jq']), name, {
      apiKey: server.apiKey,
      apiUrl: server.apiUrl,
      cpuCount: 2,
      memoryMB: 2048,
    })
    const sbx = await Sandbox.create(name, sdkOpts())
    trackSandbox(server, sbx.sandboxId)
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const jq = await sbx.runCode('!echo \'{"a": 41}\' | jq -M ".a + 1"')
    expect(jq.logs.stdout.join('').trim()).toBe('42')
    expect((await sbx.runCode('await Promise.resolve(7)', { language: 'js' })).text).toBe('7')
    expect((await sbx.listCodeContexts()).slice(0, 2).map((c) => c.language)).toEqual(['python', 'javascript'])
  })
})
