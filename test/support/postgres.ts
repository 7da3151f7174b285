// A throw-away PostgreSQL 15 for the unit tier: initdb in a temp dir, `postgres` on a free
// loopback port (no other listener), removed at the end. As root it runs as the `postgres` user
// (PostgreSQL refuses root). Skips (returns undefined) only when postgresql-15 is not installed;
// scripts/test.sh installs it, and SANDOCK_TEST_REQUIRE_POSTGRES=1 turns a missing one into a failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

const BIN = '/usr/lib/postgresql/15/bin'

export type TestPostgres = Readonly<{
  url: string
  stop(): Promise<void>
  /** Stops the server (a fast shutdown), keeping its data. */
  down(): Promise<void>
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  up(): Promise<void>
  /**
   * Stops every process of the server (SIGSTOP) without closing a socket: to a client it looks
   * like a network partition (nothing refused, nothing answered). `thaw` lets them run again.
   */
  freeze(): Promise<void>
  thaw(): Promise<void>
}>

/** The server's processes: the postmaster (its child) and every process whose parent it is. */
async function processTree(pid: number): Promise<number[]> {
  const { readdir } = await import('node:fs/promises')
  const pids = [pid]
  for (const e of await readdir('/proc')) {
    if (!/^\d+$/.test(e)) continue
    const stat = await readFile(`/proc/${e}/stat`, 'utf8').catch(() => '')
    // pid (comm) state ppid …: comm may hold spaces, so split after its closing parenthesis.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (ppid === pid) pids.push(Number(e))
  }
  return pids
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

export function postgresAvailable(): boolean {
  const ok = existsSync(join(BIN, 'postgres'))
  if (!ok && process.env.SANDOCK_TEST_REQUIRE_POSTGRES === '1')
    throw new Error(`postgresql-15 is required (${BIN}/postgres missing)`)
  return ok
}

/** `hbaFirst`: pg_hba.conf lines put before initdb's `trust` ones (e.g. a role that must give its password). */
export async function startPostgres(opts: { hbaFirst?: readonly string[] } = {}): Promise<TestPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-pg-'))
  // As root, both programs run as the postgres user (spawned with its uid, so signals reach postgres itself).
  let user: { uid: number; gid: number } | undefined
  if (process.getuid?.() === 0) {
    user = {
      uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
      gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
    }
    await chown(dir, user.uid, user.gid)
  }
  const data = join(dir, 'data')
  const init = spawnSync(
    join(BIN, 'initdb'),
    ['-D', data, '-U', 'sandock', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    { encoding: 'utf8', ...user },
  )
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`)
  if (opts.hbaFirst?.length) {
    const hba = join(data, 'pg_hba.conf')
    await writeFile(hba, `${opts.hbaFirst.join('\n')}\n${await readFile(hba, 'utf8')}`)
  }
  const port = await freePort()
  const url = `postgres://sandock@127.0.0.1:${port}/postgres`
  let child: ChildProcess | undefined
  let stderr = ''
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null
  async function run(): Promise<void> {
    if (running()) return
    const proc = spawn(
      join(BIN, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], ...user },
    )
    child = proc
    proc.stderr!.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)))
    const deadline = Date.now() + 30_000
    for (;;) {
      const client = new pg.Client({ connectionString: url })
      try {
        await client.connect()
        await client.end()
        return
      } catch (e) {
        await client.end().catch(() => undefined)
        if (proc.exitCode !== null || Date.now() > deadline)
          throw new Error(`postgres did not start: ${(e as Error).message}\n${stderr}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  }
  async function halt(): Promise<void> {
    if (!running()) return
    const proc = child!
    const exited = new Promise((r) => proc.once('exit', r))
    proc.kill('SIGINT') // fast shutdown
    await exited
  }
  await run()
  await writeFile(join(dir, 'url'), url)
  return {
    url,
    async stop() {
      await halt()
      await rm(dir, { recursive: true, force: true })
    },
    down: halt,
    up: run,
    async freeze() {
      for (const p of await processTree(child!.pid!)) process.kill(p, 'SIGSTOP')
    },
    async thaw() {
      if (child?.pid) for (const p of await processTree(child.pid)) process.kill(p, 'SIGCONT')
    },
  }
}

/** A fresh database on the server for one test file (dropped by the caller's stop). */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return serverUrl.replace(/\/[^/]*$/, `/${name}`)
}
