// E2B's own CLI (`@e2b/cli`, pinned, unmodified) against the shared `sandock serve`, driven as a
// user would: E2B_API_KEY / E2B_API_URL / E2B_SANDBOX_URL in the environment, a fresh HOME (no
// ~/.e2b login), the CLI's own binary, and a PTY for the terminal commands (connect, create).
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as nodePty from 'node-pty'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { Sandbox, Template } from 'e2b'
import { unique } from '../support/async.js'
import {
  containersOf,
  createSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
  sharedServer,
} from '../support/control-sdk.js'
import { trackSandbox } from '../support/control-server.js'

const run = promisify(execFile)
const CLI = createRequire(import.meta.url).resolve('@e2b/cli/dist/index.js')
let home: string

printServerLogsOnFailure()

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'sandock-cli-home-'))
})
afterAll(async () => {
  await rm(home, { recursive: true, force: true })
})

/** The CLI's environment: only what a user sets to point it at a self-hosted server. */
function cliEnv(): NodeJS.ProcessEnv {
  const server = sharedServer()
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('E2B_') && !k.startsWith('SANDOCK_')) env[k] = v
  return {
    ...env,
    HOME: home,
    E2B_API_KEY: server.apiKey,
    E2B_API_URL: server.apiUrl,
    E2B_SANDBOX_URL: server.sandboxUrl,
    NO_UPDATE_NOTIFIER: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  }
}

type CliResult = { code: number; stdout: string; stderr: string }

/** Runs `e2b <args>` to completion; a non-zero exit is a result, not an error. */
async function e2b(args: string[], opts: { cwd?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  const running = run(process.execPath, [CLI, ...args], {
    env: cliEnv(),
    cwd: opts.cwd ?? home,
    timeout: opts.timeoutMs ?? 60_000,
    maxBuffer: 16 * 1024 * 1024,
  })
  // An empty stdin, as from a terminal with nothing typed: `exec` forwards piped stdin until EOF.
  running.child.stdin?.end()
  try {
    const { stdout, stderr } = await running
    return { code: 0, stdout, stderr }
  } catch (e) {
    const err = e as { code?: number | string; stdout?: string; stderr?: string; killed?: boolean }
    if (typeof err.code !== 'number') throw e
    return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }
  }
}

/** `e2b <args> -f json` (or `--format json`) parsed. */
async function e2bJson<T>(args: string[]): Promise<T> {
  const res = await e2b(args)
  expect(res.code, res.stderr).toBe(0)
  return JSON.parse(res.stdout) as T
}

/** The CLI in a pseudo-terminal, as a person at a shell would run it. */
function e2bInPty(args: string[]) {
  const term = nodePty.spawn(process.execPath, [CLI, ...args], {
    name: 'xterm',
    cols: 120,
    rows: 30,
    cwd: home,
    env: cliEnv() as Record<string, string>,
  })
  let output = ''
  term.onData((d) => {
    output += d
  })
  const exited = new Promise<number>((resolve) => term.onExit(({ exitCode }) => resolve(exitCode)))
  onTestFinished(() => {
    try {
      term.kill()
    } catch {
      /* already gone */
    }
  })
  return {
    output: () => output,
    write: (s: string) => term.write(s),
    exited,
    /** Waits until the screen text (no colours, no carriage returns) matches `re`; returns the match. */
    waitFor: (re: RegExp, what: string, timeoutMs = 60_000) =>
      vi.waitFor(
        () => {
          const m = re.exec(screenText(output))
          expect(m, `${what} in the terminal; output so far:\n${output}`).not.toBeNull()
          return m!
        },
        { timeout: timeoutMs, interval: 100 },
      ),
  }
}

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;?]*[a-zA-Z]|\x1b\][^\x07]*\x07/g, '')
const screenText = (s: string) => stripAnsi(s).replace(/\r/g, '')

describe('e2b sandbox list', () => {
  it('lists running sandboxes, filtered by --metadata and --state', async () => {
    const tag = unique('cli')
    const [a, b] = await Promise.all([
      createSandbox({ metadata: { suite: tag, role: 'a' } }),
      createSandbox({ metadata: { suite: tag, role: 'b' } }),
    ])
    onTestFinished(() => Promise.all([killQuietly(a.sandboxId), killQuietly(b.sandboxId)]).then(() => undefined))
    type Listed = {
      sandboxId: string
      state: string
      metadata: Record<string, string>
      templateId: string
      name?: string
    }
    const ids = (l: Listed[]) => l.map((s) => s.sandboxId).sort()

    expect(ids(await e2bJson<Listed[]>(['sandbox', 'list', '-m', `suite=${tag}`, '-f', 'json']))).toEqual(
      [a.sandboxId, b.sandboxId].sort(),
    )
    const onlyA = await e2bJson<Listed[]>(['sandbox', 'list', '--metadata', `suite=${tag},role=a`, '--format', 'json'])
    expect(onlyA).toEqual([
      expect.objectContaining({
        sandboxId: a.sandboxId,
        state: 'running',
        templateId: 'base',
        metadata: { suite: tag, role: 'a' },
      }),
    ])

    await Sandbox.pause(b.sandboxId, sdkOpts())
    expect(ids(await e2bJson<Listed[]>(['sandbox', 'list', '-m', `suite=${tag}`, '-f', 'json']))).toEqual([a.sandboxId])
    expect(
      ids(await e2bJson<Listed[]>(['sandbox', 'list', '--state', 'paused', '-m', `suite=${tag}`, '-f', 'json'])),
    ).toEqual([b.sandboxId])
    expect(
      ids(await e2bJson<Listed[]>(['sandbox', 'list', '-s', 'running,paused', '-m', `suite=${tag}`, '-f', 'json'])),
    ).toEqual([a.sandboxId, b.sandboxId].sort())

    // The table a person reads.
    const pretty = await e2b(['sandbox', 'list', '-s', 'running,paused', '-m', `suite=${tag}`])
    expect(pretty.code).toBe(0)
    expect(pretty.stdout).toMatch(new RegExp(`${a.sandboxId}\\s+base\\s+base\\s.*Running`))
    expect(pretty.stdout).toMatch(new RegExp(`${b.sandboxId}\\s+base\\s+base\\s.*Paused`))
  })

  it('says so when nothing matches', async () => {
    const res = await e2b(['sandbox', 'list', '-m', `suite=${unique('none')}`])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('No sandboxes found')
  })
})

describe('e2b sandbox info, exec, metrics', () => {
  let sbx: Sandbox
  beforeAll(async () => {
    sbx = await createSandbox({ metadata: { owner: 'cli-test' } })
  })
  afterAll(() => killQuietly(sbx?.sandboxId))

  it('info shows the sandbox as the API has it', async () => {
    const info = await e2bJson<Record<string, unknown>>(['sandbox', 'info', sbx.sandboxId, '-f', 'json'])
    expect(info).toMatchObject({
      sandboxId: sbx.sandboxId,
      templateId: 'base',
      state: 'running',
      metadata: { owner: 'cli-test' },
      envdVersion: expect.any(String),
    })
    const pretty = await e2b(['sandbox', 'info', sbx.sandboxId])
    expect(pretty.stdout).toContain(`Sandbox ID: ${sbx.sandboxId}`)
    expect(pretty.stdout).toContain('State: running')
  })

  it("info of an unknown sandbox fails with the API's not-found", async () => {
    const res = await e2b(['sandbox', 'info', 'nosuchsandbox0000000'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/not found|wasn't found/i)
  })

  it('exec runs a command, passes its output, exit code, user, cwd and env through', async () => {
    const ok = await e2b(['sandbox', 'exec', sbx.sandboxId, 'echo', 'from-cli'])
    expect(ok).toMatchObject({ code: 0, stdout: 'from-cli\n' })
    const failing = await e2b(['sandbox', 'exec', sbx.sandboxId, 'sh', '-c', 'echo out; echo err >&2; exit 3'])
    expect(failing).toMatchObject({ code: 3, stdout: 'out\n' })
    expect(failing.stderr).toContain('err')
    const ctx = await e2b([
      'sandbox',
      'exec',
      '-u',
      'root',
      '-c',
      '/tmp',
      '-e',
      'CLI_VAR=42',
      sbx.sandboxId,
      'sh',
      '-c',
      'echo $(whoami) $(pwd) $CLI_VAR',
    ])
    expect(ctx).toMatchObject({ code: 0, stdout: 'root /tmp 42\n' })
  })

  it('exec pipes stdin to the command', async () => {
    const { stdout } = await run(
      'sh',
      ['-c', `printf 'piped-in' | "${process.execPath}" "${CLI}" sandbox exec ${sbx.sandboxId} cat`],
      { env: cliEnv(), timeout: 60_000 },
    )
    expect(stdout).toBe('piped-in')
  })

  it("metrics prints the sandbox's samples (json and pretty)", async () => {
    const res = await vi.waitFor(
      async () => {
        const r = await e2b(['sandbox', 'metrics', sbx.sandboxId, '--format', 'json'])
        expect(r.code, 'a metrics sample').toBe(0)
        expect(r.stdout.trim(), 'a metrics sample').not.toBe('')
        return r
      },
      { timeout: 30_000, interval: 100 },
    )
    const first = JSON.parse(res.stdout.trim().split('\n')[0]!) as Record<string, unknown>
    expect(first).toMatchObject({
      timestamp: expect.any(String),
      cpuCount: 2,
      memTotal: expect.any(Number),
      diskTotal: expect.any(Number),
    })
    const pretty = await e2b(['sandbox', 'metrics', sbx.sandboxId])
    expect(pretty.stdout).toMatch(/CPU:\s+[\d.]+% \/\s+2 Cores \| Memory:\s+\d+ \/ \d+\s+MiB \| Disk:/)
  })

  it("metrics --follow streams new samples; once the sandbox is gone it stops with the API's 404", async () => {
    const other = await createSandbox()
    const follow = e2b(['sandbox', 'metrics', other.sandboxId, '--follow', '--format', 'json'], { timeoutMs: 90_000 })
    await new Promise((r) => setTimeout(r, 12_000))
    await Sandbox.kill(other.sandboxId, sdkOpts())
    const res = await follow
    const samples = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { timestamp: string })
    // Samples come every 5 s (SANDOCK_METRICS_INTERVAL_MS): several arrived while following, each once.
    expect(samples.length).toBeGreaterThanOrEqual(2)
    expect(new Set(samples.map((s) => s.timestamp)).size).toBe(samples.length)
    // The CLI asks once whether the sandbox runs, so it stops at the first failed poll.
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/doesn't exist|not found/i)
  }, 120_000)
})

describe('e2b sandbox logs', () => {
  it("prints envd's log with string levels, as pretty lines and as JSON; --level filters", async () => {
    const sbx = await createSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const pretty = await e2b(['sandbox', 'logs', sbx.sandboxId])
    expect(pretty.code, pretty.stderr).toBe(0)
    expect(stripAnsi(pretty.stdout)).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z\] INFO .*message: 'envd listening'/m,
    )
    const json = await e2b(['sandbox', 'logs', sbx.sandboxId, '--format', 'json'])
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: string; message: string; timestamp: string })
    expect(lines.find((l) => l.message === 'envd listening')).toMatchObject({
      level: 'info',
      timestamp: expect.any(String),
    })
    expect(lines.every((l) => ['debug', 'info', 'warn', 'error'].includes(l.level))).toBe(true)
    // --loggers filters on each line's logger (envd's lines name it `envd`).
    const envdOnly = await e2b(['sandbox', 'logs', sbx.sandboxId, '--loggers', 'envd', '--format', 'json'])
    expect(envdOnly.stdout.trim().split('\n').length).toBe(lines.length)
    expect(
      (await e2b(['sandbox', 'logs', sbx.sandboxId, '--loggers', 'nosuchlogger', '--format', 'json'])).stdout.trim(),
    ).toBe('')
    const errorsOnly = await e2b(['sandbox', 'logs', sbx.sandboxId, '--level', 'ERROR', '--format', 'json'])
    expect(errorsOnly.code).toBe(0)
    expect(errorsOnly.stdout.trim()).toBe('')
  })

  it('--follow prints each line once as it comes, and stops once the sandbox is gone', async () => {
    const sbx = await createSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const follow = e2b(['sandbox', 'logs', sbx.sandboxId, '--follow', '--format', 'json'], { timeoutMs: 90_000 })
    await new Promise((r) => setTimeout(r, 2000))
    // A pause and resume make envd log again (its /init), while the CLI polls from its last line.
    await Sandbox.pause(sbx.sandboxId, sdkOpts())
    await Sandbox.connect(sbx.sandboxId, sdkOpts())
    await new Promise((r) => setTimeout(r, 2000))
    await Sandbox.kill(sbx.sandboxId, sdkOpts())
    const res = await follow
    const lines = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { timestamp: string; message: string })
    expect(lines.filter((l) => l.message === 'envd listening')).toHaveLength(1)
    expect(new Set(lines.map((l) => `${l.timestamp} ${l.message}`)).size).toBe(lines.length)
    // As upstream, the log outlives the kill (SANDOCK_LOG_RETENTION): the next poll answers, the CLI
    // sees the sandbox is no longer running and stops cleanly (before, a 404 made it fail).
    expect(res.code, res.stderr).toBe(0)
    expect(res.stderr).not.toContain('[404]')
  }, 120_000)
})

describe('e2b sandbox pause, resume, kill', () => {
  it('pauses and resumes a sandbox, keeping its processes; kill removes it', async () => {
    const sbx = await createSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    await sbx.commands.run('echo kept > /tmp/state; sleep 600', { background: true, timeoutMs: 0 })
    const pause = await e2b(['sandbox', 'pause', sbx.sandboxId])
    expect(pause.stdout).toContain(`Sandbox ${sbx.sandboxId} has been paused`)
    expect((await Sandbox.getInfo(sbx.sandboxId, sdkOpts())).state).toBe('paused')
    const again = await e2b(['sandbox', 'pause', sbx.sandboxId])
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('already paused')

    const resume = await e2b(['sandbox', 'resume', sbx.sandboxId])
    expect(resume.stdout).toContain(`Sandbox ${sbx.sandboxId} has been resumed`)
    expect((await Sandbox.getInfo(sbx.sandboxId, sdkOpts())).state).toBe('running')
    expect((await sbx.commands.run('cat /tmp/state; pgrep -c sleep')).stdout).toBe('kept\n1\n')

    const kill = await e2b(['sandbox', 'kill', sbx.sandboxId])
    expect(kill.stdout).toContain(`Sandbox ${sbx.sandboxId} has been killed`)
    expect(await containersOf(sbx.sandboxId)).toEqual([])
    // The CLI reports a second kill on stderr (and exits 0, its own choice).
    expect((await e2b(['sandbox', 'kill', sbx.sandboxId])).stderr).toContain("wasn't found")
    const missing = await e2b(['sandbox', 'pause', sbx.sandboxId])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain("wasn't found")
  })

  it('kill --all with --metadata kills exactly the matching sandboxes', async () => {
    const tag = unique('cli-kill')
    const [a, b] = await Promise.all([
      createSandbox({ metadata: { suite: tag } }),
      createSandbox({ metadata: { suite: tag } }),
    ])
    const bystander = await createSandbox({ metadata: { suite: unique('other') } })
    onTestFinished(() => Promise.all([a, b, bystander].map((s) => killQuietly(s.sandboxId))).then(() => undefined))
    const res = await e2b(['sandbox', 'kill', '--all', '-m', `suite=${tag}`])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('Killed 2 running sandboxes')
    expect(await containersOf(a.sandboxId)).toEqual([])
    expect(await containersOf(b.sandboxId)).toEqual([])
    expect((await Sandbox.getInfo(bystander.sandboxId, sdkOpts())).state).toBe('running')
  })
})

describe('e2b sandbox connect and create (a terminal through a PTY)', () => {
  it('connect opens a shell in a running sandbox; exit leaves the sandbox running', async () => {
    const sbx = await createSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const term = e2bInPty(['sandbox', 'connect', sbx.sandboxId])
    await term.waitFor(/Terminal connecting to sandbox/, 'the connect banner')
    await term.waitFor(/user@\S+:~\$ $/, 'a shell prompt')
    term.write('echo "sum=$((6*7)) id=$E2B_SANDBOX_ID"; tty\r')
    await term.waitFor(new RegExp(`sum=42 id=${sbx.sandboxId}`), 'the command output')
    await term.waitFor(/\/dev\/pts\/\d+/, 'a pty in the sandbox')
    term.write('exit\r')
    expect(await term.exited).toBe(0)
    expect(stripAnsi(term.output())).toContain(`Closing terminal connection to sandbox ${sbx.sandboxId}`)
    expect((await Sandbox.getInfo(sbx.sandboxId, sdkOpts())).state).toBe('running')
  })

  it('create starts a sandbox and a terminal in it; leaving the terminal ends the sandbox', async () => {
    const term = e2bInPty(['sandbox', 'create', 'base'])
    const [, sandboxId] = await term.waitFor(/with sandbox ID (\w+)/, 'the create banner')
    trackSandbox(sharedServer(), sandboxId!)
    onTestFinished(() => killQuietly(sandboxId))
    await term.waitFor(/user@\S+:~\$ $/, 'a shell prompt')
    term.write('cd /tmp && pwd && whoami\r')
    await term.waitFor(/\n\/tmp\nuser\n/, 'pwd and whoami')
    term.write('exit\r')
    expect(await term.exited).toBe(0)
    // The CLI sets a 1 s timeout when its terminal closes: the sandbox then ends.
    await expect
      .poll(async () => (await containersOf(sandboxId!)).length, {
        timeout: 30_000,
        interval: 500,
        message: 'the sandbox to end after the terminal closed',
      })
      .toBe(0)
  })

  it('create -d only prints the new sandbox id', async () => {
    const res = await e2b(['sandbox', 'create', '-d', '--timeout', '60'])
    expect(res.code).toBe(0)
    const id = res.stdout.trim().split('\n').pop()!
    trackSandbox(sharedServer(), id)
    onTestFinished(() => killQuietly(id))
    const info = await Sandbox.getInfo(id, sdkOpts())
    expect(info.state).toBe('running')
    expect(info.endAt.getTime() - info.startedAt.getTime()).toBeGreaterThan(55_000)
    expect(info.endAt.getTime() - info.startedAt.getTime()).toBeLessThan(65_000)
  })
})

describe('e2b sandbox snapshot', () => {
  it('creates, lists and deletes a snapshot', async () => {
    const sbx = await createSandbox()
    onTestFinished(() => killQuietly(sbx.sandboxId))
    await sbx.files.write('/home/user/snap.txt', 'in-snapshot')
    const created = await e2b(['sandbox', 'snapshot', 'create', sbx.sandboxId], { timeoutMs: 120_000 })
    expect(created.code, created.stderr).toBe(0)
    const listed = await e2bJson<{ snapshotId: string }[]>(['sandbox', 'snapshot', 'list', sbx.sandboxId, '-f', 'json'])
    expect(listed).toHaveLength(1)
    const snapshotId = listed[0]!.snapshotId
    expect(stripAnsi(created.stdout)).toContain(snapshotId)
    const fromSnap = await Sandbox.create(snapshotId, sdkOpts())
    trackSandbox(sharedServer(), fromSnap.sandboxId)
    expect(await fromSnap.files.read('/home/user/snap.txt')).toBe('in-snapshot')
    await fromSnap.kill()
    const deleted = await e2b(['sandbox', 'snapshot', 'delete', snapshotId])
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(stripAnsi(deleted.stdout)).toContain(`Snapshot ${snapshotId} has been deleted`)
    expect(await e2bJson<unknown[]>(['sandbox', 'snapshot', 'list', sbx.sandboxId, '-f', 'json'])).toEqual([])
  }, 180_000)
})

describe('e2b template', () => {
  it('create builds a Dockerfile (RUN, COPY, ENV, WORKDIR) into a template sandboxes start from; delete removes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandock-cli-tpl-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const name = unique('cli-tpl-')
    await writeFile(join(dir, 'hello.txt'), 'hello from the context\n')
    await writeFile(
      join(dir, 'Dockerfile'),
      [
        'FROM e2bdev/base',
        'RUN echo built-by-cli > /tmp/built.txt',
        'COPY hello.txt /opt/app/hello.txt',
        'ENV GREETING=hi-from-env',
        'WORKDIR /opt/app',
        '',
      ].join('\n'),
    )
    const build = await e2b(
      ['template', 'create', name, '-d', 'Dockerfile', '--memory-mb', '512', '--cpu-count', '1'],
      { cwd: dir, timeoutMs: 300_000 },
    )
    expect(build.code, build.stdout + build.stderr).toBe(0)
    expect(build.stdout).toContain(`Building sandbox template ${name} finished`)

    const sbx = await Sandbox.create(name, sdkOpts())
    trackSandbox(sharedServer(), sbx.sandboxId)
    onTestFinished(() => killQuietly(sbx.sandboxId))
    const out = await sbx.commands.run('cat /tmp/built.txt /opt/app/hello.txt; echo $GREETING; whoami')
    expect(out.stdout).toBe('built-by-cli\nhello from the context\nhi-from-env\nuser\n')
    await sbx.kill()

    const del = await e2b(['template', 'delete', name, '-y'])
    expect(del.code, del.stderr).toBe(0)
    expect(await Template.exists(name, sdkOpts())).toBe(false)
  }, 360_000)

  it("create reports a failing step with the build's message and exits 1", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandock-cli-tpl-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    await writeFile(join(dir, 'Dockerfile'), 'FROM e2bdev/base\nRUN echo about-to-fail && exit 7\n')
    const res = await e2b(['template', 'create', unique('cli-bad-'), '-d', 'Dockerfile'], {
      cwd: dir,
      timeoutMs: 300_000,
    })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('Template build failed')
    expect(res.stderr).toMatch(/Error: .*exit/i)
  }, 360_000)

  it('list shows the built-in base (public) and built templates; publish and unpublish flip the access', async () => {
    type Listed = { templateID: string; public: boolean; aliases: string[]; spawnCount: number }
    const listed = await e2bJson<Listed[]>(['template', 'list', '-f', 'json'])
    expect(listed.find((t) => t.templateID === 'base')).toMatchObject({ public: true, aliases: ['base'] })
    const table = await e2b(['template', 'list'])
    expect(table.stdout).toMatch(/Public\s+base\s+base\s+2\s+1024/)

    const dir = await mkdtemp(join(tmpdir(), 'sandock-cli-tpl-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const name = unique('cli-pub-')
    await writeFile(join(dir, 'Dockerfile'), 'FROM e2bdev/base\nRUN echo ok > /tmp/ok\n')
    expect((await e2b(['template', 'create', name, '-d', 'Dockerfile'], { cwd: dir, timeoutMs: 300_000 })).code).toBe(0)
    onTestFinished(async () => void (await e2b(['template', 'delete', name, '-y'])))
    const access = async () =>
      (await e2bJson<Listed[]>(['template', 'list', '-f', 'json'])).find((t) => t.aliases.includes(name))?.public
    expect(await access()).toBe(false)
    const pub = await e2b(['template', 'publish', name, '-y'])
    expect(pub.code, pub.stderr).toBe(0)
    expect(stripAnsi(pub.stdout)).toContain(`Published as: ${name}`)
    expect(await access()).toBe(true)
    expect((await e2b(['template', 'unpublish', name, '-y'])).code).toBe(0)
    expect(await access()).toBe(false)
    expect((await e2b(['template', 'publish', 'base', '-y'])).stderr).toContain(
      "the built-in template 'base' cannot be changed",
    )
  }, 360_000)

  it("delete of an unknown template fails with the API's 404", async () => {
    const res = await e2b(['template', 'delete', unique('cli-none-'), '-y'])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('[404]')
  })
})

describe("e2b auth (E2B's hosted login: not for a self-hosted server)", () => {
  it('auth info reports no login; an API key in the environment is all the other commands need', async () => {
    const res = await e2b(['auth', 'info'])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('Not logged in')
  })
})
