// sandock-spawner and its client (src/envd/process/spawner.ts) on this host: what a child gets,
// how exits and signals come back, failure modes, and cleanup (no helper, fd or zombie left).
import { spawn as spawnChild } from 'node:child_process'
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createSpawner, type SpawnOptions, type Spawner } from '../../../../src/envd/process/spawner.js'
import type { SpawnedChild } from '../../../../src/envd/process/spawned-child.js'
import { encodeSpawn } from '../../../../src/envd/process/spawner-protocol.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { spawnerBinary } from '../../../support/spawner-binary.js'

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
const isRoot = process.getuid?.() === 0

async function spawner(): Promise<Spawner> {
  const s = createSpawner(await spawnerBinary(), createLogger({ level: 'silent', name: 'test' }))
  onTestFinished(() => s.close())
  return s
}

const opts = (argv: string[], extra: Partial<SpawnOptions> = {}): SpawnOptions => ({
  file: argv[0]!,
  argv,
  cwd: '/',
  env: { PATH },
  stdin: false,
  user: undefined,
  ...extra,
})

type Outcome = {
  stdout: string
  stderr: string
  code: number | null
  signal: string | null
  exit: [number | null, string | null] | undefined
}

/** Reads both outputs to the end and resolves at 'close', with what 'exit' said before it. */
function outcome(child: SpawnedChild): Promise<Outcome> {
  let stdout = ''
  let stderr = ''
  let exit: Outcome['exit']
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  child.on('exit', (code: number | null, signal: string | null) => (exit = [code, signal]))
  return new Promise((resolve) =>
    child.on('close', (code: number | null, signal: string | null) => resolve({ stdout, stderr, code, signal, exit })),
  )
}

const run = async (s: Spawner, argv: string[], extra?: Partial<SpawnOptions>) =>
  outcome(await s.spawn(opts(argv, extra)))

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'spawner-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

describe('sandock-spawner', () => {
  it('runs a command with the argv, cwd and exactly the environment sent, and its exit code', async () => {
    const s = await spawner()
    const dir = await tempDir()
    const r = await run(s, ['/bin/sh', '-c', 'pwd; env | sort; echo oops >&2; exit 3', 'ignored'], {
      cwd: dir,
      env: { PATH, ONLY: 'this one', EMPTY: '' },
    })
    expect(r.stdout).toBe(`${dir}\nEMPTY=\nONLY=this one\nPATH=${PATH}\nPWD=${dir}\n`)
    expect(r.stderr).toBe('oops\n')
    expect(r.exit).toEqual([3, null])
    expect([r.code, r.signal]).toEqual([3, null])
  })

  it('finds a bare command name in the PATH it was sent, not its own', async () => {
    const s = await spawner()
    const dir = await tempDir()
    await writeFile(join(dir, 'only-here'), '#!/bin/sh\necho found "$@"\n')
    await chmod(join(dir, 'only-here'), 0o755)
    const r = await run(s, ['only-here', 'x'], { env: { PATH: `/nonexistent:${dir}` } })
    expect(r.stdout).toBe('found x\n')
  })

  it('runs a missing command through sh, which exits 127 saying so; a non-executable file exits 126', async () => {
    const s = await spawner()
    const missing = await run(s, ['definitely-not-a-command-4242', 'arg'])
    expect(missing.code).toBe(127)
    expect(missing.stderr).toMatch(/definitely-not-a-command-4242.*not found/)
    const dir = await tempDir()
    await writeFile(join(dir, 'plain'), 'echo no')
    const notExec = await run(s, [join(dir, 'plain')])
    expect(notExec.code).toBe(126)
  })

  it('rejects a missing cwd as a chdir error, and an executable that is not a program as exec ENOEXEC', async () => {
    const s = await spawner()
    await expect(s.spawn(opts(['/bin/true'], { cwd: '/nonexistent-dir-4242' }))).rejects.toMatchObject({
      syscall: 'chdir',
      code: 'ENOENT',
    })
    const dir = await tempDir()
    await writeFile(join(dir, 'garbage'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]))
    await chmod(join(dir, 'garbage'), 0o755)
    await expect(s.spawn(opts([join(dir, 'garbage')]))).rejects.toMatchObject({
      syscall: 'exec',
      code: 'ENOEXEC',
      message: `spawn ${join(dir, 'garbage')} ENOEXEC`,
    })
  })

  it('gives the child its own session, default signal handling, an empty mask and only fds 0-2', async () => {
    const s = await spawner()
    // ls's own directory fd is 3; anything above it leaked from the spawner or envd.
    const r = await run(s, [
      '/bin/sh',
      '-c',
      'ls /proc/self/fd; grep -E "^(SigIgn|SigBlk)" /proc/self/status; ps -o sid= -p $$; echo $$',
    ])
    const lines = r.stdout.trim().split('\n')
    expect(lines.slice(0, 4)).toEqual(['0', '1', '2', '3'])
    expect(lines[4]).toBe('SigBlk:\t0000000000000000')
    expect(lines[5]).toBe('SigIgn:\t0000000000000000')
    expect(lines[6]!.trim()).toBe(lines[7])
  })

  it('connects stdin when asked: input arrives, and ending it gives EOF', async () => {
    const s = await spawner()
    const child = await s.spawn(opts(['/bin/cat'], { stdin: true }))
    const done = outcome(child)
    child.stdin!.write('hello ')
    child.stdin!.end('world')
    expect((await done).stdout).toBe('hello world')
  })

  it('gives /dev/null as stdin when not asked, and no stdin socket', async () => {
    const s = await spawner()
    const child = await s.spawn(opts(['/bin/sh', '-c', 'readlink /proc/self/fd/0; read x; echo "read exit $?"']))
    expect(child.stdin).toBeNull()
    expect((await outcome(child)).stdout).toBe('/dev/null\nread exit 1\n')
  })

  it('delivers a signal to the child and reports it by name; kill after the exit returns false', async () => {
    const s = await spawner()
    const child = await s.spawn(opts(['/bin/sleep', '30']))
    const done = outcome(child)
    expect(child.kill('SIGTERM')).toBe(true)
    const r = await done
    expect(r.exit).toEqual([null, 'SIGTERM'])
    expect([r.code, r.signal]).toEqual([null, 'SIGTERM'])
    expect(child.kill('SIGKILL')).toBe(false)
  })

  it('reports a child that kills itself with the signal, e.g. SIGKILL', async () => {
    const s = await spawner()
    const r = await run(s, ['/bin/sh', '-c', 'kill -9 $$'])
    expect(r.exit).toEqual([null, 'SIGKILL'])
  })

  it('keeps many concurrent children apart', async () => {
    const s = await spawner()
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => run(s, ['/bin/sh', '-c', `echo ${i}; exit ${i % 7}`])),
    )
    results.forEach((r, i) => {
      expect(r.stdout).toBe(`${i}\n`)
      expect(r.code).toBe(i % 7)
    })
  })

  it.runIf(isRoot)('switches to the user: uid, gid, and the groups sent (none for an empty list)', async () => {
    const s = await spawner()
    const withGroups = await run(s, ['/bin/sh', '-c', 'id -u; id -g; id -G'], {
      user: { uid: 65534, gid: 65534, groups: [65534, 4, 27] },
    })
    expect(withGroups.stdout.split('\n').slice(0, 3)).toEqual(['65534', '65534', '65534 4 27'])
    const noGroups = await run(s, ['/bin/sh', '-c', 'grep ^Groups: /proc/self/status'], {
      user: { uid: 65534, gid: 65534, groups: [] },
    })
    expect(noGroups.stdout.trim()).toBe('Groups:')
  })

  it('leaves no fd behind in this process once the children are gone', async () => {
    const s = await spawner()
    await run(s, ['/bin/true']) // the helper and its channel are up
    const before = (await readdir('/proc/self/fd')).length
    for (let i = 0; i < 20; i++) {
      const child = await s.spawn(opts(['/bin/cat'], { stdin: true }))
      const done = outcome(child)
      child.stdin!.end('x')
      await done
    }
    await until(async () => (await readdir('/proc/self/fd')).length <= before, 'the stdio sockets to close')
  })

  it('ends the helper on close and leaves no zombie of it; later spawns reject; running children carry on', async () => {
    const s = createSpawner(await spawnerBinary(), createLogger({ level: 'silent', name: 'test' }))
    const child = await s.spawn(opts(['/bin/sleep', '30']))
    onTestFinished(() => {
      if (alive(child.pid)) process.kill(child.pid, 'SIGKILL')
    })
    const helper = s.helperPid()!
    expect(alive(helper)).toBe(true)
    await s.close()
    // Gone and reaped: no /proc entry, not even a zombie.
    await until(() => !alive(helper), 'the helper to exit')
    expect(alive(child.pid)).toBe(true)
    await expect(s.spawn(opts(['/bin/true']))).rejects.toThrow('closed')
  })

  it('survives a dead helper: followed children end with an error, the next spawn starts a new one', async () => {
    const s = await spawner()
    const child = await s.spawn(opts(['/bin/sleep', '30']))
    onTestFinished(() => {
      if (alive(child.pid)) process.kill(child.pid, 'SIGKILL')
    })
    const lost = new Promise<Error>((resolve) => child.on('error', resolve))
    const first = s.helperPid()!
    process.kill(first, 'SIGKILL')
    expect((await lost).message).toBe('the process spawner exited')
    const r = await run(s, ['/bin/echo', 'again'])
    expect(r.stdout).toBe('again\n')
    expect(s.helperPid()).not.toBe(first)
  })

  it('rejects a spawn when the helper binary is missing, and keeps rejecting without crashing envd', async () => {
    const s = createSpawner('/nonexistent/sandock-spawner', createLogger({ level: 'silent', name: 'test' }))
    onTestFinished(() => s.close())
    await expect(s.spawn(opts(['/bin/true']))).rejects.toThrow('the process spawner exited')
    await expect(s.spawn(opts(['/bin/true']))).rejects.toThrow('the process spawner exited')
  })
})

describe('sandock-spawner run by hand', () => {
  /** The helper with a Node IPC channel on fd 3 and its stderr captured. */
  function bare(bin: string) {
    const h = spawnChild(bin, [], { stdio: ['pipe', 'ignore', 'pipe', 'ipc'] })
    let stderr = ''
    h.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
    // 'close', not 'exit': only then has all of its stderr been read.
    const exited = new Promise<number | null>((resolve) => h.on('close', (code) => resolve(code)))
    onTestFinished(() => {
      h.kill('SIGKILL')
    })
    return { h, exited, stderr: () => stderr }
  }

  it('exits 2 with a message on a malformed request', async () => {
    const { h, exited, stderr } = bare(await spawnerBinary())
    const frame = Buffer.alloc(8)
    frame.writeUInt32LE(4, 0)
    frame.write('S\0x\0', 4)
    h.stdin!.write(frame)
    expect(await exited).toBe(2)
    expect(stderr()).toContain('malformed request')
  })

  it('exits 2 when a frame announces more than 64 MiB', async () => {
    const { h, exited, stderr } = bare(await spawnerBinary())
    const frame = Buffer.alloc(4)
    frame.writeUInt32LE(65 << 20, 0)
    h.stdin!.write(frame)
    expect(await exited).toBe(2)
    expect(stderr()).toContain('too large')
  })

  it('exits 0 at the end of its input, after finishing the requests before it', async () => {
    const { h, exited } = bare(await spawnerBinary())
    const events: unknown[] = []
    h.on('message', (m) => events.push(m))
    h.stdin!.end(
      encodeSpawn({ id: 1, file: '/bin/true', argv: ['/bin/true'], cwd: '/', env: {}, stdin: false, user: undefined }),
    )
    expect(await exited).toBe(0)
    expect(events[0]).toMatchObject({ t: 'spawned', id: 1 })
  })

  it('refuses to run without the IPC channel on fd 3', async () => {
    const h = spawnChild(await spawnerBinary(), [], { stdio: ['pipe', 'ignore', 'pipe'] })
    let stderr = ''
    h.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
    const code = await new Promise((resolve) => h.on('exit', resolve))
    expect(code).toBe(2)
    expect(stderr).toContain('fd 3')
  })

  it('the compiled binary is static (it must run in images without glibc)', async () => {
    const head = await readFile(await spawnerBinary())
    // ELF with no PT_INTERP program header: look for the interpreter path a dynamic binary names.
    expect(head.subarray(0, 4)).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))
    expect(head.includes(Buffer.from('/lib64/ld-linux'))).toBe(false)
  })
})
