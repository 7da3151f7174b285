// @e2b/code-interpreter 2.8.0 across a sandbox's life: a kill mid-run (the proxy must break the
// stream so the SDK reports "sandbox was killed"), a private sandbox (traffic token on port
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
