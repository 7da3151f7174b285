// "The internet" for the egress tests: network namespaces this test creates, each joined to the
// host by a veth pair on a /29 of 198.51.100.0/24 or 203.0.113.0/24 (RFC 5737, never routed
// anywhere), running egress-targets.mjs. Everything is removed by remove(), also after a failure.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const TARGETS = fileURLToPath(new URL('./egress-targets.mjs', import.meta.url))

export type TestHost = Readonly<{
  name: string
  /** The address of the host inside its namespace. */
  ip: string
  /** Starts egress-targets.mjs in the namespace with `config`; resolves with its ready line. */
  start(config: Record<string, unknown>): Promise<{ ready: Record<string, number>; child: ChildProcess; events: Record<string, unknown>[] }>
}>

/**
 * A namespace `name` at `<prefix>.10/29`, the host's end at `<prefix>.9`; `prefix` is the first
 * three octets and the /29 base (e.g. '198.51.100.8' gives .9 and .10... written as base+1, base+2).
 */
export async function createTestHost(name: string, base: string, children: ChildProcess[]): Promise<TestHost> {
  const parts = base.split('.').map(Number)
  const at = (n: number) => [...parts.slice(0, 3), parts[3]! + n].join('.')
  const hostIp = at(1)
  const ip = at(2)
  const hostEnd = `${name}h`.slice(0, 15)
  await removeTestHost(name)
  await run('ip', ['netns', 'add', name])
  await run('ip', ['link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', name])
  await run('ip', ['addr', 'add', `${hostIp}/29`, 'dev', hostEnd])
  await run('ip', ['link', 'set', hostEnd, 'up'])
  for (const args of [['addr', 'add', `${ip}/29`, 'dev', 'eth0'], ['link', 'set', 'eth0', 'up'], ['link', 'set', 'lo', 'up'], ['route', 'add', 'default', 'via', hostIp]]) {
    await run('ip', ['netns', 'exec', name, 'ip', ...args])
  }
  return {
    name,
    ip,
    start(config) {
      const child = spawn('ip', ['netns', 'exec', name, process.execPath, TARGETS, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] })
      children.push(child)
      const events: Record<string, unknown>[] = []
      return new Promise((resolve, reject) => {
        let buf = ''
        let err = ''
        child.stderr!.on('data', (c: Buffer) => (err += c.toString()))
        child.stdout!.on('data', (c: Buffer) => {
          buf += c.toString()
          for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
            const line = JSON.parse(buf.slice(0, nl)) as Record<string, unknown>
            buf = buf.slice(nl + 1)
            if (line.ready) resolve({ ready: line.ready as Record<string, number>, child, events })
            else events.push(line)
          }
        })
        child.once('exit', (code) => reject(new Error(`egress-targets in ${name} exited (${code}): ${err}`)))
      })
    },
  }
}

/** Removes the namespace (its veth pair goes with it); no error when it does not exist. */
export async function removeTestHost(name: string): Promise<void> {
  await run('ip', ['netns', 'del', name]).catch(() => undefined)
  await run('ip', ['link', 'del', `${name}h`.slice(0, 15)]).catch(() => undefined)
}
