// `sandock pg-relay <socket> <host:port>`: the node agents' way to the cluster's PostgreSQL. Agents
// run on the host network, PostgreSQL only on the stack's overlay network (no published port, so
// nothing on a node's addresses, sandboxes included, can reach it). A global service on the overlay
// (docker-stack.yml `pg-relay`) listens on a Unix socket in the node's data dir and forwards each
// connection to PostgreSQL (resolved per connection, so a moved task is followed); the agent's
// SANDOCK_DATABASE_URL names the socket's directory. Passwords are still checked by PostgreSQL.
import { chmod, mkdir, rm } from 'node:fs/promises'
import { connect, createServer, type Socket } from 'node:net'
import { dirname } from 'node:path'
import { closeOnSignals } from './signals.js'

const USAGE =
  'Usage: sandock pg-relay <socket path> <host:port>\n\nForwards connections on a Unix socket (mode 0600, its directory 0700) to PostgreSQL at host:port (see docs/cluster.md).\n'

export type RunningPgRelay = { close(): Promise<void> }

export async function startPgRelay(socketPath: string, host: string, port: number): Promise<RunningPgRelay> {
  await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 })
  await chmod(dirname(socketPath), 0o700)
  await rm(socketPath, { force: true })
  const open = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(port, host)
    open.add(client).add(upstream)
    const done = () => {
      client.destroy()
      upstream.destroy()
      open.delete(client)
      open.delete(upstream)
    }
    client.on('error', done).on('close', done)
    upstream.on('error', done).on('close', done)
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, () => resolve()))
  await chmod(socketPath, 0o600)
  return {
    async close() {
      for (const s of open) s.destroy()
      await new Promise((r) => server.close(r))
      await rm(socketPath, { force: true })
    },
  }
}

/** `sandock pg-relay <socket> <host:port>`: runs until a signal; -1 = keep the process alive. */
export async function pgRelayCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help')) {
    process.stdout.write(USAGE)
    return 0
  }
  const [socketPath, target] = args
  const m = target ? /^(.+):(\d+)$/.exec(target) : null
  if (!socketPath?.startsWith('/') || !m) {
    process.stderr.write(USAGE)
    return 2
  }
  const running = await startPgRelay(socketPath, m[1]!, Number(m[2]))
  process.stdout.write(`pg-relay: ${socketPath} → ${target}\n`)
  closeOnSignals(() => running.close())
  return -1
}
