import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { envDelta, fetchSandboxEnv } from '../../../src/interpreter/sandbox-env.js'

const servers: http.Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.close()
})

/** A stand-in for envd's GET /envs that wants the token `tok`. */
async function envd(): Promise<string> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/envs') return void res.writeHead(404).end()
    if (req.headers['x-access-token'] !== 'tok') return void res.writeHead(401).end('{"code":401}')
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ A: '1', E2B_SANDBOX_ID: 'sbx', N: 5 }))
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

describe('fetchSandboxEnv', () => {
  it("reads the string values with the caller's token", async () => {
    expect(await fetchSandboxEnv(await envd(), 'tok')).toEqual({ A: '1', E2B_SANDBOX_ID: 'sbx' })
  })
  it('is undefined when envd refuses the token or is unreachable', async () => {
    expect(await fetchSandboxEnv(await envd(), 'wrong')).toBeUndefined()
    expect(await fetchSandboxEnv(await envd(), undefined)).toBeUndefined()
    expect(await fetchSandboxEnv('http://127.0.0.1:9', 'tok')).toBeUndefined()
  })
})

describe('envDelta', () => {
  it('keeps only the values the kernel does not already have', () => {
    expect(envDelta({ A: '1', B: 'old', PATH: '/bin' }, { A: '1', B: 'new', C: 'x' })).toEqual({ B: 'new', C: 'x' })
  })
})
