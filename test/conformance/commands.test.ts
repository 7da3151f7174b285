// commands.*: run, background handles, list, kill, stdin, connect, exit codes, timeouts, users
// (contract 4.3, 4.7, 4.8, 4.9, 8.2), through the unmodified official SDK.
import {
  AuthenticationError,
  CommandExitError,
  InvalidArgumentError,
  NotFoundError,
  SandboxError,
  TimeoutError,
  type CommandHandle,
  type Sandbox,
} from 'e2b'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { connectSandbox } from '../support/sdk.js'
import { rejection, unique } from '../support/async.js'

let sbx: Sandbox

beforeAll(async () => {
  sbx = await connectSandbox()
})

/** A pid that no process in the container can have (pid_max is at most 2^22). */
const UNKNOWN_PID = 9_999_999

async function waitFor(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Whether `pid` is a live (non-zombie) process in the container, checked via /proc as root. */
async function alive(pid: number): Promise<boolean> {
  const res = await sbx.commands.run(
    `if [ -r /proc/${pid}/stat ]; then cut -d' ' -f3 /proc/${pid}/stat; else echo gone; fi`,
    { user: 'root' },
  )
  const state = res.stdout.trim()
  return state !== 'gone' && state !== 'Z' && state !== 'X' && state !== ''
}

/** Kills `pid` at the end of the test, whatever happened. */
function killAfter(pid: number): void {
  onTestFinished(async () => {
    await sbx.commands.kill(pid).catch(() => undefined)
  })
}

/** Parses /etc/group into the gids whose member list names `user`, plus the primary gid. */
function expectedGroups(groupFile: string, user: string, primaryGid: number): number[] {
  const gids = new Set<number>([primaryGid])
  for (const line of groupFile.split('\n')) {
    const [, , gid, members] = line.split(':')
    if (gid === undefined || members === undefined) continue
    if (
      members
        .split(',')
        .map((m) => m.trim())
        .includes(user)
    )
      gids.add(Number(gid))
  }
  return [...gids].sort((a, b) => a - b)
}

function parseIds(text: string): number[] {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b)
}

describe('commands.run', () => {
  it('returns stdout, stderr and exit code 0', async () => {
    const res = await sbx.commands.run('echo out-line; echo err-line >&2; printf "no newline"')
    expect(res.exitCode).toBe(0)
    expect(res.stdout).toBe('out-line\nno newline')
    expect(res.stderr).toBe('err-line\n')
    expect(res.error).toBeFalsy()
  })

  it('streams stdout and stderr to onStdout / onStderr', async () => {
    const out: string[] = []
    const err: string[] = []
    const res = await sbx.commands.run('for i in 1 2 3; do echo o$i; echo e$i >&2; done', {
      onStdout: (d) => void out.push(d),
      onStderr: (d) => void err.push(d),
    })
    expect(out.join('')).toBe('o1\no2\no3\n')
    expect(err.join('')).toBe('e1\ne2\ne3\n')
    expect(res.stdout).toBe(out.join(''))
    expect(res.stderr).toBe(err.join(''))
  })

  it('passes per-command envs only to that command', async () => {
    const name = `SANDOCK_${unique('v').replace(/-/g, '_').toUpperCase()}`
    const withEnv = await sbx.commands.run(`printf '%s|%s' "$${name}" "$OTHER_VAR"`, {
      envs: { [name]: 'hello world', OTHER_VAR: 'x=y' },
    })
    expect(withEnv.stdout).toBe('hello world|x=y')
    const without = await sbx.commands.run(`printf '%s' "\${${name}-unset}"`)
    expect(without.stdout).toBe('unset')
  })

  it('sets HOME, USER and LOGNAME of the default user and E2B_SANDBOX', async () => {
    const res = await sbx.commands.run('printf "%s|%s|%s|%s" "$HOME" "$USER" "$LOGNAME" "$E2B_SANDBOX"')
    expect(res.stdout).toBe('/home/user|user|user|true')
  })

  it('sets HOME, USER and LOGNAME of root when run as root', async () => {
    const res = await sbx.commands.run('printf "%s|%s|%s" "$HOME" "$USER" "$LOGNAME"', { user: 'root' })
    expect(res.stdout).toBe('/root|root|root')
  })

  it('lets request envs override HOME/USER/LOGNAME defaults (later wins)', async () => {
    const res = await sbx.commands.run('printf "%s|%s" "$LOGNAME" "$E2B_SANDBOX"', {
      envs: { LOGNAME: 'custom-name', E2B_SANDBOX: 'overridden' },
    })
    expect(res.stdout).toBe('custom-name|overridden')
  })

  it('rejects an unknown user with AuthenticationError', async () => {
    const err = await rejection(sbx.commands.run('true', { user: `nouser${Date.now().toString(36)}` }))
    expect(err).toBeInstanceOf(AuthenticationError)
  })

  it('starts in the home directory by default and honours cwd', async () => {
    expect((await sbx.commands.run('pwd')).stdout).toBe('/home/user\n')
    expect((await sbx.commands.run('pwd', { cwd: '/tmp' })).stdout).toBe('/tmp\n')
    expect((await sbx.commands.run('pwd', { user: 'root' })).stdout).toBe('/home/user\n')
  })

  it('resolves a relative cwd against the user home', async () => {
    const dir = unique('cwd')
    await sbx.commands.run(`mkdir -p ${dir}/sub`)
    onTestFinished(async () => void (await sbx.commands.run(`rm -rf /home/user/${dir}`).catch(() => undefined)))
    expect((await sbx.commands.run('pwd', { cwd: `${dir}/sub` })).stdout).toBe(`/home/user/${dir}/sub\n`)
    expect((await sbx.commands.run('pwd', { cwd: `~/${dir}` })).stdout).toBe(`/home/user/${dir}\n`)
  })

  it('rejects a missing cwd with InvalidArgumentError', async () => {
    const err = await rejection(sbx.commands.run('pwd', { cwd: `/nonexistent/${unique('cwd')}` }))
    expect(err).toBeInstanceOf(InvalidArgumentError)
  })

  it('runs as the default user `user`', async () => {
    const passwd = await sbx.commands.run('getent passwd user | cut -d: -f3,4')
    const [uid, gid] = passwd.stdout.trim().split(':').map(Number)
    expect(uid).toBeGreaterThan(0)
    const res = await sbx.commands.run('whoami; id -u; id -g')
    expect(res.stdout).toBe(`user\n${uid}\n${gid}\n`)
  })

  it('runs as root when user is root', async () => {
    const res = await sbx.commands.run('whoami; id -u; id -g', { user: 'root' })
    expect(res.stdout).toBe('root\n0\n0\n')
  })

  it('gives the user exactly its supplementary groups from /etc/group', async () => {
    // Add the user to a fresh group at runtime: envd must read the group database and apply it.
    const group = `sg${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    await sbx.commands.run(`groupadd ${group} && usermod -aG ${group} user`, { user: 'root' })
    onTestFinished(
      async () => void (await sbx.commands.run(`groupdel ${group}`, { user: 'root' }).catch(() => undefined)),
    )
    const gid = Number((await sbx.commands.run(`getent group ${group} | cut -d: -f3`)).stdout.trim())
    expect(gid).toBeGreaterThan(0)

    const groupFile = await sbx.files.read('/etc/group')
    const primary = Number((await sbx.commands.run('getent passwd user | cut -d: -f4')).stdout.trim())
    const expected = expectedGroups(groupFile, 'user', primary)
    expect(expected).toContain(gid)

    const res = await sbx.commands.run('id -G; id -Gn')
    const [idG, idGn] = res.stdout.split('\n')
    expect(parseIds(idG ?? '')).toEqual(expected)
    expect((idGn ?? '').split(' ')).toContain(group)
    // The kernel's view, not just libc's: /proc/self/status lists the supplementary groups.
    const status = await sbx.commands.run("grep '^Groups:' /proc/self/status | cut -f2")
    expect(parseIds(status.stdout)).toEqual(expect.arrayContaining(expected.filter((g) => g !== primary)))
    expect(parseIds(status.stdout)).toContain(gid)
  })

  it("gives root root's groups from /etc/group", async () => {
    const groupFile = await sbx.files.read('/etc/group')
    const res = await sbx.commands.run('id -G', { user: 'root' })
    expect(parseIds(res.stdout)).toEqual(expectedGroups(groupFile, 'root', 0))
  })

  it('creates files owned by the user that ran the command', async () => {
    const name = unique('owned')
    onTestFinished(
      async () =>
        void (await sbx.commands
          .run(`rm -rf /home/user/${name} /tmp/${name}`, { user: 'root' })
          .catch(() => undefined)),
    )
    const res = await sbx.commands.run(`mkdir ${name} && touch ${name}/f && stat -c '%U:%G' ${name} ${name}/f`)
    expect(res.stdout).toBe('user:user\nuser:user\n')
    const info = await sbx.files.getInfo(`/home/user/${name}/f`)
    expect(info.owner).toBe('user')
    expect(info.group).toBe('user')
    const asRoot = await sbx.commands.run(`touch /tmp/${name} && stat -c '%U:%G' /tmp/${name}`, { user: 'root' })
    expect(asRoot.stdout).toBe('root:root\n')
  })

  it('throws CommandExitError with the exit code and output on a non-zero exit', async () => {
    const err = await rejection(sbx.commands.run('echo partial; echo bad >&2; exit 3'))
    expect(err).toBeInstanceOf(CommandExitError)
    const e = err as CommandExitError
    expect(e.exitCode).toBe(3)
    expect(e.stdout).toBe('partial\n')
    expect(e.stderr).toBe('bad\n')
    expect(e.error).toBeTruthy()
  })

  it('reports a missing binary as exit code 127, not an RPC error', async () => {
    const err = await rejection(sbx.commands.run('definitely-not-a-binary-xyz'))
    expect(err).toBeInstanceOf(CommandExitError)
    expect((err as CommandExitError).exitCode).toBe(127)
    expect((err as CommandExitError).stderr).toContain('not found')
  })

  it('throws TimeoutError when timeoutMs elapses, and the process is killed', async () => {
    const started = Date.now()
    const handle = await sbx.commands.run('sleep 10', { background: true, timeoutMs: 1000 })
    killAfter(handle.pid)
    expect(await alive(handle.pid)).toBe(true)
    const err = await rejection(handle.wait())
    expect(err).toBeInstanceOf(TimeoutError)
    expect(Date.now() - started).toBeLessThan(8000)
    await waitFor(`pid ${handle.pid} to be killed by the deadline`, async () => !(await alive(handle.pid)), 5000)
    expect((await sbx.commands.list()).map((p) => p.pid)).not.toContain(handle.pid)
  })

  it('throws TimeoutError from a foreground run with a short timeoutMs', async () => {
    const marker = unique('tmo')
    const err = await rejection(sbx.commands.run(`sleep 10; : ${marker}`, { timeoutMs: 1000 }))
    expect(err).toBeInstanceOf(TimeoutError)
    // The bash wrapper running the marker must be gone (killed by the server-side deadline).
    await waitFor(
      'the timed-out command to leave the process list',
      async () => {
        const procs = await sbx.commands.list()
        return !procs.some((p) => p.args.some((a) => a.includes(marker)))
      },
      5000,
    )
  })

  it('runs 30 commands concurrently with correct output', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sbx.commands.run(`echo out-${i}; echo err-${i} >&2; sleep 0.2; exit 0`)),
    )
    results.forEach((r, i) => {
      expect(r.exitCode).toBe(0)
      expect(r.stdout).toBe(`out-${i}\n`)
      expect(r.stderr).toBe(`err-${i}\n`)
    })
  })

  it('passes UTF-8 and binary-safe output through', async () => {
    const res = await sbx.commands.run(`printf 'h\\303\\251llo \\342\\234\\223 \\360\\237\\232\\200\\n'`)
    expect(res.stdout).toBe('héllo ✓ 🚀\n')
  })

  it('handles large output without loss', async () => {
    const res = await sbx.commands.run('head -c 300000 /dev/zero | tr "\\0" "a"; echo; echo done')
    expect(res.stdout.length).toBe(300000 + 1 + 5)
    expect(res.stdout.endsWith('\ndone\n')).toBe(true)
  })
})

describe('background commands, list and kill', () => {
  it('returns a handle whose wait() gives the result', async () => {
    const handle = await sbx.commands.run('sleep 0.3; echo bg-done', { background: true })
    expect(handle.pid).toBeGreaterThan(0)
    expect(handle.exitCode).toBeUndefined()
    const res = await handle.wait()
    expect(res.exitCode).toBe(0)
    expect(res.stdout).toBe('bg-done\n')
    expect(handle.exitCode).toBe(0)
  })

  it('lists a running command with its original config', async () => {
    const cmd = `sleep 30; : ${unique('list')}`
    const handle = await sbx.commands.run(cmd, {
      background: true,
      cwd: '/tmp',
      envs: { LIST_VAR: 'lv' },
      timeoutMs: 0,
    })
    killAfter(handle.pid)
    const procs = await sbx.commands.list()
    const p = procs.find((x) => x.pid === handle.pid)
    expect(p).toBeDefined()
    expect(p!.cmd).toBe('/bin/bash')
    expect(p!.args).toEqual(['-l', '-c', cmd])
    expect(p!.envs).toEqual({ LIST_VAR: 'lv' })
    expect(p!.cwd).toBe('/tmp')
  })

  it('kills by pid: kill returns true, wait throws CommandExitError with exit code -1', async () => {
    const handle = await sbx.commands.run('sleep 30', { background: true, timeoutMs: 0 })
    killAfter(handle.pid)
    expect(await alive(handle.pid)).toBe(true)
    expect(await sbx.commands.kill(handle.pid)).toBe(true)
    const err = await rejection(handle.wait())
    expect(err).toBeInstanceOf(CommandExitError)
    expect((err as CommandExitError).exitCode).toBe(-1)
    expect((err as CommandExitError).error).toMatch(/signal|killed/)
    expect(await alive(handle.pid)).toBe(false)
    expect((await sbx.commands.list()).map((p) => p.pid)).not.toContain(handle.pid)
  })

  it('kill ends the command at once even when a grandchild still holds stdout open', async () => {
    // A unique sleep duration identifies the orphaned grandchild for cleanup.
    const secs = `29.${Math.floor(Math.random() * 1e6)}`
    onTestFinished(async () => {
      await sbx.commands
        .run(
          `for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline 2>/dev/null | grep -q "^sleep ${secs}" && kill -9 \${p#/proc/}; done; true`,
          { user: 'root' },
        )
        .catch(() => undefined)
    })
    const handle = await sbx.commands.run(`sleep ${secs} & echo started; wait`, { background: true, timeoutMs: 0 })
    killAfter(handle.pid)
    await waitFor('the command to start', () => handle.stdout.includes('started'))
    const started = Date.now()
    expect(await sbx.commands.kill(handle.pid)).toBe(true)
    const err = await rejection(handle.wait())
    expect((err as CommandExitError).exitCode).toBe(-1)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('kills through the handle', async () => {
    const handle = await sbx.commands.run('sleep 30', { background: true, timeoutMs: 0 })
    killAfter(handle.pid)
    expect(await handle.kill()).toBe(true)
    const err = await rejection(handle.wait())
    expect((err as CommandExitError).exitCode).toBe(-1)
  })

  it('returns false when killing an unknown pid', async () => {
    expect(await sbx.commands.kill(UNKNOWN_PID)).toBe(false)
  })

  it('does not kill the process when the client disconnects', async () => {
    const handle = await sbx.commands.run('sleep 30', { background: true, timeoutMs: 0 })
    killAfter(handle.pid)
    await handle.disconnect()
    await new Promise((r) => setTimeout(r, 500))
    expect((await sbx.commands.list()).map((p) => p.pid)).toContain(handle.pid)
    expect(await alive(handle.pid)).toBe(true)
    expect(await sbx.commands.kill(handle.pid)).toBe(true)
    await waitFor(
      'the killed process to leave the list',
      async () => !(await sbx.commands.list()).some((p) => p.pid === handle.pid),
      5000,
    )
    expect(await alive(handle.pid)).toBe(false)
  })
})

describe('stdin', () => {
  it('sendStdin then closeStdin feeds and ends `cat`', async () => {
    const handle = await sbx.commands.run('cat', { background: true, stdin: true })
    killAfter(handle.pid)
    await sbx.commands.sendStdin(handle.pid, 'hello ')
    await handle.sendStdin(new TextEncoder().encode('stdin\n'))
    await sbx.commands.closeStdin(handle.pid)
    const res = await handle.wait()
    expect(res.exitCode).toBe(0)
    expect(res.stdout).toBe('hello stdin\n')
  })

  it('closeStdin is idempotent', async () => {
    const handle = await sbx.commands.run('wc -c', { background: true, stdin: true })
    killAfter(handle.pid)
    await handle.sendStdin('12345')
    await handle.closeStdin()
    await expect(handle.closeStdin()).resolves.toBeUndefined()
    const res = await handle.wait()
    expect(res.stdout.trim()).toBe('5')
  })

  it('sendStdin after closeStdin is rejected', async () => {
    const handle = await sbx.commands.run('sleep 30 < /dev/null', { background: true, stdin: true, timeoutMs: 0 })
    killAfter(handle.pid)
    await handle.sendStdin('ok')
    await handle.closeStdin()
    expect(await rejection(handle.sendStdin('too late'))).toBeInstanceOf(SandboxError)
  })

  it('without stdin:true, stdin is /dev/null: `read` fails at once', async () => {
    const started = Date.now()
    const res = await sbx.commands.run('read x; echo "rc=$?"; readlink /proc/self/fd/0')
    expect(res.stdout).toBe('rc=1\n/dev/null\n')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('sendStdin to a command started without stdin is rejected', async () => {
    const handle = await sbx.commands.run('sleep 30', { background: true, timeoutMs: 0 })
    killAfter(handle.pid)
    const err = await rejection(sbx.commands.sendStdin(handle.pid, 'x'))
    expect(err).toBeInstanceOf(SandboxError)
    expect(await alive(handle.pid)).toBe(true)
  })

  it('sendStdin to an unknown pid is rejected with NotFoundError', async () => {
    expect(await rejection(sbx.commands.sendStdin(UNKNOWN_PID, 'x'))).toBeInstanceOf(NotFoundError)
  })
})

describe('commands.connect', () => {
  /** A command that prints `before`, waits for `trigger` to exist, prints `after-<n>` and exits 7. */
  async function startWaiter(): Promise<{ handle: CommandHandle; trigger: string; out: string[] }> {
    const trigger = `/tmp/${unique('trigger')}`
    const out: string[] = []
    const handle = await sbx.commands.run(
      `echo before; while [ ! -e ${trigger} ]; do sleep 0.05; done; echo "after-$((40+2))"; echo late-err >&2; exit 7`,
      { background: true, timeoutMs: 0, onStdout: (d) => void out.push(d) },
    )
    killAfter(handle.pid)
    onTestFinished(async () => void (await sbx.commands.run(`rm -f ${trigger}`).catch(() => undefined)))
    return { handle, trigger, out }
  }

  it('attaches while the original handle is still attached; both get output and exit code', async () => {
    const { handle, trigger, out } = await startWaiter()
    const connectedOut: string[] = []
    const connected = await sbx.commands.connect(handle.pid, { onStdout: (d) => void connectedOut.push(d) })
    expect(connected.pid).toBe(handle.pid)
    await sbx.commands.run(`touch ${trigger}`)

    const err = await rejection(connected.wait())
    expect(err).toBeInstanceOf(CommandExitError)
    expect((err as CommandExitError).exitCode).toBe(7)
    expect(connectedOut.join('')).toContain('after-42\n')
    expect(connected.stderr).toContain('late-err')

    const origErr = await rejection(handle.wait())
    expect((origErr as CommandExitError).exitCode).toBe(7)
    expect(out.join('')).toBe('before\nafter-42\n')
  })

  it('re-attaches after handle.disconnect() and receives later output and the exit code', async () => {
    const { handle, trigger } = await startWaiter()
    await waitFor('the first output line', () => handle.stdout.includes('before'))
    await handle.disconnect()
    await new Promise((r) => setTimeout(r, 200))
    expect((await sbx.commands.list()).map((p) => p.pid)).toContain(handle.pid)

    const connectedOut: string[] = []
    const connected = await sbx.commands.connect(handle.pid, { onStdout: (d) => void connectedOut.push(d) })
    await sbx.commands.run(`touch ${trigger}`)
    const err = await rejection(connected.wait())
    expect(err).toBeInstanceOf(CommandExitError)
    expect((err as CommandExitError).exitCode).toBe(7)
    expect(connected.stdout).toBe('after-42\n')
    expect(connectedOut.join('')).toBe('after-42\n')
  })

  it('a connected handle can kill the process', async () => {
    const handle = await sbx.commands.run('sleep 30', { background: true, timeoutMs: 0 })
    killAfter(handle.pid)
    await handle.disconnect()
    const connected = await sbx.commands.connect(handle.pid)
    expect(await connected.kill()).toBe(true)
    const err = await rejection(connected.wait())
    expect((err as CommandExitError).exitCode).toBe(-1)
  })

  it("a Connect's timeoutMs bounds only that stream, not the process", async () => {
    const handle = await sbx.commands.run('sleep 30', { background: true, timeoutMs: 0 })
    killAfter(handle.pid)
    await handle.disconnect()
    const connected = await sbx.commands.connect(handle.pid, { timeoutMs: 500 })
    expect(await rejection(connected.wait())).toBeInstanceOf(TimeoutError)
    await new Promise((r) => setTimeout(r, 300))
    expect(await alive(handle.pid)).toBe(true)
    expect((await sbx.commands.list()).map((p) => p.pid)).toContain(handle.pid)
  })

  it('drops output produced while nobody is attached', async () => {
    const { handle, trigger } = await startWaiter()
    await waitFor('the first output line', () => handle.stdout.includes('before'))
    await handle.disconnect()
    await sbx.commands.run(`touch ${trigger}`)
    // Let the process finish while detached, then attach: only start and end are retained.
    await waitFor(
      'the process to exit',
      async () => !(await sbx.commands.list()).some((p) => p.pid === handle.pid),
      5000,
    )
    const late = await sbx.commands.connect(handle.pid)
    const err = await rejection(late.wait())
    expect((err as CommandExitError).exitCode).toBe(7)
    expect(late.stdout).toBe('')
    expect(late.stderr).toBe('')
  })

  it('rejects for an unknown pid', async () => {
    const err = await rejection(sbx.commands.connect(UNKNOWN_PID))
    expect(err).toBeInstanceOf(NotFoundError)
  })

  it('still yields the exit code of a process that exited moments ago', async () => {
    const failing = await sbx.commands.run('echo gone; exit 3', { background: true })
    expect(((await rejection(failing.wait())) as CommandExitError).exitCode).toBe(3)
    const late = await sbx.commands.connect(failing.pid)
    expect(late.pid).toBe(failing.pid)
    const err = await rejection(late.wait())
    expect(err).toBeInstanceOf(CommandExitError)
    expect((err as CommandExitError).exitCode).toBe(3)

    const ok = await sbx.commands.run('true', { background: true })
    await ok.wait()
    await new Promise((r) => setTimeout(r, 1000))
    const lateOk = await sbx.commands.connect(ok.pid)
    const res = await lateOk.wait()
    expect(res.exitCode).toBe(0)
    // Exited processes are retained for Connect, but not listed.
    expect((await sbx.commands.list()).map((p) => p.pid)).not.toContain(ok.pid)
  })
})
