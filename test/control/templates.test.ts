// The SDK's Template builder against Sandock: steps and their effects in a sandbox, the step cache
// and force, failing steps, start/ready commands through the proxy, tags, images without Node,
// and bad input that must leave nothing registered.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { Sandbox, Template, waitForPort, type LogEntry } from 'e2b'
import { docker } from '../support/docker.js'
import { killQuietly, printServerLogsOnFailure, sdkOpts, viaProxy } from '../support/control-sdk.js'
import { api } from '../support/control-api.js'
import { sharedServer, trackSandbox } from '../support/control-server.js'
import { rejection, unique } from '../support/async.js'

printServerLogsOnFailure()

const buildOpts = () => ({ apiKey: sharedServer().apiKey, apiUrl: sharedServer().apiUrl, cpuCount: 1, memoryMB: 1024 })
let context: string
const built: string[] = []
const start = async (template: string, opts: { envs?: Record<string, string> } = {}) => {
  const sbx = await Sandbox.create(template, { ...sdkOpts(), ...opts })
  trackSandbox(sharedServer(), sbx.sandboxId)
  onTestFinished(() => killQuietly(sbx.sandboxId))
  return sbx
}
const build = async (
  tpl: Parameters<typeof Template.build>[0],
  name: string,
  extra: { skipCache?: boolean; minFreeDiskMb?: number } = {},
) => {
  const logs: LogEntry[] = []
  built.push(name)
  const info = await Template.build(tpl, name, { ...buildOpts(), ...extra, onBuildLogs: (e) => logs.push(e) })
  return { info, logs, text: logs.map((l) => l.message).join('\n') }
}

beforeAll(async () => {
  context = await mkdtemp(join(tmpdir(), 'sandock-tpl-'))
  await mkdir(join(context, 'app', 'sub'), { recursive: true })
  await writeFile(join(context, 'app', 'main.py'), 'print("hi from app")\n')
  await writeFile(join(context, 'app', 'sub', 'deep.txt'), 'deep\n')
  await mkdir(join(context, 'folder'))
  await writeFile(join(context, 'folder', 'a.txt'), 'A\n')
  await writeFile(join(context, 'folder', 'b.txt'), 'B\n')
  await writeFile(join(context, 'single.txt'), 'single file\n')
})

afterAll(async () => {
  for (const name of built) await api('DELETE', `/templates/${name}`).catch(() => undefined)
  await rm(context, { recursive: true, force: true })
  // Cached step layers of this server's builds.
  const instance = (await readFile(join(sharedServer().dataDir, 'instance-id'), 'utf8').catch(() => '')).trim()
  if (instance) {
    const ids = (
      await docker('images', '-q', '--filter', `label=sandock.instance=${instance}`, '--filter', 'label=sandock.layer')
    )
      .split('\n')
      .filter(Boolean)
    if (ids.length) await docker('rmi', '-f', ...new Set(ids)).catch(() => undefined)
  }
})

describe('a template from base with every step type', () => {
  const name = unique('tpl-steps').toLowerCase()
  /** Every step type; `skipCacheFromUser` forces the USER step (6) and everything after it. */
  const steps = (skipCacheFromUser = false) => {
    const upToEnvs = Template({ fileContextPath: context })
      .fromTemplate('base')
      .runCmd('echo "built by $(whoami)" > /tmp/built.txt')
      .copy('app/', '/app/')
      .copy('folder/*', '/data/', { user: 'root', mode: 0o640 })
      .copy('single.txt', '/opt/single.txt', { mode: 0o755 })
      .setEnvs({ GREETING: 'hello template', DERIVED: '$HOME/derived' })
    return (skipCacheFromUser ? upToEnvs.skipCache() : upToEnvs)
      .setUser('appuser')
      .setWorkdir('/srv/work')
      .setStartCmd('python3 -m http.server 8000', waitForPort(8000))
  }

  let first: Awaited<ReturnType<typeof build>>
  beforeAll(async () => {
    first = await build(steps(), name)
  }, 300_000)

  it('builds, reports its ids and logs each step with its step number', () => {
    expect(first.info.templateId).toMatch(/^[a-z0-9]{20}$/)
    expect(first.info.buildId).toMatch(/^[0-9a-f-]{36}$/)
    expect(first.info.name).toBe(name)
    expect(first.text).toContain('[1] RUN')
    expect(first.text).toContain('[4] COPY single.txt /opt/single.txt')
    expect(first.text).not.toContain('CACHED')
  })

  it('gives sandboxes each effect: files, owner and mode, env, user, workdir, start command', async () => {
    const sbx = await start(name, { envs: { FROM_CREATE: 'yes' } })
    const info = await sbx.getInfo()
    expect(info.templateId).toBe(first.info.templateId)
    expect(info.name).toBe(name)
    expect((await sbx.commands.run('cat /tmp/built.txt')).stdout.trim()).toBe('built by user')
    expect(await sbx.files.read('/app/main.py')).toBe('print("hi from app")\n')
    expect(await sbx.files.read('/app/sub/deep.txt')).toBe('deep\n')
    expect(
      (await sbx.commands.run('stat -c "%U %a %n" /app/main.py /data/a.txt /data/b.txt /opt/single.txt')).stdout
        .trim()
        .split('\n'),
    ).toEqual(['user 644 /app/main.py', 'root 640 /data/a.txt', 'root 640 /data/b.txt', 'user 755 /opt/single.txt'])
    expect((await sbx.commands.run('echo "$GREETING|$DERIVED|$FROM_CREATE"')).stdout.trim()).toBe(
      'hello template|/home/user/derived|yes',
    )
    expect((await sbx.commands.run('whoami; pwd')).stdout.trim()).toBe('appuser\n/srv/work')
    expect((await sbx.commands.run('stat -c %U /srv/work')).stdout.trim()).toBe('appuser')
    // The start command was ready when create returned: the port answers through the proxy at once.
    const res = await viaProxy(sbx.sandboxId, 8000)
    expect(res.status).toBe(200)
    expect(res.text).toContain('Directory listing')
  })

  it('reports its disk as its sandboxes see it (diskSizeMB), in the listing and on the build', async () => {
    const sbx = await start(name)
    const detail = await api('GET', `/sandboxes/${sbx.sandboxId}`)
    const sandboxDisk = detail.body!.diskSizeMB as number
    expect(sandboxDisk).toBeGreaterThan(0)
    const listed = (await api('GET', '/templates')).body as unknown as { templateID: string; diskSizeMB: number }[]
    expect(listed.find((t) => t.templateID === first.info.templateId)?.diskSizeMB).toBe(sandboxDisk)
    const builds = (await api('GET', `/templates/${first.info.templateId}`)).body!.builds as {
      buildID: string
      diskSizeMB?: number
    }[]
    expect(builds.find((b) => b.buildID === first.info.buildId)?.diskSizeMB).toBe(sandboxDisk)
    expect(first.text).toMatch(new RegExp(`Disk: ${sandboxDisk} MiB, \\d+ MiB free after the steps`))
  })

  it('reuses every cached step on a rebuild, and force rebuilds a step and all after it', async () => {
    const again = await build(steps(), name)
    expect(again.info.templateId).toBe(first.info.templateId)
    expect(again.info.buildId).not.toBe(first.info.buildId)
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(again.text).toMatch(new RegExp(`CACHED \\[${n}\\]`))
    // Identical to a build already checked: its final image is reused without booting it again.
    expect(again.text).toContain('CACHED [finalize]')
    expect(again.text).not.toContain('Checking the template boots')
    // The cached final image keeps the disk its check measured.
    const listed = (await api('GET', '/templates')).body as unknown as { templateID: string; diskSizeMB: number }[]
    expect(listed.find((t) => t.templateID === first.info.templateId)?.diskSizeMB).toBeGreaterThan(0)

    const forced = await build(steps(true), name)
    expect(forced.text).toMatch(/CACHED \[1\]/)
    expect(forced.text).toMatch(/CACHED \[5\]/)
    expect(forced.text).not.toMatch(/CACHED \[6\]/)
    expect(forced.text).toContain('[6] USER appuser')
    expect(forced.text).toContain('[7] WORKDIR /srv/work')

    // The build-wide skipCache (top-level force) rebuilds every step.
    const all = await build(steps(), name, { skipCache: true })
    expect(all.text).not.toContain('CACHED')
    expect(all.text).toContain('[1] RUN')
  }, 300_000)

  it('exists by name (and base does); unknown names do not', async () => {
    expect(await Template.exists(name, buildOpts())).toBe(true)
    expect(await Template.exists('base', buildOpts())).toBe(true)
    expect(await Template.exists(unique('nope').toLowerCase(), buildOpts())).toBe(false)
  })

  it('assigns, lists and removes tags; a tag works in create', async () => {
    const assigned = await Template.assignTags(`${name}:default`, ['v1', 'stable'], buildOpts())
    expect(assigned.tags.sort()).toEqual(['stable', 'v1'])
    const tags = await Template.getTags(first.info.templateId, buildOpts())
    expect(tags.map((t) => t.tag).sort()).toEqual(['default', 'stable', 'v1'])
    expect(tags.find((t) => t.tag === 'v1')?.buildId).toBe(assigned.buildId)
    const sbx = await start(`${name}:v1`)
    expect((await sbx.commands.run('whoami')).stdout.trim()).toBe('appuser')
    await Template.removeTags(name, ['stable'], buildOpts())
    expect((await Template.getTags(first.info.templateId, buildOpts())).map((t) => t.tag).sort()).toEqual([
      'default',
      'v1',
    ])
    expect((await api('DELETE', '/templates/tags', { json: { name, tags: ['default'] } })).status).toBe(400)
    expect((await rejection(Sandbox.create(`${name}:stable`, sdkOpts()))).message).toContain(
      "tag 'stable' does not exist",
    )
  })

  it('a failing RUN fails the build at that step and keeps the working template', async () => {
    const err = await rejection(
      build(
        Template({ fileContextPath: context })
          .fromTemplate('base')
          .runCmd('echo fine')
          .runCmd('echo about to fail >&2; exit 3'),
        name,
      ),
    )
    expect(err.name).toBe('BuildError')
    // compat: upstream's text first (users and tools match on it), our detail after it.
    expect(err.message).toMatch(
      /^failed to run command 'echo about to fail >&2; exit 3': command failed: exit status 3 \(RUN as 'user' in /,
    )
    // The failure names the request's step (2, 1-based), which the SDK maps to the user's call.
    const builds = (await api('GET', `/templates/${first.info.templateId}`)).body!.builds as {
      buildID: string
      status: string
    }[]
    const failed = builds.find((b) => b.status === 'error')!
    const status = await api('GET', `/templates/${first.info.templateId}/builds/${failed.buildID}/status`)
    expect(status.body).toMatchObject({
      status: 'error',
      reason: { step: '2', message: expect.stringContaining('command failed: exit status 3') },
    })
    expect(JSON.stringify((status.body!.reason as { logEntries: unknown[] }).logEntries)).toContain('about to fail')
    const sbx = await start(name)
    expect((await sbx.commands.run('whoami')).stdout.trim()).toBe('appuser')
  }, 300_000)

  it('lists the template and refuses to delete it while a sandbox uses it', async () => {
    const listed = (await api('GET', '/templates')).body as unknown as { templateID: string; names: string[] }[]
    expect(listed.find((t) => t.templateID === first.info.templateId)?.names).toEqual([name])
    const detail = await api('GET', `/templates/${first.info.templateId}`)
    expect((detail.body!.builds as unknown[]).length).toBeGreaterThanOrEqual(3)
    const sbx = await start(name)
    const refused = await api('DELETE', `/templates/${first.info.templateId}`)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 400, message: expect.stringContaining('used by') })
    await sbx.kill()
    expect((await api('DELETE', `/templates/${first.info.templateId}`)).status).toBe(204)
    expect(await Template.exists(name, buildOpts())).toBe(false)
  })
})

it('builds from an image without Node (the offline Debian base) and runs commands in it', async () => {
  const name = unique('tpl-debian').toLowerCase()
  const { logs } = await build(
    Template().fromImage('debian:bookworm-slim').runCmd('echo "$(id -un) ok" > /tmp/ok'),
    name,
  )
  expect(logs.some((l) => l.message.includes('Adding envd'))).toBe(true)
  const sbx = await start(name)
  expect((await sbx.commands.run('cat /tmp/ok; whoami; command -v node || echo no-node')).stdout.trim()).toBe(
    'user ok\nuser\nno-node',
  )
  // The implicit `USER user true` grants passwordless sudo (this image has no sudo binary to use it).
  expect((await sbx.commands.run('cat /etc/sudoers.d/90-sandock-user', { user: 'root' })).stdout.trim()).toBe(
    'user ALL=(ALL:ALL) NOPASSWD: ALL',
  )
  await sbx.files.write('/home/user/x.txt', 'written')
  expect(await sbx.files.read('x.txt')).toBe('written')
}, 300_000)

it('fromBaseImage() (e2bdev/base) starts from base; fromDockerfile maps its instructions onto steps', async () => {
  const plain = unique('tpl-plain').toLowerCase()
  await build(Template().fromBaseImage().runCmd('echo plain > /tmp/plain'), plain)
  const a = await start(plain)
  expect((await a.commands.run('cat /tmp/plain; whoami; command -v python3')).stdout.trim()).toBe(
    'plain\nuser\n/usr/bin/python3',
  )

  const fromDockerfile = unique('tpl-df').toLowerCase()
  await build(
    Template().fromDockerfile(
      'FROM debian:bookworm-slim\nENV MODE=docker\nWORKDIR /work\nRUN echo "from $MODE" > /work/f.txt\n',
    ),
    fromDockerfile,
  )
  const b = await start(fromDockerfile)
  expect((await b.commands.run('cat /work/f.txt; echo "$MODE"; whoami; pwd')).stdout.trim()).toBe(
    'from docker\ndocker\nuser\n/work',
  )
}, 300_000)

describe('bad input', () => {
  const request = async () => {
    const res = await api('POST', '/v3/templates', {
      json: { name: unique('tpl-bad').toLowerCase(), cpuCount: 1, memoryMB: 1024 },
    })
    expect(res.status).toBe(202)
    built.push(res.body!.templateID as string)
    return res.body as { templateID: string; buildID: string }
  }
  const startBuild = (t: { templateID: string; buildID: string }, body: unknown) =>
    api('POST', `/v2/templates/${t.templateID}/builds/${t.buildID}`, { json: body })

  it.each([
    ['an unknown step type', { fromTemplate: 'base', steps: [{ type: 'FROBNICATE', args: [] }] }, 'not implemented'],
    ['odd ENV args', { fromTemplate: 'base', steps: [{ type: 'ENV', args: ['A', '1', 'B'] }] }, 'name/value pairs'],
    [
      'a COPY without filesHash',
      { fromTemplate: 'base', steps: [{ type: 'COPY', args: ['a', '/a'] }] },
      'filesHash is required',
    ],
    [
      'a COPY whose files were never uploaded',
      { fromTemplate: 'base', steps: [{ type: 'COPY', args: ['a', '/a'], filesHash: 'a'.repeat(64) }] },
      'never uploaded',
    ],
    [
      'both fromImage and fromTemplate',
      { fromTemplate: 'base', fromImage: 'debian:bookworm-slim', steps: [] },
      'exactly one of',
    ],
    ['neither fromImage nor fromTemplate', { steps: [] }, 'exactly one of'],
  ])('%s → 400, and the template does not exist', async (_what, body, message) => {
    const t = await request()
    const res = await startBuild(t, body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, message: expect.stringContaining(message) })
    expect((await api('GET', `/templates/aliases/${t.templateID}`)).status).toBe(404)
    expect((await rejection(Sandbox.create(t.templateID, sdkOpts()))).message).toContain('not found')
  })

  it('rejects bad names, resources and file hashes', async () => {
    expect((await api('POST', '/v3/templates', { json: { name: 'Bad Name!' } })).status).toBe(400)
    expect((await api('POST', '/v3/templates', { json: { name: 'ok-name', cpuCount: 3 } })).status).toBe(400)
    expect((await api('POST', '/v3/templates', { json: { name: 'ok-name', memoryMB: 64 } })).status).toBe(400)
    expect((await api('POST', '/v3/templates', { json: { name: 'base' } })).status).toBe(409)
    const t = await request()
    expect((await api('GET', `/templates/${t.templateID}/files/not-a-hash`)).status).toBe(400)
    const link = await api('GET', `/templates/${t.templateID}/files/${'b'.repeat(64)}`)
    expect(link.status).toBe(201)
    expect(link.body).toMatchObject({ present: false, url: expect.stringContaining('/template-files/') })
    // The upload URL is self-authenticating: a wrong token is refused, a right one stores the tar.
    const url = new URL(link.body!.url as string)
    const bad = new URL(url)
    bad.searchParams.set('token', '0'.repeat(64))
    expect((await fetch(bad, { method: 'PUT', body: Buffer.alloc(1024) })).status).toBe(403)
    expect((await fetch(url, { method: 'PUT', body: Buffer.from('not a tar') })).status).toBe(400)
    expect((await fetch(url, { method: 'PUT', body: Buffer.alloc(1024) })).status).toBe(201)
    expect((await api('GET', `/templates/${t.templateID}/files/${'b'.repeat(64)}`)).body).toMatchObject({
      present: true,
    })
  })

  it('minFreeDiskMb: met, the build is ready; more than the disk has, the build fails at finalize with both figures; negative, 400', async () => {
    const name = unique('tpl-disk').toLowerCase()
    const tpl = () => Template().fromTemplate('base').runCmd('echo disk-check > /tmp/d')
    const ok = await build(tpl(), name, { minFreeDiskMb: 1 })
    expect(ok.text).toMatch(/Disk: \d+ MiB, \d+ MiB free after the steps/)
    // 1 PiB: no test machine has it. The same steps hit the cache, yet free space is measured again.
    const err = await rejection(build(tpl(), name, { minFreeDiskMb: 1024 ** 3 }))
    expect(err.name).toBe('BuildError')
    expect(err.message).toMatch(
      /has \d+ MiB free after its steps, less than the 1073741824 MiB asked \(minFreeDiskMb\)/,
    )
    // The ready build still serves the name.
    const sbx = await start(name)
    expect((await sbx.commands.run('cat /tmp/d')).stdout).toBe('disk-check\n')
    const bad = await api('POST', '/v3/templates', {
      json: { name: unique('tpl-bad').toLowerCase(), minFreeDiskMb: -1 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 400, message: expect.stringContaining('minFreeDiskMb') })
  }, 300_000)

  it('a start command that fails fails the build at its finalize step, without waiting out the ready timeout', async () => {
    const err = await rejection(
      build(
        Template().fromTemplate('base').setStartCmd('echo missing config >&2; exit 7', waitForPort(8000)),
        unique('tpl-startfail').toLowerCase(),
      ),
    )
    expect(err.name).toBe('BuildError')
    expect(err.message).toContain('start command exited with code 7')
    expect(err.message).toContain('missing config')
  })

  it('an image that cannot be pulled fails the build at its base step', async () => {
    const name = unique('tpl-nopull').toLowerCase()
    const err = await rejection(build(Template().fromImage('sandock-test/does-not-exist:1').runCmd('true'), name))
    expect(err.name).toBe('BuildError')
    expect(err.message).toMatch(/^error pulling image: cannot pull image 'sandock-test\/does-not-exist:1'/)
    expect(await Template.exists(name, buildOpts())).toBe(false)
  })

  it("a RUN as a user the image lacks fails with upstream's unauthenticated text", async () => {
    const name = unique('tpl-nouser').toLowerCase()
    const err = await rejection(build(Template().fromTemplate('base').runCmd('whoami', { user: 'root123' }), name))
    expect(err.name).toBe('BuildError')
    expect(err.message).toMatch(
      /^failed to run command 'whoami': command failed: unauthenticated: invalid username: 'root123' \(/,
    )
    expect(await Template.exists(name, buildOpts())).toBe(false)
  })

  it('an image without glibc fails with the reason', async () => {
    // A one-file image: a static binary and nothing else (no loader, no libc, no shell).
    const dir = await mkdtemp(join(tmpdir(), 'sandock-static-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    await mkdir(join(dir, 'bin'))
    await writeFile(join(dir, 'bin', 'init'), await readFile('/usr/bin/docker-init'), { mode: 0o755 })
    await mkdir(join(dir, 'opt'))
    const tag = `sandock-test/static:${Date.now()}`
    const { execFile } = await import('node:child_process')
    await new Promise<void>((resolve, reject) =>
      execFile('sh', ['-c', `tar -C "${dir}" -c . | docker import - ${tag}`], (e) => (e ? reject(e) : resolve())),
    )
    onTestFinished(() =>
      docker('rmi', '-f', tag).then(
        () => undefined,
        () => undefined,
      ),
    )
    const err = await rejection(build(Template().fromImage(tag).runCmd('true'), unique('tpl-static').toLowerCase()))
    expect(err.name).toBe('BuildError')
    expect(err.message).toContain('needs a glibc-based Linux image')
  })
})
