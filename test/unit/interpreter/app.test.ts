// The interpreter's HTTP layer on loopback with a scripted kernel: NDJSON framing, keepalives,
// client aborts interrupting the kernel, env cells around a run, and the contract's error statuses.
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildInterpreterApp } from '../../../src/interpreter/app.js'
import { createContextRegistry, type Context, type ContextRegistry } from '../../../src/interpreter/contexts.js'
import type { JupyterServer } from '../../../src/interpreter/kernels/jupyter-server.js'
import type { Language } from '../../../src/interpreter/languages.js'
import { ContextNotFoundError } from '../../../src/interpreter/errors.js'
import type { ExecuteOpts, Kernel } from '../../../src/interpreter/kernels/kernel.js'

class ScriptedKernel implements Kernel {
  readonly generation = 0
  readonly cells: { code: string; silent: boolean }[] = []
  interrupts = 0
  private release: (() => void) | undefined

  async execute(code: string, opts: ExecuteOpts): Promise<void> {
    this.cells.push({ code, silent: opts.silent })
    if (opts.silent) return
    opts.onEvent({ type: 'execute_input', executionCount: this.cells.filter((c) => !c.silent).length })
    if (code === 'wait')
      await new Promise<void>((r) => {
        this.release = r
      })
    if (code === 'rich') {
      opts.onEvent({ type: 'stream', name: 'stdout', text: 'a\nb\n', timestamp: '2024-01-01T00:00:00Z' })
      opts.onEvent({ type: 'result', bundle: { 'text/plain': "'v'", 'x/custom': 1 }, isMain: true })
      opts.onEvent({ type: 'error', name: 'E', value: 'bad', traceback: 'tb' })
    }
  }
  async interrupt() {
    this.interrupts++
    this.release?.()
  }
  async restart() {}
  async shutdown() {}
}

const apps: { close(): Promise<unknown> }[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close()
})

async function start(
  opts: { keepaliveMs?: number; language?: Language; freshKernel?: boolean; baseEnv?: NodeJS.ProcessEnv } = {},
) {
  const kernel = new ScriptedKernel()
  let tail: Promise<unknown> = Promise.resolve()
  const ctx: Context = {
    id: 'ctx-1',
    language: opts.language ?? 'python',
    cwd: '/home/user',
    kernel,
    cwdGeneration: 0,
    sandboxEnvGeneration: opts.freshKernel ? undefined : 0,
    serial: <T>(fn: () => Promise<T>) => {
      const run = tail.then(fn, fn)
      tail = run.catch(() => undefined)
      return run
    },
  }
  const restarted: string[] = []
  const registry = {
    get: (id: string) => {
      if (id !== ctx.id) throw new ContextNotFoundError(id)
      return ctx
    },
    defaultFor: async () => ctx,
    list: () => [{ id: ctx.id, language: ctx.language, cwd: ctx.cwd }],
    restart: async (id: string) => {
      registry.get(id)
      restarted.push(id)
    },
    remove: async (id: string) => void registry.get(id),
    create: async () => ctx,
    sandboxEnv: () => ({ LEVEL: 'sandbox' }),
    setSandboxEnv: () => undefined,
  } as unknown as ContextRegistry
  const app = await buildInterpreterApp({
    registry,
    log: pino({ level: 'silent' }),
    envdUrl: 'http://127.0.0.1:9',
    baseEnv: opts.baseEnv ?? { PATH: '/bin' },
    keepaliveMs: opts.keepaliveMs,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  apps.push(app)
  const addr = app.server.address() as { port: number }
  return { url: `http://127.0.0.1:${addr.port}`, kernel, restarted }
}

const post = (url: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${url}/execute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  })

describe('POST /execute', () => {
  it('streams one JSON object per line, extra MIME types under extra, end_of_execution last', async () => {
    const { url } = await start()
    const res = await post(url, { code: 'rich' })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text.endsWith('\n')).toBe(true)
    const lines = text.slice(0, -1).split('\n')
    expect(lines.every((l) => l.length > 0)).toBe(true)
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { type: 'number_of_executions', execution_count: 1 },
      { type: 'stdout', text: 'a\nb\n', timestamp: '2024-01-01T00:00:00Z' },
      { type: 'result', text: 'v', extra: { 'x/custom': 1 }, is_main_result: true },
      { type: 'error', name: 'E', value: 'bad', traceback: 'tb' },
      { type: 'end_of_execution' },
    ])
  })

  it('sends the headers before the cell ends and keepalives while it is silent', async () => {
    const { url, kernel } = await start({ keepaliveMs: 200 })
    const res = await post(url, { code: 'wait' })
    expect(res.status).toBe(200)
    setTimeout(() => void kernel.interrupt(), 700)
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).type)
    expect(lines.filter((t) => t === 'keepalive').length).toBeGreaterThanOrEqual(2)
    expect(lines.at(-1)).toBe('end_of_execution')
  })

  it('interrupts the kernel when the client goes away', async () => {
    const { url, kernel } = await start()
    const abort = new AbortController()
    const res = await post(url, { code: 'wait' }, abort.signal)
    expect(res.status).toBe(200)
    abort.abort()
    await vi.waitFor(() => expect(kernel.interrupts).toBe(1))
    // The context is free again: the next run completes.
    expect((await (await post(url, { code: '1' })).text()).trim().split('\n').at(-1)).toBe(
      '{"type":"end_of_execution"}',
    )
  })

  it('sets per-run env vars in a silent cell and restores the sandbox value (or unsets) after the run', async () => {
    const { url, kernel } = await start()
    await (await post(url, { code: 'x', env_vars: { LEVEL: 'run', ONLY: '1' } })).text()
    await vi.waitFor(() => expect(kernel.cells).toHaveLength(3))
    expect(kernel.cells.map((c) => c.silent)).toEqual([true, false, true])
    expect(kernel.cells[0]!.code).toContain('environ["LEVEL"] = "run"')
    expect(kernel.cells[2]!.code).toContain('environ["LEVEL"] = "sandbox"')
    expect(kernel.cells[2]!.code).toContain('environ.pop("ONLY", None)')
  })

  it.each([
    ['non-string code', { code: 42 }, 422, /code/],
    ['a missing code', {}, 422, /code/],
    [
      'both context_id and language',
      { code: '1', context_id: 'ctx-1', language: 'python' },
      400,
      /Only one of context_id or language/,
    ],
    ['an unknown context', { code: '1', context_id: 'nope' }, 404, /^Context nope not found$/],
    ['a bad env var name', { code: '1', env_vars: { 'A-B': 'x' } }, 400, /invalid environment variable name/],
  ])('answers %s with %i and a text body', async (_what, body, status, text) => {
    const { url, kernel } = await start()
    const res = await post(url, body)
    expect(res.status).toBe(status)
    expect(await res.text()).toMatch(text)
    expect(kernel.cells).toEqual([])
  })
})

describe('an unknown language', () => {
  // The real registry: the language is refused before any kernel starts (no Jupyter needed).
  it.each([
    ['/execute', { code: '1', language: 'cobol' }],
    ['/contexts', { language: 'Cobol ' }],
  ])("answers %s with 400 and upstream's text, naming the languages there are", async (path, body) => {
    const registry = createContextRegistry({
      jupyter: {} as JupyterServer,
      entry: '/nonexistent',
      workdir: '/tmp',
      env: {},
      log: pino({ level: 'silent' }),
    })
    const app = await buildInterpreterApp({
      registry,
      log: pino({ level: 'silent' }),
      envdUrl: 'http://127.0.0.1:9',
      baseEnv: {},
    })
    apps.push(app)
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe(
      "Failed to create context: The 'cobol' kernel is not available. Please pick another suitable kernel instead, or install that kernel. (available: python, javascript, typescript, r, bash, java)",
    )
    expect(registry.list()).toEqual([])
  })
})

describe('java env vars', () => {
  it("sets every sandbox env var as a system property on a kernel's first run, even one the process inherited", async () => {
    // The JVM's environment has LEVEL already; its properties do not.
    const { url, kernel } = await start({ language: 'java', freshKernel: true, baseEnv: { LEVEL: 'sandbox' } })
    await (await post(url, { code: 'x' })).text()
    expect(kernel.cells.map((c) => c.code)).toEqual(['{ System.setProperty("LEVEL", "sandbox"); }', 'x'])
  })

  it('sets per-run env vars as system properties, then restores the sandbox value or clears them', async () => {
    const { url, kernel } = await start({ language: 'java' })
    await (await post(url, { code: 'x', env_vars: { ONLY: '1', LEVEL: 'run' } })).text()
    await vi.waitFor(() => expect(kernel.cells).toHaveLength(3))
    expect(kernel.cells.map((c) => c.code)).toEqual([
      '{ System.setProperty("ONLY", "1"); System.setProperty("LEVEL", "run"); }',
      'x',
      '{ System.clearProperty("ONLY"); System.setProperty("LEVEL", "sandbox"); }',
    ])
  })
})

describe('context routes', () => {
  it("accepts the SDK's Content-Type: application/json on body-less calls", async () => {
    const { url, restarted } = await start()
    const headers = { 'content-type': 'application/json' }
    expect((await fetch(`${url}/contexts`, { headers })).status).toBe(200)
    expect((await fetch(`${url}/contexts/ctx-1/restart`, { method: 'POST', headers })).status).toBe(200)
    expect(restarted).toEqual(['ctx-1'])
    expect((await fetch(`${url}/contexts/ctx-1`, { method: 'DELETE', headers })).status).toBe(200)
    const missing = await fetch(`${url}/contexts/nope/restart`, { method: 'POST', headers })
    expect([missing.status, await missing.text()]).toEqual([404, 'Context nope not found'])
  })

  it('answers /health with JSON "OK"', async () => {
    const { url } = await start()
    const res = await fetch(`${url}/health`)
    expect([res.status, await res.json()]).toEqual([200, 'OK'])
  })
})
