// Template state across a server restart (records, logs, tags persist; a build cut by the restart
// fails and leaves no container), cancellation by a newer build, and registry credentials that
// never reach a log. Uses its own server (ports + 20) so the shared one is never disturbed.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Sandbox, Template } from 'e2b'
import { api } from '../support/control-api.js'
import { docker } from '../support/docker.js'
import { killQuietly, printServerLogsOnFailure } from '../support/control-sdk.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  trackSandbox,
  type ControlServer,
} from '../support/control-server.js'
import { rejection, unique } from '../support/async.js'

const apiPort = DEFAULT_API_PORT + 20
const proxyPort = DEFAULT_PROXY_PORT + 20

describe('templates across a restart', () => {
  let first: ControlServer
  let second: ControlServer | undefined
  const live = () => second ?? first
  printServerLogsOnFailure(live)
  const opts = () => ({ apiKey: live().apiKey, apiUrl: live().apiUrl, cpuCount: 1, memoryMB: 1024 })
  const lapi = (method: string, path: string, json?: unknown) => api(method, path, { json, server: live() })
  const request = async (name: string) =>
    (await lapi('POST', '/v3/templates', { name, cpuCount: 1, memoryMB: 1024 })).body as {
      templateID: string
      buildID: string
    }
  const status = async (t: { templateID: string; buildID: string }) =>
    (await lapi('GET', `/templates/${t.templateID}/builds/${t.buildID}/status`)).body as {
      status: string
      logEntries: { message: string }[]
      reason?: { message: string }
    }
  const buildContainers = async (s: ControlServer) => {
    const instance = (await readFile(join(s.dataDir, 'instance-id'), 'utf8')).trim()
    return (
      await docker('ps', '-aq', '--filter', `label=sandock.instance=${instance}`, '--filter', 'name=^sandock-build-')
    )
      .split('\n')
      .filter(Boolean)
  }

  beforeAll(async () => {
    first = await startServer({ apiPort, proxyPort, env: { SANDOCK_LOG_LEVEL: 'debug' } })
  })
  afterAll(async () => {
    await second?.cleanup()
    await first?.cleanup()
  })

  const name = unique('tpl-restart').toLowerCase()
  let built: { templateId: string; buildId: string }
  let interrupted: { templateID: string; buildID: string }

  it('keeps templates, tags and build logs, and fails the build the restart cut', async () => {
    built = await Template.build(
      Template().fromTemplate('base').setEnvs({ KEPT: 'across restarts' }).runCmd('echo persisted > /tmp/p'),
      `${name}:v1`,
      opts(),
    )
    // A sandbox from the template lives through the restart (boot removes build containers only).
    const before = await Sandbox.create(`${name}:v1`, sdkOpts(first))
    trackSandbox(first, before.sandboxId)
    interrupted = await request(unique('tpl-cut').toLowerCase())
    expect(
      (
        await lapi('POST', `/v2/templates/${interrupted.templateID}/builds/${interrupted.buildID}`, {
          fromTemplate: 'base',
          steps: [{ type: 'RUN', args: ['sleep 600'] }],
        })
      ).status,
    ).toBe(202)
    await expect
      .poll(async () => (await status(interrupted)).logEntries.some((l) => l.message.includes('[1] RUN sleep 600')), {
        timeout: 60_000,
        interval: 100,
        message: 'the slow build to reach its step',
      })
      .toBe(true)
    expect(await buildContainers(first)).toHaveLength(1)
    await first.stop('SIGKILL')

    second = await startServer({ apiPort, proxyPort, dataDir: first.dataDir, apiKey: first.apiKey })
    expect(await Template.exists(name, opts())).toBe(true)
    expect((await Template.getTags(built.templateId, opts())).map((t) => t.tag).sort()).toEqual(['v1'])
    const logs = await status({ templateID: built.templateId, buildID: built.buildId })
    expect(logs.status).toBe('ready')
    expect(logs.logEntries.map((l) => l.message).join('\n')).toContain('[2] RUN echo persisted > /tmp/p')
    const cut = await status(interrupted)
    expect(cut.status).toBe('error')
    expect(cut.reason?.message).toContain('restarted')
    expect(await buildContainers(second)).toHaveLength(0)
    const survivor = await Sandbox.connect(before.sandboxId, sdkOpts(second))
    expect((await survivor.commands.run('cat /tmp/p')).stdout).toBe('persisted\n')
    await killQuietly(before.sandboxId, second)

    const sbx = await Sandbox.create(`${name}:v1`, sdkOpts(second))
    trackSandbox(second, sbx.sandboxId)
    try {
      expect((await sbx.commands.run('cat /tmp/p; echo "$KEPT"')).stdout).toBe('persisted\nacross restarts\n')
    } finally {
      await killQuietly(sbx.sandboxId, second)
    }
  }, 240_000)

  it('a newer build of a template cancels the one in progress; the newer one wins', async () => {
    const tname = unique('tpl-cancel').toLowerCase()
    const older = await request(tname)
    await lapi('POST', `/v2/templates/${older.templateID}/builds/${older.buildID}`, {
      fromTemplate: 'base',
      steps: [{ type: 'RUN', args: ['sleep 600'] }],
    })
    await expect
      .poll(async () => (await status(older)).status, {
        timeout: 30_000,
        interval: 100,
        message: 'the older build to start',
      })
      .toBe('building')
    const newer = await request(tname)
    expect(newer.templateID).toBe(older.templateID)
    await lapi('POST', `/v2/templates/${newer.templateID}/builds/${newer.buildID}`, {
      fromTemplate: 'base',
      steps: [{ type: 'RUN', args: ['echo newer > /tmp/which'] }],
    })
    const cancelled = await vi.waitFor(
      async () => {
        const s = await status(older)
        expect(s.status, 'the older build to be cancelled').toBe('error')
        return s
      },
      { timeout: 30_000, interval: 100 },
    )
    expect(cancelled.reason?.message).toContain('cancelled by a newer build')
    await expect
      .poll(async () => (await status(newer)).status, { timeout: 120_000, interval: 100, message: 'the newer build' })
      .toBe('ready')
    const sbx = await Sandbox.create(tname, sdkOpts(live()))
    trackSandbox(live(), sbx.sandboxId)
    try {
      expect((await sbx.commands.run('cat /tmp/which')).stdout.trim()).toBe('newer')
    } finally {
      await killQuietly(sbx.sandboxId, live())
    }
    expect(await buildContainers(live())).toHaveLength(0)
  }, 240_000)

  it('passes registry credentials to the pull and never logs them', async () => {
    const secret = `s3cret-${unique('pw')}`
    const err = await rejection(
      Template.build(
        Template().fromImage('sandock-test/private:1', { username: 'someone', password: secret }).runCmd('true'),
        unique('tpl-cred').toLowerCase(),
        opts(),
      ),
    )
    expect(err.name).toBe('BuildError')
    expect(err.message).toContain("cannot pull image 'sandock-test/private:1'")
    expect(live().logs()).not.toContain(secret)
    for (const file of ['templates.db', 'templates.db-wal']) {
      expect(
        await readFile(join(live().dataDir, file)).then(
          (b) => b.includes(secret),
          () => false,
        ),
      ).toBe(false)
    }
  })
})
