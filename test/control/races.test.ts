// 20 concurrent pause, connect and kill calls on one sandbox: every call gets a contract answer,
// the sandbox ends killed with no container left, and the server keeps serving. Requests racing
// a pause get an answer, never a dropped connection.
import http from 'node:http'
import { expect, it, onTestFinished } from 'vitest'
import { Sandbox } from 'e2b'
import {
  containersOf,
  createSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
  sharedServer,
} from '../support/control-sdk.js'

printServerLogsOnFailure()

it('pauses, connects and kills racing on one sandbox leave it killed, leak-free, and the server healthy', async () => {
  const sbx = await createSandbox({ timeoutMs: 120_000 })
  await sbx.files.write('/home/user/race.txt', 'x')
  const calls: { kind: string; p: Promise<unknown> }[] = []
  for (const kind of 'PCPKCPCCPKPCPCKPCPCP') {
    if (kind === 'P') calls.push({ kind: 'pause', p: sbx.pause() })
    else if (kind === 'C')
      calls.push({ kind: 'connect', p: Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 60_000 }) })
    else calls.push({ kind: 'kill', p: Sandbox.kill(sbx.sandboxId, sdkOpts()) })
  }
  const settled = await Promise.allSettled(calls.map((c) => c.p))
  const outcomes = settled.map((s, i) => {
    const kind = calls[i]!.kind
    if (s.status === 'fulfilled') return `${kind}:${typeof s.value === 'boolean' ? s.value : 'ok'}`
    const err = s.reason as Error
    return `${kind}:${err.name === 'NotFoundError' || /not found|doesn't exist/i.test(err.message) ? 'not-found' : err.message}`
  })
  // Before the first kill lands: pause 204/409, connect 200/201. After it: not found (or kill → false).
  const odd = outcomes.filter(
    (o) => !/^(pause:(true|false|not-found)|connect:(ok|not-found)|kill:(true|false))$/.test(o),
  )
  expect(odd, `all outcomes: ${outcomes.join(', ')}`).toEqual([])
  expect(outcomes.filter((o) => o === 'kill:true')).toHaveLength(1)

  expect(
    (await Sandbox.list({ ...sdkOpts(), query: { state: ['running', 'paused'] } }).nextItems()).map((s) => s.sandboxId),
  ).not.toContain(sbx.sandboxId)
  expect(await containersOf(sbx.sandboxId)).toEqual([])
  const next = await createSandbox()
  try {
    expect((await next.commands.run('echo alive')).stdout).toBe('alive\n')
  } finally {
    await killQuietly(next.sandboxId)
  }
})

/** A request through the proxy with node:http, so an early answer to a body still being sent is seen. */
function proxied(
  sandboxId: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; keepBodyOpen?: boolean } = {},
) {
  const url = new URL(sharedServer().sandboxUrl)
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path,
    method: opts.method ?? 'GET',
    agent: false,
    headers: { 'e2b-sandbox-id': sandboxId, 'e2b-sandbox-port': '49983', ...opts.headers },
  })
  const outcome = new Promise<number | string>((resolve) => {
    req.on('response', (res) => {
      res.resume()
      // A 502 must arrive whole: a cut mid-body is a dropped answer too.
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', (e) => resolve(`cut mid-answer: ${e.message}`))
    })
    req.on('error', (e) => resolve(`dropped: ${e.message}`))
  })
  if (opts.keepBodyOpen) req.write('the first part of an upload that is still being sent')
  else req.end()
  return { outcome, req }
}

// Issue 16: a request in flight through the proxy when its sandbox paused was sometimes cut
// without an answer ("Server disconnected") instead of the 502 for a sandbox that is not running,
// depending on whether it reached the proxy before or after the pause flipped the state. Each
// round has one request certainly in flight (an upload whose body is still arriving at envd) and
// a stream of short requests racing the pause; none may be dropped.
it('requests in flight or arriving while a sandbox pauses get an answer (2xx or the 502), never a dropped connection', async () => {
  const sbx = await createSandbox({ timeoutMs: 300_000 })
  onTestFinished(() => killQuietly(sbx.sandboxId))
  const token = (sbx as unknown as { envdAccessToken?: string }).envdAccessToken
  for (let round = 0; round < 12; round++) {
    const upload = proxied(sbx.sandboxId, '/files?path=/tmp/in-flight.bin', {
      method: 'POST',
      keepBodyOpen: true,
      headers: { 'content-type': 'application/octet-stream', ...(token ? { 'x-access-token': token } : {}) },
    })
    // envd has the upload's temp file open: the request is in flight, its answer not started.
    // A shell glob, not `ls`: coreutils' ls fails under Debian's runsc (statx), the glob only reads the directory.
    const probe = 'for f in /tmp/.sandock-upload-*; do [ -e "$f" ] && echo found; done; true'
    await expect
      .poll(async () => (await sbx.commands.run(probe)).stdout, {
        timeout: 10_000,
        interval: 20,
        message: 'the upload to reach envd',
      })
      .toContain('found')
    let pausing = true
    const racing = Array.from({ length: 3 }, async () => {
      const seen: (number | string)[] = []
      while (pausing) seen.push(await proxied(sbx.sandboxId, '/health').outcome)
      return seen
    })
    await sbx.pause()
    pausing = false
    expect(await upload.outcome, `round ${round}`).toBe(502)
    upload.req.destroy()
    const answers = (await Promise.all(racing)).flat()
    expect(
      answers.filter((a) => a !== 204 && a !== 502),
      `round ${round}: ${answers.join(', ')}`,
    ).toEqual([])
    expect(answers.at(-1)).toBe(502)
    await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 300_000 })
  }
  expect((await sbx.commands.run('echo resumed')).stdout).toBe('resumed\n')
})
