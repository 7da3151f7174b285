// The built-in templates a server offers without a build of its own: a derived one (desktop,
// code-interpreter-v1) whose image is not built answers a create with 503 and the command that
// builds it, instead of a 404 or a hang; the CLI that builds them names the built-ins it has. The
// built-ins working end to end are the @e2b/code-interpreter and @e2b/desktop suites.
import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Sandbox } from 'e2b'
import { rejection } from '../support/async.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sdkOpts,
  startServer,
  type ControlServer,
} from '../support/control-server.js'
import { BASE_IMAGE, docker } from '../support/docker.js'

const run = promisify(execFile)
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'image', 'sandock.mjs')
// A base image of its own (same content, another id): no derived built-in exists for it.
const OWN_BASE = `sandock/base:builtins-test-${DEFAULT_API_PORT}`

let server: ControlServer

beforeAll(async () => {
  await run('sh', [
    '-c',
    `printf 'FROM ${BASE_IMAGE}\\nLABEL sandock.test=builtins\\n' | DOCKER_BUILDKIT=0 docker build -q -t ${OWN_BASE} -`,
  ])
  server = await startServer({
    apiPort: DEFAULT_API_PORT + 86,
    proxyPort: DEFAULT_PROXY_PORT + 86,
    env: { SANDOCK_BASE_TEMPLATE_IMAGE: OWN_BASE },
  })
}, 120_000)

afterAll(async () => {
  await server?.cleanup()
  await docker('rmi', OWN_BASE).catch(() => undefined)
})

describe('a derived built-in whose image is not built (SANDOCK_BUILD_BUILTINS=off)', () => {
  it.each(['desktop', 'code-interpreter-v1'])(
    'answers a create from %s with 503 and how to build it; base still works',
    async (name) => {
      const res = await fetch(`${server.apiUrl}/sandboxes`, {
        method: 'POST',
        headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ templateID: name }),
      })
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({
        code: 503,
        message: `the built-in template '${name}' is not built on this server: run 'sandock templates build-builtin ${name}' or start the server with SANDOCK_BUILD_BUILTINS=auto`,
      })
      // The SDK shows the same message.
      const e = await rejection(Sandbox.create(name, sdkOpts(server)))
      expect(e.message).toContain(`sandock templates build-builtin ${name}`)
      // Nothing was started for it; the base template is unaffected.
      expect(await docker('ps', '-aq', '--filter', `network=${server.networks[0]}`)).toBe('')
      const sbx = await Sandbox.create(sdkOpts(server))
      try {
        expect((await sbx.commands.run('echo ok')).stdout).toBe('ok\n')
      } finally {
        await sbx.kill()
      }
    },
  )
})

describe('sandock templates build-builtin', () => {
  it('refuses a name that is not a built-in, naming the ones there are', async () => {
    const e = await rejection<Error & { code: number; stderr: string }>(
      run(process.execPath, [CLI, 'templates', 'build-builtin', 'nosuch']),
    )
    expect(e.code).toBe(2)
    expect(e.stderr).toBe(
      "sandock: no built-in template 'nosuch' (there are base, code-interpreter-v1, desktop, mcp-gateway)\n",
    )
  })

  it('prints its usage for anything else', async () => {
    const e = await rejection<Error & { code: number; stdout: string }>(run(process.execPath, [CLI, 'templates']))
    expect(e.code).toBe(2)
    expect(e.stdout).toContain('Usage: sandock templates build-builtin [name ...]')
  })
})
