// Every template route through the app on fakes (no Docker): build requests, uploads, starting a
// build and following it to ready or to a failed step, status and logs, aliases, listing, tags and
// deletion, with their error bodies. Real builds: test/control/templates.test.ts.
import { describe, expect, it, vi } from 'vitest'
import {
  BASE_IMAGE as BASE_IMAGE_REF,
  fakeControl,
  sharedFakeControl,
  TEST_KEY,
  type FakeControl,
} from '../../../support/fake-control.js'
import { expectError } from '../../../support/invalid-creates.js'
import { builtinTemplates } from '../../../../src/node/builds/builtins.js'

/** The built-in `base` as GET /templates lists it (the unit config's default resources). */
const BASE_LISTED = {
  templateID: 'base',
  buildID: expect.any(String),
  cpuCount: 2,
  memoryMB: 1024,
  diskSizeMB: 0,
  public: true,
  aliases: ['base'],
  names: ['base'],
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
  createdBy: null,
  lastSpawnedAt: null,
  spawnCount: 0,
  buildCount: 1,
  envdVersion: '0.6.13',
  buildStatus: 'ready',
}
/**
 * Every built-in (templates/builtins.ts) as listed, in its order there: base and whatever else is
 * defined; `over` are the server's defaults, which a built-in with its own resources does not take.
 */
const builtinsListed = (over: Record<string, unknown> = {}) =>
  builtinTemplates({ baseImage: BASE_IMAGE_REF }).map((b) => ({
    ...BASE_LISTED,
    templateID: b.name,
    aliases: [b.name],
    names: [b.name],
    ...over,
    ...(b.cpuCount ? { cpuCount: b.cpuCount } : {}),
    ...(b.memoryMB ? { memoryMB: b.memoryMB } : {}),
  }))

const HASH = 'c'.repeat(64)

async function requestBuild(
  c: FakeControl,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<{ templateID: string; buildID: string }> {
  const res = await c.api('POST', '/v3/templates', { json: { name, cpuCount: 1, memoryMB: 512, ...extra } })
  expect(res.status, res.text).toBe(202)
  return res.body as { templateID: string; buildID: string }
}

async function buildToEnd(c: FakeControl, t: { templateID: string; buildID: string }, body: Record<string, unknown>) {
  const started = await c.api('POST', `/v2/templates/${t.templateID}/builds/${t.buildID}`, { json: body })
  expect(started.status, started.text).toBe(202)
  return vi.waitFor(
    async () => {
      const s = await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/status`)
      expect(['ready', 'error'], 'the build to end').toContain(s.body!.status)
      return s
    },
    { timeout: 5000, interval: 10 },
  )
}

describe('POST /v3/templates', () => {
  it('answers 202 with the ids, names and tags; a second request of the name reuses the template', async () => {
    const c = await fakeControl()
    const res = await c.api('POST', '/v3/templates', {
      json: { name: 'team/app:v1', tags: ['stable'], cpuCount: 2, memoryMB: 1024 },
    })
    expect(res.status).toBe(202)
    expect(res.body).toEqual({
      templateID: expect.stringMatching(/^[a-z0-9]{20}$/),
      buildID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      public: false,
      names: ['app'],
      aliases: ['app'],
      tags: ['v1', 'stable'],
    })
    const again = await requestBuild(c, 'app')
    expect(again.templateID).toBe(res.body!.templateID)
    expect(again.buildID).not.toBe(res.body!.buildID)
  })

  it('refuses bad names, resources and the built-in name', async () => {
    const c = await fakeControl()
    expectError(await c.api('POST', '/v3/templates', { json: {} }), 400, /name is required/)
    expectError(await c.api('POST', '/v3/templates', { json: { name: 'Bad Name!' } }), 400, /invalid template name/)
    expectError(await c.api('POST', '/v3/templates', { json: { name: 'ok', cpuCount: 3 } }), 400, /cpuCount/)
    expectError(await c.api('POST', '/v3/templates', { json: { name: 'ok', memoryMB: 64 } }), 400, /memoryMB/)
    expectError(
      await c.api('POST', '/v3/templates', { json: { name: 'ok:123e4567-e89b-12d3-a456-426614174000' } }),
      400,
      /UUID/,
    )
    expectError(
      await c.api('POST', '/v3/templates', { json: { name: 'base' } }),
      409,
      /reserved for the built-in template/,
    )
  })
})

describe('template file uploads', () => {
  it('links (201, present or not), refuses a wrong token (403) and a non-tar (400), and stores a tar (201)', async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'uploads')
    const link = await c.api('GET', `/templates/${t.templateID}/files/${HASH}`)
    expect(link.status).toBe(201)
    expect(link.body).toEqual({
      present: false,
      url: expect.stringMatching(new RegExp(`/template-files/${HASH}\\?expires=\\d+&token=[0-9a-f]{64}$`)),
    })
    const url = new URL(link.body!.url as string)
    const put = (path: string, payload: Buffer) =>
      c.app.inject({ method: 'PUT', url: path, payload, headers: { 'content-type': 'application/octet-stream' } })
    const bad = await put(
      `${url.pathname}?expires=${url.searchParams.get('expires')}&token=${'0'.repeat(64)}`,
      Buffer.alloc(1024),
    )
    expect(bad.statusCode).toBe(403)
    expect(bad.json()).toEqual({ code: 403, message: 'invalid upload token' })
    const expired = await put(`${url.pathname}?expires=1&token=x`, Buffer.alloc(1024))
    expect(expired.statusCode).toBe(403)
    const notTar = await put(url.pathname + url.search, Buffer.from('not a tar'))
    expect(notTar.statusCode).toBe(400)
    expect(notTar.json()).toEqual({
      code: 400,
      message: 'the upload is neither a tar archive nor a gzip-compressed one',
    })
    const ok = await put(url.pathname + url.search, Buffer.alloc(1024))
    expect(ok.statusCode).toBe(201)
    expect((await c.api('GET', `/templates/${t.templateID}/files/${HASH}`)).body).toMatchObject({ present: true })
    expectError(await c.api('GET', `/templates/${t.templateID}/files/not-a-hash`), 400, /hash/)
    expectError(
      await c.api('GET', `/templates/nosuchtemplate/files/${HASH}`),
      404,
      /template 'nosuchtemplate' not found/,
    )
  })
})

describe('POST /v2/templates/{id}/builds/{buildID}', () => {
  const refusing = sharedFakeControl()
  it.each([
    ['both bases', { fromTemplate: 'base', fromImage: 'debian', steps: [] }, 'exactly one of'],
    ['no base', { steps: [] }, 'exactly one of'],
    ['an empty fromImage', { fromImage: ' ' }, 'fromImage must not be empty'],
    ['an unknown step', { fromTemplate: 'base', steps: [{ type: 'FROBNICATE' }] }, 'not implemented'],
    [
      'a COPY never uploaded',
      { fromTemplate: 'base', steps: [{ type: 'COPY', args: ['a', '/a'], filesHash: HASH }] },
      'never uploaded',
    ],
    ['an ECR registry', { fromImage: 'x', fromImageRegistry: { type: 'aws' } }, "type 'aws' is not supported"],
  ])('refuses %s with 400 and leaves the build waiting', async (_what, body, message) => {
    const c = await refusing()
    const t = await requestBuild(c, 'refused')
    expectError(
      await c.api('POST', `/v2/templates/${t.templateID}/builds/${t.buildID}`, { json: body }),
      400,
      new RegExp(message),
    )
    const status = await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/status`)
    expect(status.body).toEqual({
      templateID: t.templateID,
      buildID: t.buildID,
      status: 'waiting',
      logs: [],
      logEntries: [],
    })
  })

  it('answers 404 for an unknown build and 400 for one not waiting', async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'twice')
    expectError(
      await c.api('POST', `/v2/templates/${t.templateID}/builds/nosuchbuild`, { json: { fromTemplate: 'base' } }),
      404,
      /Build 'nosuchbuild' not found/,
    )
    expect((await buildToEnd(c, t, { fromTemplate: 'base' })).body!.status).toBe('ready')
    expectError(
      await c.api('POST', `/v2/templates/${t.templateID}/builds/${t.buildID}`, { json: { fromTemplate: 'base' } }),
      400,
      /not in waiting state/,
    )
  })

  it('builds to ready (202 with an empty body), and the template then starts sandboxes with its start command', async () => {
    const c = await fakeControl()
    // The ENV step's values come back expanded by the image's shell (here: as written).
    c.runtime.execAnswer = (argv) =>
      argv[2]?.startsWith("printf '%s\\0' ") ? { exitCode: 0, stdout: 'test\0' } : { exitCode: 0, stdout: '' }
    const t = await requestBuild(c, 'app', { tags: ['v1'] })
    const started = await c.api('POST', `/v2/templates/${t.templateID}/builds/${t.buildID}`, {
      json: {
        fromTemplate: 'base',
        steps: [
          { type: 'RUN', args: ['echo hi'] },
          { type: 'ENV', args: ['MODE', 'test'] },
        ],
        startCmd: 'serve',
        readyCmd: 'ready-check',
      },
    })
    expect(started.status).toBe(202)
    expect(started.text).toBe('')
    expect(started.headers.get('content-length')).toBe('0')
    const status = await vi.waitFor(
      async () => {
        const s = await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/status`)
        expect(s.body!.status, 'the build to be ready').toBe('ready')
        return s
      },
      { timeout: 5000, interval: 10 },
    )
    expect(status.body).toMatchObject({ templateID: t.templateID, buildID: t.buildID, status: 'ready', logs: [] })
    const messages = (status.body!.logEntries as { message: string; step: string }[]).map(
      (e) => `${e.step}: ${e.message}`,
    )
    expect(messages[0]).toBe(`base: Building template ${t.templateID} (build ${t.buildID})`)
    expect(messages).toContain('base: FROM template base')
    expect(messages).toContain('1: [1] RUN echo hi')
    expect(messages).toContain('finalize: Starting: serve')
    expect(messages).toContain('finalize: Waiting for: ready-check')
    expect(messages.at(-1)).toMatch(/^finalize: Template ready in \d+\.\d s$/)
    // Every build container is gone once the build ended.
    expect([...c.runtime.buildContainers.values()].filter((b) => !b.removed)).toEqual([])

    const sbx = await c.api('POST', '/v2/sandboxes', { json: { templateID: 'app:v1' } })
    expect(sbx.status).toBe(201)
    expect(sbx.body).toMatchObject({ templateID: t.templateID, alias: 'app' })
    const container = c.runtime.containersOf(sbx.body!.sandboxID as string)[0]!
    expect(container.image).toBe(`sandock/template:${t.templateID}-${t.buildID}`)
    expect(c.envd.lastInit(container.ip)?.envVars).toEqual({ MODE: 'test' })
    expect(c.envd.started.filter((s) => s.ip === container.ip).map((s) => s.cmd)).toEqual(['serve'])
    expect(c.envd.runs.filter((r) => r.ip === container.ip).map((r) => r.cmd)).toEqual(['ready-check'])
  })

  it('fails at the step that failed, with its output in the reason, and never moves a tag', async () => {
    const c = await fakeControl()
    c.runtime.execAnswer = (argv) =>
      argv.at(-1) === 'exit 3' ? { exitCode: 3, stdout: '' } : { exitCode: 0, stdout: '' }
    const t = await requestBuild(c, 'broken')
    const status = await buildToEnd(c, t, {
      fromTemplate: 'base',
      steps: [
        { type: 'RUN', args: ['true'] },
        { type: 'RUN', args: ['exit 3'] },
      ],
    })
    const message = "failed to run command 'exit 3': command failed: exit status 3 (RUN as 'user' in /home/user)"
    expect(status.body).toMatchObject({
      status: 'error',
      reason: { message, step: '2', logEntries: [{ level: 'error', message, step: '2' }] },
    })
    expectError(
      await c.api('POST', '/v2/sandboxes', { json: { templateID: 'broken' } }),
      404,
      /template 'broken' not found/,
    )
    expectError(await c.api('GET', '/templates/aliases/broken'), 404)
  })

  it.each([
    [
      'a RUN as a user the image lacks',
      [{ type: 'RUN', args: ['whoami', 'root123'] }],
      (argv: string[]) => (argv.at(-1) === 'root123' || argv.at(-1) === 'whoami' ? 1 : 0),
      "failed to run command 'whoami': command failed: unauthenticated: invalid username: 'root123' (the image has no user 'root123': create it with a USER step first)",
    ],
    [
      'a COPY whose source the upload lacks',
      [{ type: 'COPY', args: ['missing.txt', '/tmp/m'], filesHash: 'c'.repeat(64) }],
      (argv: string[]) => (argv.at(-1) === 'missing.txt' ? 1 : 0),
      'failed to move files in sandbox: exit status 1',
    ],
  ])("%s fails with upstream's text", async (_what, steps, exitCodeOf, message) => {
    const c = await fakeControl()
    c.runtime.execAnswer = (argv) => ({ exitCode: exitCodeOf(argv), stdout: '' })
    const t = await requestBuild(c, 'broken')
    if (steps[0]!.type === 'COPY') {
      // An empty tar: the upload exists, the file the step names is not in it.
      const url = new URL(
        (await c.api('GET', `/templates/${t.templateID}/files/${'c'.repeat(64)}`)).body!.url as string,
      )
      expect(
        (
          await c.app.inject({
            method: 'PUT',
            url: url.pathname + url.search,
            payload: Buffer.alloc(1024),
            headers: { 'content-type': 'application/octet-stream' },
          })
        ).statusCode,
      ).toBe(201)
    }
    const status = await buildToEnd(c, t, { fromTemplate: 'base', steps })
    expect(status.body).toMatchObject({ status: 'error', reason: { message, step: '1' } })
  })

  it('removes the final image of a build whose final check fails; its step layers stay as cache', async () => {
    const c = await fakeControl()
    c.envd.exitCodes.set('broken-start', 3)
    c.envd.exitCodes.set('never-ready', 1)
    const t = await requestBuild(c, 'finalfail')
    const status = await buildToEnd(c, t, {
      fromTemplate: 'base',
      steps: [{ type: 'RUN', args: ['true'] }],
      startCmd: 'broken-start',
      readyCmd: 'never-ready',
    })
    expect(status.body).toMatchObject({ status: 'error', reason: { step: 'finalize' } })
    expect(c.runtime.images.has(`sandock/template:${t.templateID}-${t.buildID}`)).toBe(false)
    expect([...c.runtime.images.keys()].some((i) => i !== BASE_IMAGE_REF && !i.startsWith('sandock/template:'))).toBe(
      true,
    )
  })

  it('fails at step base for a parent template that does not exist', async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'orphan')
    const status = await buildToEnd(c, t, { fromTemplate: 'nosuchparent' })
    expect(status.body).toMatchObject({
      status: 'error',
      reason: { message: "template 'nosuchparent' not found", step: 'base' },
    })
  })
})

describe('build status and logs', () => {
  it('pages the status log by offset and level, and the logs by cursor', async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'paged')
    await buildToEnd(c, t, { fromTemplate: 'base', steps: [{ type: 'RUN', args: ['true'] }] })
    const all = (await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/logs?limit=1000`)).body!.logs as {
      message: string
      level: string
    }[]
    expect(all.length).toBeGreaterThan(4)
    expect(all[0]).toEqual({
      timestamp: expect.any(String),
      level: 'info',
      message: expect.stringContaining('Building template'),
      step: 'base',
    })
    const offset = await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/status?logsOffset=2&limit=2`)
    expect((offset.body!.logEntries as { message: string }[]).map((e) => e.message)).toEqual(
      all.slice(2, 4).map((e) => e.message),
    )
    const cursor = await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/logs?cursor=1&limit=1`)
    expect((cursor.body!.logs as { message: string }[]).map((e) => e.message)).toEqual([all[1]!.message])
    const warn = await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/logs?level=warn`)
    expect(warn.body).toEqual({ logs: [] })
    expectError(await c.api('GET', `/templates/${t.templateID}/builds/${t.buildID}/status?limit=101`), 400, /limit/)
    expectError(
      await c.api('GET', `/templates/${t.templateID}/builds/nosuchbuild/logs`),
      404,
      /Build 'nosuchbuild' not found/,
    )
    expectError(
      await c.api('GET', `/templates/nosuchtemplate/builds/${t.buildID}/status`),
      404,
      /template 'nosuchtemplate' not found/,
    )
  })
})

describe('aliases, listing and tags', () => {
  it("lists the built-in base like any template: public, one ready build, the server's default resources; GET /templates/base too", async () => {
    const c = await fakeControl({ env: { SANDOCK_DEFAULT_CPU_COUNT: '4', SANDOCK_DEFAULT_MEMORY_MB: '2048' } })
    for (const path of ['/templates', '/v2/templates'])
      expect((await c.api('GET', path)).body).toEqual(builtinsListed({ cpuCount: 4, memoryMB: 2048 }))
    const listed = ((await c.api('GET', '/templates')).body as unknown as Record<string, string>[]).find(
      (x) => x.templateID === 'base',
    )!
    expect(listed.buildID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect((await c.api('GET', '/templates/base')).body).toEqual({
      templateID: 'base',
      public: true,
      aliases: ['base'],
      names: ['base'],
      createdAt: listed.createdAt,
      updatedAt: listed.createdAt,
      lastSpawnedAt: null,
      spawnCount: 0,
      builds: [
        {
          buildID: listed.buildID,
          status: 'ready',
          createdAt: listed.createdAt,
          updatedAt: listed.createdAt,
          finishedAt: listed.createdAt,
          cpuCount: 4,
          memoryMB: 2048,
          envdVersion: '0.6.13',
        },
      ],
    })
    // Its tags, as for any listed template (a client opening it from the list asks for them).
    expect((await c.api('GET', '/templates/base/tags')).body).toEqual([
      { tag: 'default', buildID: listed.buildID, createdAt: listed.createdAt },
    ])
  })

  it('counts creates from a template (built or built-in) as spawns, kept across a restart; resumes do not count', async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'counted')
    await buildToEnd(c, t, { fromTemplate: 'base' })
    // base and the built template (other built-ins, if any, are not created from here).
    const spawns = async (cc: FakeControl) =>
      Object.fromEntries(
        (
          (await cc.api('GET', '/v2/templates')).body as unknown as {
            templateID: string
            spawnCount: number
            lastSpawnedAt: string | null
          }[]
        )
          .filter((x) => x.templateID === 'base' || x.templateID === t.templateID)
          .map((x) => [x.templateID, [x.spawnCount, x.lastSpawnedAt === null ? null : 'set']]),
      )
    expect(await spawns(c)).toEqual({ base: [0, null], [t.templateID]: [0, null] })
    const before = Date.now()
    for (const templateID of ['base', 'base', 'counted', t.templateID])
      expect((await c.api('POST', '/v2/sandboxes', { json: { templateID } })).status).toBe(201)
    const sbx = await c.api('POST', '/sandboxes', { json: { templateID: 'base' } })
    expect(sbx.status).toBe(201)
    expect(await spawns(c)).toEqual({ base: [3, 'set'], [t.templateID]: [2, 'set'] })
    const last = ((await c.api('GET', '/templates/base')).body as { lastSpawnedAt: string }).lastSpawnedAt
    expect(Date.parse(last)).toBeGreaterThanOrEqual(before - 1000)
    expect((await c.api('POST', `/sandboxes/${sbx.body!.sandboxID as string}/pause`)).status).toBe(204)
    expect((await c.api('POST', `/sandboxes/${sbx.body!.sandboxID as string}/resume`, { json: {} })).status).toBe(201)
    expect((await c.api('POST', '/v2/sandboxes', { json: { templateID: 'nope' } })).status).toBe(404)
    expect(await spawns(c)).toEqual({ base: [3, 'set'], [t.templateID]: [2, 'set'] })
    await c.close()
    const again = await fakeControl({ dataDir: c.dataDir, runtime: c.runtime })
    expect(await spawns(again)).toEqual({ base: [3, 'set'], [t.templateID]: [2, 'set'] })
  })

  it('PATCH /v2/templates/{id} sets the public flag and answers the names; the deprecated PATCH /templates/{id} answers an empty 200', async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'published')
    await buildToEnd(c, t, { fromTemplate: 'base' })
    const patched = await c.api('PATCH', `/v2/templates/${t.templateID}`, { json: { public: true } })
    expect(patched).toMatchObject({ status: 200, body: { names: ['published'] } })
    expect((await c.api('GET', '/templates/aliases/published')).body).toEqual({
      templateID: t.templateID,
      public: true,
    })
    expect((await c.api('GET', '/templates/published')).body).toMatchObject({ public: true })
    const v1 = await c.app.inject({
      method: 'PATCH',
      url: '/templates/published',
      payload: { public: false },
      headers: { 'x-api-key': TEST_KEY },
    })
    expect(v1.statusCode).toBe(200)
    expect(v1.body).toBe('')
    expect(v1.headers['content-length']).toBe('0')
    expect((await c.api('GET', '/templates/aliases/published')).body).toEqual({
      templateID: t.templateID,
      public: false,
    })
    expectError(
      await c.api('PATCH', '/v2/templates/nosuchtemplate', { json: { public: true } }),
      404,
      /template 'nosuchtemplate' not found/,
    )
    expectError(
      await c.api('PATCH', '/v2/templates/base', { json: { public: false } }),
      400,
      /built-in template 'base' cannot be changed/,
    )
    expectError(await c.api('PATCH', `/v2/templates/${t.templateID}`, { json: { public: 'yes' } }), 400)
  })

  it('resolves aliases, lists ready templates, moves and removes tags', async () => {
    const c = await fakeControl()
    expect((await c.api('GET', '/templates/aliases/base')).body).toEqual({ templateID: 'base', public: true })
    const t = await requestBuild(c, 'tagged', { tags: ['v1'] })
    expect((await c.api('GET', '/templates')).body).toEqual(builtinsListed())
    await buildToEnd(c, t, { fromTemplate: 'base' })
    expect((await c.api('GET', '/templates/aliases/tagged')).body).toEqual({ templateID: t.templateID, public: false })

    for (const path of ['/templates', '/v2/templates']) {
      expect((await c.api('GET', path)).body).toEqual([
        {
          templateID: t.templateID,
          buildID: t.buildID,
          cpuCount: 1,
          memoryMB: 512,
          // What the build's check booted: the fake envd's 10 MiB disk.
          diskSizeMB: 10,
          public: false,
          aliases: ['tagged'],
          names: ['tagged'],
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          createdBy: null,
          lastSpawnedAt: null,
          spawnCount: 0,
          buildCount: 1,
          envdVersion: '0.6.13',
          buildStatus: 'ready',
        },
        ...builtinsListed(),
      ])
    }
    expect((await c.api('GET', '/templates/tagged')).body).toEqual({
      templateID: t.templateID,
      public: false,
      aliases: ['tagged'],
      names: ['tagged'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastSpawnedAt: null,
      spawnCount: 0,
      builds: [
        {
          buildID: t.buildID,
          status: 'ready',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          finishedAt: expect.any(String),
          cpuCount: 1,
          memoryMB: 512,
          diskSizeMB: 10,
          envdVersion: '0.6.13',
        },
      ],
    })
    expect((await c.api('GET', `/templates/${t.templateID}/tags`)).body).toEqual([
      { tag: 'v1', buildID: t.buildID, createdAt: expect.any(String) },
    ])

    const assigned = await c.api('POST', '/templates/tags', {
      json: { target: 'tagged:v1', tags: ['prod', 'prod', 'latest'] },
    })
    expect(assigned.status).toBe(201)
    expect(assigned.body).toEqual({ buildID: t.buildID, tags: ['prod', 'latest'] })
    expectError(
      await c.api('POST', '/templates/tags', { json: { target: 'tagged:nope', tags: ['x'] } }),
      404,
      /tag 'nope' does not exist for template 'tagged'/,
    )
    expectError(
      await c.api('POST', '/templates/tags', { json: { target: 'tagged:v1', tags: [] } }),
      400,
      /must not be empty/,
    )
    expectError(
      await c.api('POST', '/templates/tags', { json: { target: 'nosuch', tags: ['x'] } }),
      404,
      /template 'nosuch' not found/,
    )

    const removed = await c.api('DELETE', '/templates/tags', { json: { name: 'tagged', tags: ['prod'] } })
    expect(removed.status).toBe(204)
    expect(removed.text).toBe('')
    expectError(
      await c.api('DELETE', '/templates/tags', { json: { name: 'tagged', tags: ['default'] } }),
      400,
      /'default' tag cannot be removed/,
    )
    expectError(
      await c.api('DELETE', '/templates/tags', { json: { name: 'tagged', tags: ['zzz'] } }),
      404,
      /tag 'zzz' does not exist/,
    )
    expect(
      ((await c.api('GET', '/templates/tagged/tags')).body as unknown as { tag: string }[]).map((x) => x.tag).sort(),
    ).toEqual(['latest', 'v1'])
    expectError(await c.api('GET', '/templates/aliases/nosuch'), 404, /template 'nosuch' not found/)
    expectError(await c.api('GET', '/templates/nosuch'), 404, /template 'nosuch' not found/)
    expectError(await c.api('GET', '/templates/nosuch/tags'), 404, /template 'nosuch' not found/)
  })
})

describe('DELETE /templates/{id}', () => {
  it('refuses while a sandbox uses the template (400), then deletes it and its images (204)', async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'doomed')
    await buildToEnd(c, t, { fromTemplate: 'base' })
    const image = `sandock/template:${t.templateID}-${t.buildID}`
    const sbx = (await c.api('POST', '/v2/sandboxes', { json: { templateID: 'doomed' } })).body!.sandboxID as string
    expectError(await c.api('DELETE', `/templates/${t.templateID}`), 400, /used by running or paused sandboxes/)
    expect((await c.api('DELETE', `/sandboxes/${sbx}`)).status).toBe(204)
    const del = await c.api('DELETE', '/templates/doomed')
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect(c.runtime.images.has(image)).toBe(false)
    expectError(await c.api('GET', `/templates/${t.templateID}`), 404)
    expectError(await c.api('DELETE', `/templates/${t.templateID}`), 404, /not found/)
    // compat: the built-in is no stored template, so its DELETE is a snapshot's 404.
    expectError(await c.api('DELETE', '/templates/base'), 404, /template 'base' not found/)
  })
})

describe('GET /v2/templates and GET /templates/{id}: paging (contract 2.3)', () => {
  it("pages templates and a template's builds with limit and X-Next-Token (none on the last page), 400 for a bad token", async () => {
    const c = await fakeControl()
    const t = await requestBuild(c, 'paged')
    await buildToEnd(c, t, { fromTemplate: 'base' })
    const again = await requestBuild(c, 'paged')
    await buildToEnd(c, again, { fromTemplate: 'base' })
    const all = ((await c.api('GET', '/templates')).body as unknown as { templateID: string }[]).map(
      (x) => x.templateID,
    )
    expect(all.length).toBeGreaterThanOrEqual(2)
    const seen: string[] = []
    let token: string | null = null
    for (let i = 0; i < 20; i++) {
      const res = await c.api('GET', `/v2/templates?limit=1${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`)
      expect(res.status).toBe(200)
      const page = res.body as unknown as { templateID: string }[]
      expect(page).toHaveLength(1)
      seen.push(page[0]!.templateID)
      token = res.headers.get('x-next-token')
      if (!token) break
    }
    expect(seen).toEqual(all)
    expect((await c.api('GET', '/v2/templates')).headers.get('x-next-token')).toBeNull()
    expectError(await c.api('GET', '/v2/templates?nextToken=bm9wZQ'), 400, /Invalid next token/)
    expectError(await c.api('GET', '/v2/templates?limit=0'), 400)

    const builds = (
      (await c.api('GET', `/templates/${t.templateID}`)).body as unknown as { builds: { buildID: string }[] }
    ).builds.map((b) => b.buildID)
    expect(builds).toHaveLength(2)
    const first = await c.api('GET', `/templates/${t.templateID}?limit=1`)
    expect((first.body as unknown as { builds: { buildID: string }[] }).builds.map((b) => b.buildID)).toEqual([
      builds[0],
    ])
    const next = first.headers.get('x-next-token')
    expect(next).toBeTruthy()
    const second = await c.api('GET', `/templates/${t.templateID}?limit=1&nextToken=${encodeURIComponent(next!)}`)
    expect((second.body as unknown as { builds: { buildID: string }[] }).builds.map((b) => b.buildID)).toEqual([
      builds[1],
    ])
    expect(second.headers.get('x-next-token')).toBeNull()
  })
})
