// "The internet" for the egress tests and the egress benchmark: test hosts that stop by
// themselves. Each host is a network namespace that belongs to one process (`unshare --net`, no
// name in /run/netns): an anchor running egress-targets.mjs with nothing to serve. Its servers
// join that namespace (`nsenter --net`). Every one of these processes exits when its stdin (a
// pipe from the test) closes, i.e. when the test process ends however it ends, and after
// LIFETIME_S at the latest; with the last of them the kernel removes the namespace and the veth
// pair that joins it to the host, on a /29 of 198.51.100.0/24 or 203.0.113.0/24 (RFC 5737,
// never routed anywhere). remove() does it at once.
import { execFile, spawn } from 'node:child_process'
import { readlink } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const TARGETS = fileURLToPath(new URL('./egress-targets.mjs', import.meta.url))
/** The longest a test host lives (the whole egress file takes about a minute; the benchmark, ten). */
export const LIFETIME_S = 1800

/** Starts egress-targets.mjs (`cmd` before it) with `config`; resolves once it printed its ready line. */
function startTargets(cmd, config, label) {
  const child = spawn(
    cmd[0],
    [...cmd.slice(1), process.execPath, TARGETS, JSON.stringify({ lifetimeS: LIFETIME_S, ...config })],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  const events = []
  const ready = new Promise((resolve, reject) => {
    let buf = ''
    let err = ''
    child.stderr.on('data', (c) => (err += c.toString()))
    child.stdout.on('data', (c) => {
      buf += c.toString()
      for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
        const line = JSON.parse(buf.slice(0, nl))
        buf = buf.slice(nl + 1)
        if (line.ready) resolve({ ready: line.ready, child, events })
        else events.push(line)
      }
    })
    child.once('exit', (code, signal) =>
      reject(new Error(`egress-targets (${label}) exited (${code ?? signal}): ${err}`)),
    )
  })
  return { child, ready }
}

/**
 * A test host `name` (≤ 14 characters: its veth on the host is `<name>h`) at `base`+2 on the /29
 * `base`, the host's end at `base`+1 (e.g. '198.51.100.8' gives .9 on the host and .10 inside).
 */
export async function createTestHost(name, base) {
  const parts = base.split('.').map(Number)
  const at = (n) => [...parts.slice(0, 3), parts[3] + n].join('.')
  const hostIp = at(1)
  const ip = at(2)
  const hostEnd = `${name}h`.slice(0, 15)
  await removeTestHost(name)
  const anchor = startTargets(['unshare', '--net', '--'], {}, `${name} anchor`)
  const children = [anchor.child]
  const remove = async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    await Promise.all(
      children.map((c) =>
        c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined,
      ),
    )
    await run('ip', ['link', 'del', hostEnd]).catch(() => undefined)
  }
  try {
    await anchor.ready
    const ns = `/proc/${anchor.child.pid}/ns/net`
    if ((await readlink(ns)) === (await readlink('/proc/self/ns/net')))
      throw new Error('unshare --net did not give the test host its own namespace')
    await run('ip', ['link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', String(anchor.child.pid)])
    await run('ip', ['addr', 'add', `${hostIp}/29`, 'dev', hostEnd])
    await run('ip', ['link', 'set', hostEnd, 'up'])
    for (const args of [
      ['addr', 'add', `${ip}/29`, 'dev', 'eth0'],
      ['link', 'set', 'eth0', 'up'],
      ['link', 'set', 'lo', 'up'],
      ['route', 'add', 'default', 'via', hostIp],
    ]) {
      await run('nsenter', [`--net=${ns}`, '--', 'ip', ...args])
    }
    return {
      name,
      ip,
      /** Starts egress-targets.mjs in the host's namespace with `config`; resolves with its ready line. */
      start(config) {
        const t = startTargets(['nsenter', `--net=${ns}`, '--'], config, name)
        children.push(t.child)
        return t.ready
      },
      remove,
    }
  } catch (e) {
    await remove()
    throw e
  }
}

/** What an earlier run may have left (a named namespace of older versions, a veth): gone, no error when there is none. */
export async function removeTestHost(name) {
  await run('ip', ['netns', 'del', name]).catch(() => undefined)
  await run('ip', ['link', 'del', `${name}h`.slice(0, 15)]).catch(() => undefined)
}
