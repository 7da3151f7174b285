// Sandboxes under gVisor (SANDOCK_RUNTIME=runsc): they run on gVisor's kernel, the SDK's
// commands, files, watchDir and PTY work, and each boot gets its own boot_id (contract 7.3), so a
// filesystem-only pause then resume is observably a reboot, with files and env vars kept.
// Own server (API port + 50, proxy port + 50). Skipped when Docker has no `runsc` runtime, unless
// SANDOCK_TEST_REQUIRE_RUNSC=1 (CI sets it after .ci/ensure-runsc.sh).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { Sandbox } from 'e2b'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  type ControlServer,
} from '../support/control-server.js'
import { createSandbox, inspectSandbox, killQuietly, printServerLogsOnFailure } from '../support/control-sdk.js'
import { unique } from '../support/async.js'

const apiPort = DEFAULT_API_PORT + 50
const proxyPort = DEFAULT_PROXY_PORT + 50
const hasRunsc = (() => {
  try {
    return execFileSync('docker', ['info', '--format', '{{json .Runtimes}}'], { encoding: 'utf8' }).includes('"runsc"')
  } catch {
    return false
  }
})()
const required = process.env.SANDOCK_TEST_REQUIRE_RUNSC === '1'
const BOOT_ID = 'cat /proc/sys/kernel/random/boot_id'

describe.skipIf(!hasRunsc && !required)('sandboxes under gVisor (SANDOCK_RUNTIME=runsc)', () => {
  let server: ControlServer
  printServerLogsOnFailure(() => server)

  beforeAll(async () => {
    if (!hasRunsc)
      throw new Error('SANDOCK_TEST_REQUIRE_RUNSC=1 but Docker has no runsc runtime: run .ci/ensure-runsc.sh')
    server = await startServer({ apiPort, proxyPort, env: { SANDOCK_RUNTIME: 'runsc' } })
  })
  afterAll(async () => server?.cleanup())

  async function sandbox(opts: Parameters<typeof createSandbox>[0] = {}): Promise<Sandbox> {
    const sbx = await createSandbox({ timeoutMs: 180_000, ...opts }, server)
    onTestFinished(() => killQuietly(sbx.sandboxId, server))
    return sbx
  }

  it('runs on gVisor: the runsc runtime, its kernel, with the sandbox limits', async () => {
    const sbx = await sandbox()
    const info = (await inspectSandbox(sbx.sandboxId)) as unknown as {
      HostConfig: { Runtime: string; Memory: number; PidsLimit: number }
    }
    expect(info.HostConfig.Runtime).toBe('runsc')
    expect(info.HostConfig.Memory).toBeGreaterThan(0)
    expect((await sbx.commands.run('dmesg')).stdout).toContain('gVisor')
    expect((await sbx.commands.run('whoami && pwd')).stdout).toBe('user\n/home/user\n')
  })

  it('kills a memory-paused sandbox: nothing left behind', async () => {
    const sbx = await sandbox()
    await sbx.pause()
    expect(((await inspectSandbox(sbx.sandboxId)) as unknown as { State: { Paused: boolean } }).State.Paused).toBe(true)
    expect(await Sandbox.kill(sbx.sandboxId, sdkOpts(server))).toBe(true)
    expect(
      execFileSync('docker', ['ps', '-aq', '--filter', `label=sandock.sandbox-id=${sbx.sandboxId}`], {
        encoding: 'utf8',
      }).trim(),
    ).toBe('')
  })

  it('serves commands, env vars, files and a PTY through the SDK', async () => {
    const sbx = await sandbox({ envs: { GV_VAR: 'from-create' } })
    expect(
      await sbx.commands
        .run('echo $GV_VAR; echo err >&2; exit 3')
        .catch((e: { exitCode: number; stdout: string; stderr: string }) => e),
    ).toMatchObject({ exitCode: 3, stdout: 'from-create\n', stderr: 'err\n' })
    const content = unique('gvisor-file-')
    await sbx.files.write('dir/a.txt', content)
    expect(await sbx.files.read('/home/user/dir/a.txt')).toBe(content)
    expect((await sbx.files.list('dir')).map((e) => e.name)).toEqual(['a.txt'])
    expect((await sbx.commands.run('cat dir/a.txt')).stdout).toBe(content)
    const bg = await sbx.commands.run('sleep 30', { background: true })
    expect((await sbx.commands.list()).map((p) => p.pid)).toContain(bg.pid)
    await bg.kill()

    let out = ''
    const pty = await sbx.pty.create({
      cols: 80,
      rows: 24,
      onData: (d) => {
        out += new TextDecoder().decode(d)
      },
      timeoutMs: 30_000,
    })
    await sbx.pty.sendInput(pty.pid, new TextEncoder().encode('echo pty-$((20+22))\nexit\n'))
    await pty.wait().catch(() => undefined)
    expect(out).toContain('pty-42')

    // The root filesystem is 9p to gVisor's gofer (trans=fd): local, so watchDir accepts it.
    const events: string[] = []
    await sbx.files.makeDir('watched')
    const watcher = await sbx.files.watchDir('watched', (e) => {
      events.push(`${e.type}:${e.name}`)
    })
    onTestFinished(() => watcher.stop())
    await sbx.files.write('watched/new.txt', 'x')
    for (let i = 0; i < 50 && !events.some((e) => e.endsWith(':new.txt')); i++)
      await new Promise((r) => setTimeout(r, 100))
    expect(events).toContain('create:new.txt')
  })

  it('gives every boot its own boot_id: kept by a memory pause, new after a filesystem-only pause or a reboot', async () => {
    const sbx = await sandbox({ envs: { KEPT_VAR: 'kept' } })
    const other = await sandbox()
    const first = (await sbx.commands.run(BOOT_ID)).stdout.trim()
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect((await other.commands.run(BOOT_ID)).stdout.trim()).not.toBe(first)
    expect(first).not.toBe(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim())
    const content = unique('kept-')
    await sbx.files.write('kept.txt', content)
    // gVisor would put an in-memory tmpfs on /tmp; Sandock gives it a volume so it survives reboots.
    await sbx.files.write('/tmp/kept-tmp.txt', content)

    await sbx.pause()
    await sbx.connect()
    expect((await sbx.commands.run(BOOT_ID)).stdout.trim(), 'a memory pause is not a reboot').toBe(first)

    await sbx.pause({ keepMemory: false })
    await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(server), timeoutMs: 120_000 })
    const second = (await sbx.commands.run(BOOT_ID)).stdout.trim()
    expect(second).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).not.toBe(first)
    expect(await sbx.files.read('kept.txt')).toBe(content)
    expect(await sbx.files.read('/tmp/kept-tmp.txt')).toBe(content)
    expect((await sbx.commands.run('echo $KEPT_VAR')).stdout).toBe('kept\n')

    // connect {memory:false} on a memory pause reboots as well.
    await sbx.pause()
    const res = await fetch(`${server.apiUrl}/sandboxes/${sbx.sandboxId}/connect`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ timeout: 60, memory: false }),
    })
    expect(res.status).toBe(201)
    const third = (await sbx.commands.run(BOOT_ID)).stdout.trim()
    expect(third).not.toBe(second)
    expect(third).not.toBe(first)
    expect(await sbx.files.read('kept.txt')).toBe(content)
    expect((await sbx.commands.run('echo $KEPT_VAR')).stdout).toBe('kept\n')
  })
})
