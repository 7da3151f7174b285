// Bad and hostile input: every case checks the error AND that envd stays healthy afterwards
// (contract 4.1, 4.3, 4.7, 4.8, 4.9, 5.1, 5.5, 5.6).
import { createHash, randomBytes } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { gzipSync } from 'node:zlib'
import { AuthenticationError, InvalidArgumentError, NotEnoughSpaceError, Sandbox } from 'e2b'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEnvdContainer } from '../support/docker.js'
import { connectSandbox, ENVD_URL } from '../support/sdk.js'
import { unique } from '../support/async.js'
import { jsonOrText } from '../support/raw-http.js'

let sbx: Sandbox

beforeAll(async () => {
  sbx = await connectSandbox()
})

async function expectHealthy(target: Sandbox = sbx, url = ENVD_URL): Promise<void> {
  const health = await fetch(`${url}/health`)
  expect(health.status).toBe(204)
  const run = await target.commands.run('echo alive')
  expect(run.exitCode).toBe(0)
  expect(run.stdout).toBe('alive\n')
}

async function tempDir(prefix = 'bad'): Promise<string> {
  const dir = `/home/user/${unique(prefix)}`
  expect(await sbx.files.makeDir(dir)).toBe(true)
  onTestFinished(async () => {
    await sbx.files.remove(dir)
  })
  return dir
}

function unary(
  service: string,
  method: string,
  payload: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${ENVD_URL}/${service}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'connect-protocol-version': '1', ...headers },
    body: payload,
  })
}

function envelope(message: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(message))
  const head = Buffer.alloc(5)
  head.writeUInt32BE(json.length, 1)
  return Buffer.concat([head, json])
}

/** Reads Connect envelopes from a streaming response; yields {flags, json}. */
async function* envelopes(res: Response): AsyncGenerator<{ flags: number; json: any }> {
  const reader = res.body!.getReader()
  let buf = Buffer.alloc(0)
  for (;;) {
    while (buf.length >= 5 && buf.length >= 5 + buf.readUInt32BE(1)) {
      const len = buf.readUInt32BE(1)
      const flags = buf[0]!
      const json = JSON.parse(buf.subarray(5, 5 + len).toString('utf8'))
      buf = buf.subarray(5 + len)
      yield { flags, json }
    }
    const { done, value } = await reader.read()
    if (done) return
    buf = Buffer.concat([buf, Buffer.from(value)])
  }
}

/** Lists a directory from inside the sandbox (hidden files included). */
async function lsla(dir: string): Promise<string> {
  const res = await sbx.commands.run(`ls -la '${dir}'`, { user: 'root' })
  expect(res.exitCode).toBe(0)
  return res.stdout
}

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string }

/** One HTTP request with node:http (own connection unless an agent is given); rejects after timeoutMs. */
function rawRequest(
  url: string,
  opts: {
    method?: string
    headers?: Record<string, string>
    body?: Buffer | string
    agent?: Agent | false
    timeoutMs?: number
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent ?? false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.setTimeout(opts.timeoutMs ?? 20_000, () =>
      req.destroy(new Error(`no response within ${opts.timeoutMs ?? 20_000} ms: ${opts.method ?? 'GET'} ${url}`)),
    )
    req.on('error', reject)
    req.end(opts.body)
  })
}

/**
 * A throw-away envd container for inputs that may take the daemon down, so a crash cannot
 * poison the shared container the rest of the suite uses. Removed when the test finishes.
 */
async function isolatedEnvd(extraArgs: string[] = []): Promise<{ url: string; sandbox: Sandbox }> {
  const envd = await startEnvdContainer(undefined, extraArgs)
  onTestFinished(() => envd.stop())
  process.env.E2B_DEBUG = 'true'
  const sandbox = await Sandbox.create({ debug: true, sandboxUrl: `http://localhost:${envd.port}` })
  return { url: `http://localhost:${envd.port}`, sandbox }
}

describe('malformed Connect requests', () => {
  it('malformed JSON to a unary RPC is a Connect error with a string code (400 invalid_argument)', async () => {
    const res = await unary('filesystem.Filesystem', 'Stat', '{bad')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const err = await jsonOrText(res)
    expect(typeof err.code).toBe('string')
    expect(err.code).toBe('invalid_argument')
    expect(typeof err.message).toBe('string')
    await expectHealthy()
  })

  it('a bad enum value or an empty oneof is refused per contract (unimplemented / invalid_argument)', async () => {
    const handle = await sbx.commands.run('sleep 60', { background: true, timeoutMs: 0 })
    onTestFinished(async () => {
      await sbx.commands.kill(handle.pid)
    })
    const connectStatus: Record<string, number> = { invalid_argument: 400, unimplemented: 501 }

    // An unknown enum name: rejected at decode (invalid_argument) or, as connect-go's
    // DiscardUnknown does upstream, read as SIGNAL_UNSPECIFIED and refused as "invalid signal".
    const bogus = await unary(
      'process.Process',
      'SendSignal',
      JSON.stringify({ process: { pid: handle.pid }, signal: 'SIGNAL_BOGUS' }),
    )
    const bogusErr = await jsonOrText(bogus)
    expect(['invalid_argument', 'unimplemented']).toContain(bogusErr.code)
    expect(bogus.status).toBe(connectStatus[bogusErr.code])

    // SIGNAL_UNSPECIFIED is not a supported signal (contract 4.7: anything else → unimplemented).
    const unspecified = await unary(
      'process.Process',
      'SendSignal',
      JSON.stringify({ process: { pid: handle.pid }, signal: 'SIGNAL_UNSPECIFIED' }),
    )
    expect(unspecified.status).toBe(501)
    expect((await jsonOrText(unspecified)).code).toBe('unimplemented')

    // A ProcessSelector with neither pid nor tag (contract 4.7/4.9: bad oneof → unimplemented).
    const noSelector = await unary(
      'process.Process',
      'SendSignal',
      JSON.stringify({ process: {}, signal: 'SIGNAL_SIGKILL' }),
    )
    expect(noSelector.status).toBe(501)
    expect((await jsonOrText(noSelector)).code).toBe('unimplemented')
    const noProcess = await unary('process.Process', 'SendSignal', JSON.stringify({ signal: 'SIGNAL_SIGKILL' }))
    expect(noProcess.status).toBe(501)
    expect((await jsonOrText(noProcess)).code).toBe('unimplemented')

    // A ProcessInput with no oneof member (contract 4.7 SendInput: unknown input type → unimplemented).
    const emptyInput = await unary(
      'process.Process',
      'SendInput',
      JSON.stringify({ process: { pid: handle.pid }, input: {} }),
    )
    expect(emptyInput.status).toBe(501)
    expect((await jsonOrText(emptyInput)).code).toBe('unimplemented')

    // Unknown oneof member names: not a valid member, so refused the same way.
    const unknownMember = await unary(
      'process.Process',
      'SendInput',
      JSON.stringify({ process: { pid: handle.pid }, input: { bogus: 'YWJj' } }),
    )
    const unknownMemberErr = await jsonOrText(unknownMember)
    expect(['invalid_argument', 'unimplemented']).toContain(unknownMemberErr.code)
    expect(unknownMember.status).toBe(connectStatus[unknownMemberErr.code])
    const unknownSelector = await unary(
      'process.Process',
      'SendSignal',
      JSON.stringify({ process: { bogus: handle.pid }, signal: 'SIGNAL_SIGKILL' }),
    )
    const unknownSelectorErr = await jsonOrText(unknownSelector)
    expect(['invalid_argument', 'unimplemented']).toContain(unknownSelectorErr.code)
    expect(unknownSelector.status).toBe(connectStatus[unknownSelectorErr.code])

    // None of that touched the process.
    expect((await sbx.commands.list()).some((p) => p.pid === handle.pid)).toBe(true)

    // Unknown pid: not_found (404 with a code, so the SDK does not read it as unimplemented).
    const unknownPid = await unary(
      'process.Process',
      'SendSignal',
      JSON.stringify({ process: { pid: 999_999 }, signal: 'SIGNAL_SIGKILL' }),
    )
    expect(unknownPid.status).toBe(404)
    expect((await jsonOrText(unknownPid)).code).toBe('not_found')
    await expectHealthy()
  })

  it('a wrongly typed field (string for uint32) is invalid_argument', async () => {
    const res = await unary('filesystem.Filesystem', 'ListDir', JSON.stringify({ path: '/home/user', depth: 'deep' }))
    expect(res.status).toBe(400)
    expect((await jsonOrText(res)).code).toBe('invalid_argument')
    await expectHealthy()
  })

  it('a garbage streaming envelope is answered without killing the daemon', async () => {
    const res = await fetch(`${ENVD_URL}/filesystem.Filesystem/WatchDir`, {
      method: 'POST',
      headers: { 'content-type': 'application/connect+json', 'connect-protocol-version': '1' },
      body: Buffer.from([0, 0, 0, 0, 4, 0x7b, 0x62, 0x61, 0x64]), // "{bad" in a valid frame
    })
    // Connect streaming errors may be either an HTTP error or an end-stream error; never a crash.
    if (res.status === 200) {
      const frames = []
      for await (const f of envelopes(res)) frames.push(f)
      const end = frames.at(-1)!
      expect(end.flags & 0x02).toBe(0x02)
      expect(end.json.error.code).toBe('invalid_argument')
    } else {
      expect(res.status).toBe(400)
      await res.arrayBuffer()
    }
    await expectHealthy()
  })
})

describe('path and user resolution', () => {
  it("'../../etc/passwd' resolves by normal path cleaning to /etc/passwd", async () => {
    const info = await sbx.files.getInfo('../../etc/passwd')
    expect(info.path).toBe('/etc/passwd')
    expect(info.name).toBe('passwd')
    expect(info.type).toBe('file')
    expect(info.owner).toBe('root')
    expect(await sbx.files.read('../../etc/passwd')).toMatch(/^root:x:0:0:/)
    expect((await sbx.files.getInfo('/home/user/../../../../etc/./passwd')).path).toBe('/etc/passwd')
    expect((await sbx.files.getInfo('../user/')).path).toBe('/home/user')
    await expectHealthy()
  })

  it("'~otheruser/x' is InvalidArgumentError (RPC) and 400 (/files)", async () => {
    await expect(sbx.files.getInfo('~root/x')).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(sbx.files.getInfo('~otheruser/x')).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(sbx.files.list('~otheruser')).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(sbx.files.read('~otheruser/x')).rejects.toBeInstanceOf(InvalidArgumentError)
    const res = await fetch(`${ENVD_URL}/files?path=${encodeURIComponent('~otheruser/x')}`)
    expect(res.status).toBe(400)
    const err = await jsonOrText(res)
    expect(err.code).toBe(400)
    expect(typeof err.message).toBe('string')
    await expectHealthy()
  })

  it('an unknown user is AuthenticationError for RPCs and 401 for /files', async () => {
    const opts = { user: 'nobody-such' }
    await expect(sbx.files.getInfo('x', opts)).rejects.toBeInstanceOf(AuthenticationError)
    await expect(sbx.files.list('/', opts)).rejects.toBeInstanceOf(AuthenticationError)
    await expect(sbx.files.makeDir(`/tmp/${unique('nouser')}`, opts)).rejects.toBeInstanceOf(AuthenticationError)
    await expect(sbx.commands.run('true', opts)).rejects.toBeInstanceOf(AuthenticationError)
    await expect(sbx.files.read('x', opts)).rejects.toBeInstanceOf(AuthenticationError)
    await expect(sbx.files.write('x.txt', 'x', opts)).rejects.toBeInstanceOf(AuthenticationError)

    const get = await fetch(`${ENVD_URL}/files?path=x&username=nobody-such`)
    expect(get.status).toBe(401)
    const err = await jsonOrText(get)
    expect(err.code).toBe(401)
    expect(err.message).toMatch(/^error looking up user 'nobody-such'/)

    const post = await fetch(`${ENVD_URL}/files?path=x-nobody.txt&username=nobody-such`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x',
    })
    expect(post.status).toBe(401)
    expect((await jsonOrText(post)).code).toBe(401)
    expect(await sbx.files.exists('x-nobody.txt')).toBe(false)

    const rpc = await unary('filesystem.Filesystem', 'Stat', JSON.stringify({ path: '/' }), {
      authorization: `Basic ${Buffer.from('nobody-such:').toString('base64')}`,
    })
    expect(rpc.status).toBe(401)
    expect((await jsonOrText(rpc)).code).toBe('unauthenticated')
    await expectHealthy()
  })
})

describe('bad uploads', () => {
  it('POST /files with content-type text/plain is 400 and writes nothing', async () => {
    const dir = await tempDir('ctype')
    const res = await fetch(`${ENVD_URL}/files?path=${encodeURIComponent(`${dir}/plain.txt`)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'plain text',
    })
    expect(res.status).toBe(400)
    const err = await jsonOrText(res)
    expect(err.code).toBe(400)
    expect(typeof err.message).toBe('string')
    expect(await sbx.files.exists(`${dir}/plain.txt`)).toBe(false)
    await expectHealthy()
  })

  it('POST /files with a non-upload content type is 400 whatever the body size', async () => {
    const dir = await tempDir('ctype2')
    for (const type of ['text/plain', 'application/json', 'application/x-www-form-urlencoded']) {
      const res = await fetch(`${ENVD_URL}/files?path=${encodeURIComponent(`${dir}/big.txt`)}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'a'.repeat(2 * 1024 * 1024),
      })
      expect({ type, status: res.status }).toEqual({ type, status: 400 })
      expect((await jsonOrText(res)).code).toBe(400)
    }
    expect(await sbx.files.exists(`${dir}/big.txt`)).toBe(false)
    await expectHealthy()
  })

  it('an octet-stream upload without path is 400', async () => {
    const res = await fetch(`${ENVD_URL}/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'no path given',
    })
    expect(res.status).toBe(400)
    expect((await jsonOrText(res)).code).toBe(400)
    await expectHealthy()
  })

  it('a 300 MiB streamed octet-stream upload succeeds with the right size and content', async () => {
    const dir = await tempDir('huge')
    const target = `${dir}/huge.bin`
    const MiB = 1024 * 1024
    const total = 300 * MiB
    const hash = createHash('sha256')
    async function* chunks() {
      const base = randomBytes(MiB)
      for (let i = 0; i < total / MiB; i++) {
        const chunk = Buffer.from(base)
        chunk.writeUInt32BE(i, 0) // every MiB differs
        hash.update(chunk)
        yield chunk
      }
    }
    const res = await fetch(`${ENVD_URL}/files?path=${encodeURIComponent(target)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: chunks() as any,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(200)
    expect(await jsonOrText(res)).toEqual([{ name: 'huge.bin', path: target, type: 'file' }])
    const info = await sbx.files.getInfo(target)
    expect(info.size).toBe(total)
    expect(info.owner).toBe('user')
    const sum = await sbx.commands.run(`sha256sum '${target}'`)
    expect(sum.stdout.split(' ')[0]).toBe(hash.digest('hex'))
    await expectHealthy()
  }, 80_000)

  it('an upload aborted mid-stream leaves no file at the target and no temp files', async () => {
    const dir = await tempDir('aborted')
    const target = `${dir}/partial.bin`
    const controller = new AbortController()
    const MiB = 1024 * 1024
    let sent = 0
    async function* chunks() {
      for (let i = 0; i < 8; i++) {
        sent += MiB
        yield randomBytes(MiB)
      }
      // Then stall until the client aborts.
      await new Promise((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
      )
    }
    const upload = fetch(`${ENVD_URL}/files?path=${encodeURIComponent(target)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: chunks() as any,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit)
    const settled = upload.then(
      () => 'resolved',
      () => 'rejected',
    )

    // Wait until the daemon has really written some of the data somewhere in the directory.
    await expect
      .poll(
        async () =>
          (
            await sbx.commands.run(`find '${dir}' -mindepth 1 -type f -size +1k | wc -l`, { user: 'root' })
          ).stdout.trim(),
        { timeout: 15_000, interval: 100, message: 'the daemon to start writing the upload' },
      )
      .not.toBe('0')
    expect(sent).toBeGreaterThanOrEqual(MiB)
    controller.abort()
    expect(await settled).toBe('rejected')

    await expect
      .poll(async () => (await sbx.commands.run(`ls -A '${dir}'`, { user: 'root' })).stdout, {
        timeout: 15_000,
        interval: 100,
        message: 'the partial upload to be cleaned up',
      })
      .toBe('')
    expect(await sbx.files.exists(target)).toBe(false)
    const listing = await lsla(dir)
    expect(listing).not.toContain('.sandock-upload-')
    expect(listing).not.toContain('partial.bin')
    await expectHealthy()
  })
})

describe('dead clients on streams', () => {
  it('aborting a WatchDir stream mid-stream leaves envd healthy', async () => {
    const dir = await tempDir('deadwatch')
    for (let round = 0; round < 5; round++) {
      const controller = new AbortController()
      const res = await fetch(`${ENVD_URL}/filesystem.Filesystem/WatchDir`, {
        method: 'POST',
        headers: {
          'content-type': 'application/connect+json',
          'connect-protocol-version': '1',
          'keepalive-ping-interval': '1',
        },
        body: envelope({ path: dir, recursive: true }),
        signal: controller.signal,
      })
      expect(res.status).toBe(200)
      const it = envelopes(res)
      const first = await it.next()
      expect(first.value?.json).toEqual({ start: {} })
      // Produce events for the watcher, then vanish.
      await sbx.files.write(`${dir}/f${round}.txt`, 'x')
      controller.abort()
      await it.return(undefined).catch(() => undefined)
    }
    await expectHealthy()
    // Watching still works afterwards.
    const seen = new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('no event after dead clients')), 10_000)
      void sbx.files
        .watchDir(
          dir,
          (e) => {
            if (e.name === 'after.txt') {
              clearTimeout(t)
              resolve(e.type)
            }
          },
          { timeoutMs: 0 },
        )
        .then(async (h) => {
          onTestFinished(() => h.stop())
          await sbx.files.write(`${dir}/after.txt`, 'after')
        }, reject)
    })
    expect(['create', 'write']).toContain(await seen)
  })

  /** Starts `args` under bash over a raw Connect stream; returns the stream, its pid and an abort. */
  async function rawStart(args: string[], headers: Record<string, string> = {}) {
    const controller = new AbortController()
    const res = await fetch(`${ENVD_URL}/process.Process/Start`, {
      method: 'POST',
      headers: { 'content-type': 'application/connect+json', 'connect-protocol-version': '1', ...headers },
      body: envelope({ process: { cmd: '/bin/bash', args }, stdin: false }),
      signal: controller.signal,
    })
    expect(res.status).toBe(200)
    const it = envelopes(res)
    const first = await it.next()
    const pid: number = first.value?.json?.event?.start?.pid
    expect(typeof pid).toBe('number')
    onTestFinished(async () => {
      await sbx.commands.kill(pid)
    })
    return { it, pid, abort: () => controller.abort() }
  }

  it('aborting a process Start stream leaves envd healthy and the process running', async () => {
    const { it, pid, abort } = await rawStart(['-l', '-c', 'echo started; sleep 60'], {
      'keepalive-ping-interval': '1',
    })
    const second = await it.next()
    expect(second.value?.json?.event?.data?.stdout).toBe(Buffer.from('started\n').toString('base64'))
    abort()
    await it.return(undefined).catch(() => undefined)

    await expectHealthy()
    // Contract 4.8: a client disconnect never kills the process.
    expect((await sbx.commands.list()).some((p) => p.pid === pid)).toBe(true)
    expect(await sbx.commands.kill(pid)).toBe(true)
  })

  it('aborting a stream of a process with heavy output leaves envd healthy', async () => {
    const { it, pid, abort } = await rawStart(['-c', 'head -c 200000000 /dev/zero | tr "\\0" a'])
    // Read a little output, then disappear without draining.
    const data = await it.next()
    expect(data.value?.json?.event?.data?.stdout).toBeTypeOf('string')
    abort()
    await it.return(undefined).catch(() => undefined)
    await expectHealthy()
    // The producer is not blocked forever by the vanished reader: it finishes on its own.
    await expect
      .poll(async () => (await sbx.commands.list()).some((p) => p.pid === pid), {
        timeout: 30_000,
        interval: 100,
        message: 'the heavy-output process to finish',
      })
      .toBe(false)
  }, 45_000)
})

describe('corrupted gzip uploads (each on a throw-away envd)', () => {
  const target = '/home/user/corrupt.bin'

  async function postGzip(
    url: string,
    payload: Buffer,
    contentType = 'application/octet-stream',
    path: string | undefined = target,
  ): Promise<RawResponse> {
    const q = path === undefined ? '' : `?path=${encodeURIComponent(path)}`
    return rawRequest(`${url}/files${q}`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'content-encoding': 'gzip' },
      body: payload,
    })
  }

  async function expectNothingLeft(sandbox: Sandbox): Promise<void> {
    expect(await sandbox.files.exists(target)).toBe(false)
    const ls = await sandbox.commands.run('ls -la /home/user', { user: 'root' })
    expect(ls.stdout).not.toContain('corrupt.bin')
    expect(ls.stdout).not.toContain('.sandock-upload-')
  }

  it('a body that is not gzip at all is 400, leaves no file, and envd stays up', async () => {
    const { url, sandbox } = await isolatedEnvd()
    const res = await postGzip(url, Buffer.concat([Buffer.from('this is not gzip'), randomBytes(4096)]))
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text).code).toBe(400)
    await expectHealthy(sandbox, url)
    await expectNothingLeft(sandbox)
  })

  it('a gzip stream corrupted after a valid header is 400, leaves no file, and envd stays up', async () => {
    const { url, sandbox } = await isolatedEnvd()
    const corrupted = Buffer.from(gzipSync(randomBytes(256 * 1024)))
    corrupted.fill(0xff, 20, 4000)
    const res = await postGzip(url, corrupted)
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text).code).toBe(400)
    await expectHealthy(sandbox, url)
    await expectNothingLeft(sandbox)
  })

  it('a truncated gzip stream is 400, leaves no file, and envd stays up', async () => {
    const { url, sandbox } = await isolatedEnvd()
    const valid = gzipSync(randomBytes(256 * 1024))
    const res = await postGzip(url, valid.subarray(0, Math.floor(valid.length / 2)))
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text).code).toBe(400)
    await expectHealthy(sandbox, url)
    await expectNothingLeft(sandbox)
  })

  it('a gzip-encoded multipart body that is not gzip is 400, leaves no file, and envd stays up', async () => {
    const { url, sandbox } = await isolatedEnvd()
    const res = await postGzip(url, randomBytes(2048), 'multipart/form-data; boundary=----sandockboundary', undefined)
    // Contract 5.6: bad encoding → 400 (an unparsable multipart body would be 500).
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text).code).toBe(400)
    await expectHealthy(sandbox, url)
    await expectNothingLeft(sandbox)
  })
})

describe('disk full (ENOSPC) on a 1 MiB tmpfs (each on a throw-away envd)', () => {
  const TMPFS = ['--tmpfs', '/mnt/small:size=1m,mode=1777']
  const NO_SPACE = { code: 507, message: 'not enough disk space available' }
  const data = randomBytes(2 * 1024 * 1024)
  const bigUrl = (url: string) => `${url}/files?path=${encodeURIComponent('/mnt/small/big.bin')}`

  async function expectNothingLeft(sandbox: Sandbox): Promise<void> {
    expect(await sandbox.files.exists('/mnt/small/big.bin')).toBe(false)
    const ls = await sandbox.commands.run('ls -la /mnt/small', { user: 'root' })
    expect(ls.stdout).not.toContain('big.bin')
    expect(ls.stdout).not.toContain('.sandock-upload-')
  }

  it('a 2 MiB octet-stream upload is 507 with the exact body; nothing is left and the space is released', async () => {
    const { url, sandbox } = await isolatedEnvd(TMPFS)
    const res = await rawRequest(bigUrl(url), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: data,
    })
    expect(res.status).toBe(507)
    expect(JSON.parse(res.text)).toEqual(NO_SPACE)
    await expectNothingLeft(sandbox)
    // The failed upload's space was released: a file of most of the tmpfs fits.
    const fits = await rawRequest(`${url}/files?path=${encodeURIComponent('/mnt/small/fits.bin')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: randomBytes(700 * 1024),
    })
    expect(fits.status).toBe(200)
    expect((await sandbox.files.getInfo('/mnt/small/fits.bin')).size).toBe(700 * 1024)
    await expectHealthy(sandbox, url)
  })

  it('the keep-alive connection that got the 507 still serves the next request', async () => {
    const { url, sandbox } = await isolatedEnvd(TMPFS)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    onTestFinished(() => agent.destroy())
    const first = await rawRequest(bigUrl(url), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: data,
      agent,
    })
    expect(first.status).toBe(507)
    expect(JSON.parse(first.text)).toEqual(NO_SPACE)
    // Either the server closed the connection (the agent then opens a new one) or it must
    // answer on the same one; a wedged connection times out here.
    const next = await rawRequest(`${url}/health`, { agent, timeoutMs: 5_000 })
    expect(next.status).toBe(204)
    await expectHealthy(sandbox, url)
  })

  it('SDK octet-stream and gzip uploads raise NotEnoughSpaceError, and a following upload works', async () => {
    const { url, sandbox } = await isolatedEnvd(TMPFS)
    await expect(
      sandbox.files.write('/mnt/small/big.bin', new Blob([data]), { useOctetStream: true }),
    ).rejects.toBeInstanceOf(NotEnoughSpaceError)
    await expect(sandbox.files.write('/mnt/small/big.bin', new Blob([data]), { gzip: true })).rejects.toBeInstanceOf(
      NotEnoughSpaceError,
    )
    await expectNothingLeft(sandbox)
    // The SDK reuses its pooled connections: the next uploads must not hang.
    const ok = await sandbox.files.write('/mnt/small/small.txt', 'fits', {
      useOctetStream: true,
      requestTimeoutMs: 10_000,
    })
    expect(ok.path).toBe('/mnt/small/small.txt')
    const ok2 = await sandbox.files.write('/mnt/small/small2.txt', 'fits too', { requestTimeoutMs: 10_000 })
    expect(ok2.path).toBe('/mnt/small/small2.txt')
    expect(await sandbox.files.read('/mnt/small/small2.txt', { requestTimeoutMs: 10_000 })).toBe('fits too')
    await expectHealthy(sandbox, url)
  })

  it('an SDK multipart upload raises NotEnoughSpaceError and envd stays up', async () => {
    const { url, sandbox } = await isolatedEnvd(TMPFS)
    await expect(sandbox.files.write('/mnt/small/big.bin', new Blob([data]))).rejects.toBeInstanceOf(
      NotEnoughSpaceError,
    )
    await expectHealthy(sandbox, url)
    await expectNothingLeft(sandbox)
    // Raw multipart: the exact 507 body.
    const form = new FormData()
    form.append('file', new Blob([data]), '/mnt/small/big.bin')
    const res = await fetch(`${url}/files`, { method: 'POST', body: form })
    expect(res.status).toBe(507)
    expect(await jsonOrText(res)).toEqual(NO_SPACE)
    await expectHealthy(sandbox, url)
  })
})
