// Process.Start over Connect: stream order, exit codes, cwd, stdin and the env merge (contract 4.7).
import { userInfo } from 'node:os'
import { Code } from '@connectrpc/connect'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  processRun,
  startEnvd,
  type InProcessEnvd,
  PROCESS_STARTERS,
  type ProcessStarter,
} from '../../../support/envd-inprocess.js'

async function envdWith(starter: ProcessStarter, opts?: Parameters<typeof startEnvd>[0]) {
  const e = await startEnvd({ ...opts, starter })
  onTestFinished(() => e.close())
  return e
}

const sh = (
  e: InProcessEnvd,
  script: string,
  extra: { cwd?: string; envs?: Record<string, string>; stdin?: boolean } = {},
) =>
  processRun(
    e.process.start({
      process: { cmd: '/bin/sh', args: ['-c', script], envs: extra.envs ?? {}, cwd: extra.cwd },
      stdin: extra.stdin,
    }),
  )

function parseEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const i = line.indexOf('=')
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1)
  }
  return out
}

// Every case runs twice: commands started by Node's child_process and by sandock-spawner.
describe.each(PROCESS_STARTERS)('commands started with %s', (starter) => {
  const envd = (opts?: Parameters<typeof startEnvd>[0]) => envdWith(starter, opts)

  describe('Start', () => {
    it('sends start with the pid first, then stdout data, then end with exit code 0', async () => {
      const e = await envd()
      const run = await processRun(e.process.start({ process: { cmd: 'echo', args: ['hello', 'world'] } }))
      expect(run.error).toBeUndefined()
      expect(run.kinds[0]).toBe('start')
      expect(run.kinds.at(-1)).toBe('end')
      expect(run.kinds.slice(1, -1).every((k) => k === 'data')).toBe(true)
      expect(run.kinds.filter((k) => k === 'start' || k === 'end')).toEqual(['start', 'end'])
      expect(run.pid).toBeGreaterThan(0)
      expect(run.stdout).toBe('hello world\n')
      expect(run.end).toMatchObject({ exitCode: 0, exited: true, status: 'exit status 0' })
      expect(run.end?.error).toBeUndefined()
    })

    it('executes cmd directly with args, without a shell', async () => {
      const e = await envd()
      const run = await processRun(e.process.start({ process: { cmd: 'echo', args: ['$HOME', '*', "'q'"] } }))
      expect(run.stdout).toBe("$HOME * 'q'\n")
    })

    it('reports a non-zero exit with its status as the error, and stderr separately', async () => {
      const e = await envd()
      const run = await sh(e, 'echo out; echo err >&2; exit 3')
      expect(run.stdout).toBe('out\n')
      expect(run.stderr).toBe('err\n')
      expect(run.end).toMatchObject({ exitCode: 3, exited: true, status: 'exit status 3', error: 'exit status 3' })
    })

    it('runs a missing binary to an end with exit code 127 after start (not an RPC error)', async () => {
      const e = await envd()
      const run = await processRun(e.process.start({ process: { cmd: 'definitely-not-a-command-4242', args: ['x'] } }))
      expect(run.error).toBeUndefined()
      expect(run.kinds[0]).toBe('start')
      expect(run.end?.exitCode).toBe(127)
    })

    it('fails with invalid_argument and no start for a missing cwd', async () => {
      const e = await envd()
      const cwd = e.path('no', 'such', 'dir')
      const run = await sh(e, 'pwd', { cwd })
      expect(run.kinds).toEqual([])
      expect(run.error?.code).toBe(Code.InvalidArgument)
      expect(run.error?.rawMessage).toBe(`cwd '${cwd}' does not exist`)
    })

    it('fails with invalid_argument when cwd is a file', async () => {
      const e = await envd()
      await e.seed({ 'f.txt': 'x' })
      const run = await sh(e, 'pwd', { cwd: e.path('f.txt') })
      expect(run.kinds).toEqual([])
      expect(run.error?.code).toBe(Code.InvalidArgument)
    })

    it('fails with invalid_argument for an empty cmd', async () => {
      const e = await envd()
      const run = await processRun(e.process.start({ process: { cmd: '' } }))
      expect(run.kinds).toEqual([])
      expect(run.error?.code).toBe(Code.InvalidArgument)
    })

    it.each([
      ['an empty cwd with a default workdir', 'workdir'],
      ['an explicit cwd', 'explicit'],
    ] as const)('starts in the right directory for %s', async (_name, which) => {
      const e = await envd()
      await e.seed({ 'sub dir/': null })
      const run = await sh(e, 'pwd -P', { cwd: which === 'explicit' ? e.path('sub dir') : undefined })
      expect(run.stdout.trim()).toBe(which === 'explicit' ? e.path('sub dir') : e.root)
    })

    it("starts in the user's home for an empty cwd without a default workdir", async () => {
      const e = await envd({ defaultWorkdir: undefined })
      const run = await sh(e, 'pwd -P')
      expect(run.stdout.trim()).toBe(userInfo().homedir)
    })

    it('gives the process /dev/null as stdin when stdin is false, so read fails', async () => {
      const e = await envd()
      const run = await sh(e, 'read line', { stdin: false })
      expect(run.end?.exitCode).toBe(1)
    })

    it('sets HOME, USER, LOGNAME, PATH and E2B_SANDBOX=true without any /init', async () => {
      const e = await envd()
      const env = parseEnv((await processRun(e.process.start({ process: { cmd: 'env' } }))).stdout)
      const me = userInfo()
      expect(env).toMatchObject({ HOME: me.homedir, USER: me.username, LOGNAME: me.username, E2B_SANDBOX: 'true' })
      expect(env.PATH).toContain('/bin')
    })

    it('merges env: request envs over /init envVars over HOME/USER/LOGNAME', async () => {
      const e = await envd()
      const init = await fetch(`${e.url}/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          envVars: { FROM_INIT: 'init', SHARED: 'init', HOME: '/home/from-init', USER: 'init-user' },
        }),
      })
      expect(init.status).toBe(204)
      const run = await processRun(
        e.process.start({ process: { cmd: 'env', envs: { SHARED: 'request', USER: 'request-user', ONLY_REQ: 'r' } } }),
      )
      const env = parseEnv(run.stdout)
      expect(env).toMatchObject({
        FROM_INIT: 'init',
        SHARED: 'request',
        HOME: '/home/from-init',
        USER: 'request-user',
        LOGNAME: userInfo().username,
        ONLY_REQ: 'r',
        E2B_SANDBOX: 'true',
      })
    })

    it('runs processes as the user named by Basic auth', async () => {
      const e = await envd()
      const { process } = e.clients({ authorization: `Basic ${Buffer.from('nobody:').toString('base64')}` })
      const run = await processRun(process.start({ process: { cmd: 'id', args: ['-un'] }, stdin: false }))
      expect(run.stdout.trim()).toBe('nobody')
    })
  })
})
