// The dashboard's Sandock route to envd, /sandock/v1/sandboxes/{id}/envd/*, on a real `sandock
// serve` and sandbox, with the browser's Connect client (@connectrpc/connect-web over fetch):
// streams pass while the process runs, files go both ways, auth and errors are the API's, envd's
// control routes stay closed, and a kill cuts an open stream.
import { ConnectError, createClient } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-web'
import { expect, it, onTestFinished } from 'vitest'
import { Filesystem } from '../../src/gen/filesystem/filesystem_pb.js'
import { Process } from '../../src/gen/process/process_pb.js'
import { createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts } from '../support/control-sdk.js'

printServerLogsOnFailure()

const route = (sandboxId: string) => `${sdkOpts().apiUrl}/sandock/v1/sandboxes/${sandboxId}/envd`

function clients(sandboxId: string, apiKey = sdkOpts().apiKey) {
  const transport = createConnectTransport({
    baseUrl: route(sandboxId),
    interceptors: [
      (next) => async (req) => {
        req.header.set('x-api-key', apiKey)
        return next(req)
      },
    ],
  })
  return { process: createClient(Process, transport), filesystem: createClient(Filesystem, transport) }
}

async function sandbox() {
  const sbx = await createSandbox({ timeoutMs: 120_000 })
  onTestFinished(() => killQuietly(sbx.sandboxId))
  return sbx
}

it('streams a process while it runs and takes its input through SendInput', async () => {
  const sbx = await sandbox()
  const { process } = clients(sbx.sandboxId)
  const stream = process.start({
    process: { cmd: '/bin/bash', args: ['-c', 'echo ready; read line; echo got:$line'] },
    stdin: true,
  })
  const decoder = new TextDecoder()
  let pid: number | undefined
  let out = ''
  let exitCode: number | undefined
  for await (const { event } of stream) {
    const ev = event?.event
    if (ev?.case === 'start') pid = ev.value.pid
    if (ev?.case === 'data' && ev.value.output.case === 'stdout') {
      out += decoder.decode(ev.value.output.value)
      // The process now blocks on `read`: this line arrived while it runs, so nothing buffered it.
      if (out === 'ready\n')
        await process.sendInput({
          process: { selector: { case: 'pid', value: pid! } },
          input: { input: { case: 'stdin', value: new TextEncoder().encode('xyz\n') } },
        })
    }
    if (ev?.case === 'end') exitCode = ev.value.exitCode
  }
  expect(pid).toBeGreaterThan(0)
  expect(out).toBe('ready\ngot:xyz\n')
  expect(exitCode).toBe(0)
})

it('uploads, downloads and lists files as the sandbox user', async () => {
  const sbx = await sandbox()
  const { apiKey } = sdkOpts()
  const content = `dashboard upload ${Date.now()}\n`
  const up = await fetch(`${route(sbx.sandboxId)}/files?path=/home/user/up/from-route.txt`, {
    method: 'POST',
    body: content,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/octet-stream' },
  })
  expect(up.status).toBe(200)
  expect(await up.json()).toEqual([expect.objectContaining({ path: '/home/user/up/from-route.txt', type: 'file' })])
  expect(await sbx.files.read('/home/user/up/from-route.txt')).toBe(content)

  await sbx.files.write('from-sdk.txt', 'written by the SDK')
  const down = await fetch(`${route(sbx.sandboxId)}/files?path=from-sdk.txt`, { headers: { 'x-api-key': apiKey } })
  expect(down.status).toBe(200)
  expect(await down.text()).toBe('written by the SDK')

  const { entries } = await clients(sbx.sandboxId).filesystem.listDir({ path: '/home/user/up', depth: 1 })
  expect(entries.map((e) => [e.name, e.owner])).toEqual([['from-route.txt', 'user']])
})

it('answers like the API: key required, unknown 404, paused 409; envd control routes stay closed', async () => {
  const sbx = await sandbox()
  const { apiKey } = sdkOpts()
  const files = `${route(sbx.sandboxId)}/files?path=.bashrc`
  expect((await fetch(files)).status).toBe(401)
  const wrong = await fetch(files, { headers: { 'x-api-key': 'e2b_0000' } })
  expect(wrong.status).toBe(401)
  expect(await wrong.json()).toEqual({ code: 401, message: expect.stringContaining('Invalid API key') })
  const wrongRpc = await clients(sbx.sandboxId, 'e2b_0000')
    .process.list({})
    .catch((e: unknown) => ConnectError.from(e))
  expect(wrongRpc).toBeInstanceOf(ConnectError)

  const unknown = await fetch(`${route('nosuchsandbox0')}/files?path=a`, { headers: { 'x-api-key': apiKey } })
  expect(unknown.status).toBe(404)
  expect(await unknown.json()).toEqual({
    code: 404,
    message: 'Sandbox "nosuchsandbox0" doesn\'t exist or you don\'t have access to it',
  })

  const init = await fetch(`${route(sbx.sandboxId)}/init`, {
    method: 'POST',
    body: '{}',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
  })
  expect(init.status).toBe(404)
  expect(((await init.json()) as { message: string }).message).toMatch(/reserved for the E2B control plane/)

  expect(await sbx.pause()).toBe(true)
  const paused = await fetch(files, { headers: { 'x-api-key': apiKey } })
  expect(paused.status).toBe(409)
  expect(await paused.json()).toEqual({ code: 409, message: expect.stringContaining('paused') })
  await sbx.connect()
  expect((await fetch(files, { headers: { 'x-api-key': apiKey } })).status).toBe(200)
})

it('cuts an open stream when the sandbox is killed, then answers 404', async () => {
  const sbx = await sandbox()
  const stream = clients(sbx.sandboxId).process.start({ process: { cmd: '/bin/sleep', args: ['600'] } })
  const events: string[] = []
  const ended = (async () => {
    try {
      for await (const { event } of stream) {
        events.push(event?.event.case ?? '')
        if (event?.event.case === 'start') await sbx.kill()
      }
      return 'ended gracefully'
    } catch (e) {
      return ConnectError.from(e)
    }
  })()
  const result = await ended
  expect(events[0]).toBe('start')
  expect(events).not.toContain('end')
  expect(result).toBeInstanceOf(ConnectError)
  await expect
    .poll(
      async () =>
        (await fetch(`${route(sbx.sandboxId)}/files?path=a`, { headers: { 'x-api-key': sdkOpts().apiKey } })).status,
      { timeout: 10_000, interval: 100, message: 'a 404 after the kill' },
    )
    .toBe(404)
})
