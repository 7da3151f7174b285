// Bounded, seeded fuzzing of the request bodies the server and envd accept: malformed JSON, wrong
// types, huge values, odd headers and multipart oddities. No request may get a 5xx (other than
// the proxy's documented 502 for a sandbox that does not exist), and afterwards the server and
// every envd must still be healthy. SANDOCK_FUZZ_SEED replays a run; SANDOCK_FUZZ_ROUNDS scales it.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Sandbox } from 'e2b'
import { gzipSync } from 'node:zlib'
import {
  createSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sandboxAddress,
  sharedServer,
} from '../support/control-sdk.js'
import { trackSandbox } from '../support/control-server.js'

printServerLogsOnFailure()

const SEED = Number(process.env.SANDOCK_FUZZ_SEED ?? 0x5eed7)
const ROUNDS = Number(process.env.SANDOCK_FUZZ_ROUNDS ?? 1)
const ENVD_PORT = 49983
// SANDOCK_FUZZ_TRACE=1 prints every request before it is sent (to find what a hang followed).
const TRACE = process.env.SANDOCK_FUZZ_TRACE === '1'

/** mulberry32: a small deterministic PRNG, so a failing run can be replayed from its seed. */
function prng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!
  return { next, int, pick }
}
type Rng = ReturnType<typeof prng>

// compat: envd's filesystem calls run as root for any caller (contract 4.3), so the fuzz stays out
// of system files: a traversal lands in /tmp, never on /etc/passwd.
const STRINGS = [
  '',
  ' ',
  'base',
  'x'.repeat(70_000),
  '../../../../tmp/fuzz-escape',
  '/dev/zero',
  '%00',
  '\u0000\u0001\u001f',
  'é漢字🙂',
  '${HOME}',
  '$(id)',
  '"quoted"',
  '\\',
  'null',
  '-1',
  '1e400',
  'e2b_00',
  '*',
  '?',
  '#frag',
]
const NUMBERS = [0, -1, 1, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324, 86_401, 3600]

function value(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 3 ? 4 : 7)) {
    case 0:
      return null
    case 1:
      return r.next() < 0.5
    case 2:
      return r.pick(NUMBERS)
    case 3:
      return r.pick(STRINGS)
    case 4:
      return Array.from({ length: r.int(5) }, () => value(r, depth + 1))
    case 5:
      return Object.fromEntries(
        Array.from({ length: r.int(5) }, () => [
          r.pick([...FIELDS, '__proto__', 'constructor', 'x']),
          value(r, depth + 1),
        ]),
      )
    default:
      return Array.from({ length: r.int(3) + 1 }, () => r.pick(STRINGS))
  }
}

// Field names the control API and envd read, so random bodies reach past the first type check.
const FIELDS = [
  'templateID',
  'timeout',
  'autoPause',
  'autoResume',
  'secure',
  'allow_internet_access',
  'network',
  'metadata',
  'envVars',
  'mcp',
  'lifecycle',
  'keepMemory',
  'count',
  'name',
  'alias',
  'tags',
  'target',
  'cpuCount',
  'memoryMB',
  'steps',
  'startCmd',
  'readyCmd',
  'fromImage',
  'fromTemplate',
  'force',
  'path',
  'source',
  'destination',
  'depth',
  'recursive',
  'process',
  'cmd',
  'args',
  'envs',
  'cwd',
  'pid',
  'tag',
  'signal',
  'input',
  'stdin',
  'pty',
  'size',
  'watcherId',
  'username',
]

/** A body: valid JSON of a random or mutated-valid shape, or broken JSON / bytes. */
function body(r: Rng, valid: Record<string, unknown>): { text: string | Buffer; type: string } {
  const json = 'application/json'
  switch (r.int(9)) {
    case 0:
      return { text: JSON.stringify(value(r)), type: json }
    case 1: {
      // One field of a valid body replaced by a random value: hits the deeper validation.
      const keys = Object.keys(valid)
      const copy: Record<string, unknown> = { ...valid }
      const k = keys.length > 0 && r.next() < 0.8 ? r.pick(keys) : r.pick(FIELDS)
      copy[k] = value(r)
      return { text: JSON.stringify(copy), type: json }
    }
    case 2: {
      const t = JSON.stringify({ ...valid, extra: value(r) })
      return { text: t.slice(0, r.int(t.length)), type: json }
    }
    case 3:
      return { text: '['.repeat(20_000) + ']'.repeat(20_000), type: json }
    case 4:
      return { text: `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`, type: json }
    case 5:
      return {
        text: Buffer.from(Array.from({ length: r.int(2048) }, () => r.int(256))),
        type: r.pick([json, 'application/octet-stream', 'text/plain', ''] as const),
      }
    case 6:
      return { text: JSON.stringify(valid).replace('{', '{"timeout":1e999,'), type: json }
    case 7:
      return {
        text: JSON.stringify(value(r)),
        type: r.pick([
          'application/json; charset=utf-16',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json;;',
          'APPLICATION/JSON',
        ] as const),
      }
    default:
      return {
        text: JSON.stringify({ ...valid, [r.pick(FIELDS)]: 'x'.repeat(200_000 + r.int(4_000_000)) }),
        type: json,
      }
  }
}

type Outcome = { status: number; text: string }

async function send(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Buffer },
  what = '',
): Promise<Outcome> {
  if (TRACE) console.info(`fuzz> ${init.method} ${url.slice(0, 150)} ${what.slice(0, 300)}`)
  try {
    const res = await fetch(url, {
      ...init,
      body: init.method === 'GET' || init.method === 'HEAD' ? undefined : init.body,
      signal: AbortSignal.timeout(30_000),
    })
    const text = (await res.text()).slice(0, 300)
    if (TRACE) console.info(`fuzz< ${res.status} ${text.slice(0, 120)}`)
    return { status: res.status, text }
  } catch (e) {
    // A refused header (431) or a cut connection is an answer; a hung one is a failure.
    const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name
    if (cause === 'TimeoutError')
      throw new Error(`${init.method} ${url}: no answer within 30 s: ${what || JSON.stringify(init.headers)}`)
    return { status: 0, text: String(cause) }
  }
}

let failures: string[] = []
let statuses = new Map<number, number>()
beforeEach(() => {
  failures = []
  statuses = new Map()
})
/** The run's answers by status: the fuzz must reach handlers (some 2xx) and validation (some 4xx). */
function expectVariety() {
  const tally = Object.fromEntries([...statuses].sort(([x], [y]) => x - y))
  console.info(`fuzz (seed ${SEED}) statuses: ${JSON.stringify(tally)}`)
  expect(
    [...statuses.keys()].some((st) => st >= 200 && st < 300),
    JSON.stringify(tally),
  ).toBe(true)
  expect([...statuses.keys()].filter((st) => st >= 400 && st < 500).length, JSON.stringify(tally)).toBeGreaterThan(2)
}
// compat: envd answers a process selector with neither pid nor tag `unimplemented` (501), as upstream.
const envdAllowed = (status: number, text: string) =>
  status < 500 || (status === 501 && text.includes('"unimplemented"'))

function check(what: string, out: Outcome, allowed: (status: number, text: string) => boolean = (s) => s < 500) {
  statuses.set(out.status, (statuses.get(out.status) ?? 0) + 1)
  if (out.status === 0) console.info(`fuzz: connection closed without an answer: ${what.slice(0, 200)} (${out.text})`)
  if (!allowed(out.status, out.text)) failures.push(`${what} → ${out.status} ${out.text}`)
}

let target: Sandbox // envd fuzzing through the proxy
let victim: Sandbox // control-API mutations with a real id (a random timeout may end it)
const created = new Set<string>()

beforeAll(async () => {
  ;[target, victim] = await Promise.all([createSandbox(), createSandbox()])
})

afterAll(async () => {
  await Promise.all([target, victim].map((s) => killQuietly(s?.sandboxId)))
  await Promise.all([...created].map((id) => killQuietly(id)))
})

it(`control API: ${300 * ROUNDS} randomized requests (seed ${SEED}) get no 5xx and leave the server healthy`, async () => {
  const r = prng(SEED)
  const s = sharedServer()
  const ids = () =>
    r.pick([victim.sandboxId, 'nope', 'x'.repeat(300), '..', '%2e%2e%2f', 'é', victim.sandboxId + '-8000', '0'])
  const routes: [string, () => string, Record<string, unknown>][] = [
    ['POST', () => '/v2/sandboxes', { templateID: 'nonexistent-template', timeout: 30 }],
    ['POST', () => '/sandboxes', { templateID: 'nonexistent-template' }],
    [
      'GET',
      () =>
        `/v2/sandboxes?limit=${r.pick(NUMBERS)}&state=${encodeURIComponent(r.pick(STRINGS))}&metadata=${encodeURIComponent(r.pick(STRINGS))}&nextToken=${encodeURIComponent(r.pick(STRINGS))}`,
      {},
    ],
    ['GET', () => `/sandboxes/${encodeURIComponent(ids())}`, {}],
    [
      'GET',
      () =>
        `/sandboxes/${encodeURIComponent(ids())}/logs?start=${r.pick(NUMBERS)}&limit=${r.pick(NUMBERS)}&cursor=${r.pick(NUMBERS)}`,
      {},
    ],
    [
      'GET',
      () =>
        `/v2/sandboxes/${encodeURIComponent(ids())}/logs?cursor=${r.pick(NUMBERS)}&limit=${r.pick(NUMBERS)}&direction=${encodeURIComponent(r.pick(STRINGS))}`,
      {},
    ],
    [
      'GET',
      () => `/sandboxes/${encodeURIComponent(ids())}/metrics?start=${r.pick(NUMBERS)}&end=${r.pick(NUMBERS)}`,
      {},
    ],
    ['GET', () => `/sandboxes/metrics?sandbox_ids=${encodeURIComponent(r.pick(STRINGS))}`, {}],
    ['POST', () => `/sandboxes/${encodeURIComponent(ids())}/timeout`, { timeout: 600 }],
    ['POST', () => `/sandboxes/${encodeURIComponent(ids())}/refreshes`, { duration: 600 }],
    ['POST', () => `/sandboxes/${encodeURIComponent(r.pick(['nope', 'x'.repeat(300)]))}/pause`, {}],
    ['POST', () => `/sandboxes/${encodeURIComponent(r.pick(['nope', '..']))}/resume`, { timeout: 60 }],
    ['POST', () => `/sandboxes/${encodeURIComponent(ids())}/connect`, { timeout: 600 }],
    ['POST', () => `/v2/sandboxes/${encodeURIComponent(ids())}/connect`, { timeout: 600 }],
    ['POST', () => `/sandboxes/${encodeURIComponent(r.pick(['nope', '..']))}/snapshots`, { name: 'x' }],
    ['POST', () => `/sandboxes/${encodeURIComponent(r.pick(['nope', 'é']))}/fork`, { count: 1 }],
    ['DELETE', () => `/sandboxes/${encodeURIComponent(r.pick(['nope', 'x'.repeat(300), '%00']))}`, {}],
    ['GET', () => `/snapshots?limit=${r.pick(NUMBERS)}`, {}],
    ['POST', () => '/v3/templates', { name: `fuzz-${r.int(1e9)}`, cpuCount: 1, memoryMB: 512 }],
    [
      'POST',
      () =>
        `/v2/templates/${encodeURIComponent(r.pick(STRINGS) || 'x')}/builds/${encodeURIComponent(r.pick(STRINGS) || 'y')}`,
      { steps: [], force: false },
    ],
    [
      'GET',
      () =>
        `/templates/${encodeURIComponent(r.pick(STRINGS) || 'x')}/builds/${encodeURIComponent(r.pick(STRINGS) || 'y')}/status?logsOffset=${r.pick(NUMBERS)}&limit=${r.pick(NUMBERS)}`,
      {},
    ],
    [
      'GET',
      () =>
        `/templates/${encodeURIComponent(r.pick(STRINGS) || 'x')}/files/${encodeURIComponent(r.pick(STRINGS) || 'h')}`,
      {},
    ],
    [
      'PUT',
      () =>
        `/template-files/${encodeURIComponent(r.pick(STRINGS) || 'x')}?token=${encodeURIComponent(r.pick(STRINGS))}`,
      {},
    ],
    ['GET', () => `/templates/aliases/${encodeURIComponent(r.pick(STRINGS) || 'a')}`, {}],
    ['POST', () => '/templates/tags', { target: 'nonexistent:latest', tags: ['a'] }],
    ['DELETE', () => '/templates/tags', { name: 'nonexistent', tags: ['a'] }],
    ['GET', () => `/templates?teamID=${encodeURIComponent(r.pick(STRINGS))}`, {}],
    ['DELETE', () => `/templates/${encodeURIComponent(r.pick(['nonexistent', 'x'.repeat(300)]))}`, {}],
  ]
  for (let i = 0; i < 300 * ROUNDS; i++) {
    const [method, path, valid] = r.pick(routes)
    const url = `${s.apiUrl}${path()}`
    const b = body(r, valid)
    const headers: Record<string, string> = { 'x-api-key': s.apiKey }
    if (b.type) headers['content-type'] = b.type
    switch (r.int(12)) {
      case 0:
        headers['x-api-key'] = r.pick(['', 'x'.repeat(20_000), s.apiKey + '\t', 'e2b_' + '0'.repeat(40)])
        break
      case 1:
        headers['x-odd'] = 'y'.repeat(r.pick([100, 70_000]))
        break
      case 2:
        headers['content-encoding'] = r.pick(['gzip', 'br', 'identity'])
        break
      default:
    }
    const out = await send(url, { method, headers, body: b.text })
    check(`${method} ${url.slice(0, 120)} [${b.type}] ${String(b.text).slice(0, 80)}`, out)
    const sandboxID = /"sandboxID":"([^"]+)"/.exec(out.text)?.[1]
    if (sandboxID && sandboxID !== victim.sandboxId) {
      created.add(sandboxID)
      trackSandbox(s, sandboxID)
    }
  }
  expect(failures).toEqual([])
  expectVariety()
  expect((await fetch(`${s.apiUrl}/health`)).status).toBe(200)
  expect((await target.commands.run('echo alive')).stdout).toBe('alive\n')
}, 600_000)

it(`envd through the proxy: ${250 * ROUNDS} randomized /files, /envs, /metrics and Connect requests get no 5xx`, async () => {
  const r = prng(SEED + 1)
  const s = sharedServer()
  const token = (target as unknown as { envdAccessToken?: string }).envdAccessToken
  const route = (id = target.sandboxId) => ({ 'e2b-sandbox-id': id, 'e2b-sandbox-port': String(ENVD_PORT) })
  const auth: Record<string, string> = token ? { 'x-access-token': token } : {}
  const boundary = 'fuzzb0undary'
  const multipart = (name: string, content: string | Buffer, opts: { filename?: string; close?: boolean } = {}) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${opts.filename !== undefined ? `; filename="${opts.filename}"` : ''}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(opts.close === false ? '' : `\r\n--${boundary}--\r\n`),
    ])
  const rpcs = [
    '/filesystem.Filesystem/Stat',
    '/filesystem.Filesystem/ListDir',
    '/filesystem.Filesystem/MakeDir',
    '/filesystem.Filesystem/Move',
    '/filesystem.Filesystem/Remove',
    '/filesystem.Filesystem/CreateWatcher',
    '/filesystem.Filesystem/GetWatcherEvents',
    '/filesystem.Filesystem/RemoveWatcher',
    '/filesystem.Filesystem/WatchDir',
    '/process.Process/List',
    '/process.Process/SendSignal',
    '/process.Process/SendInput',
    '/process.Process/CloseStdin',
    '/process.Process/Update',
    '/process.Process/Connect',
    '/process.Process/Start',
    '/process.Process/Nope',
  ]
  const fuzzPath = () =>
    r.pick([
      '/tmp/fuzz/' + r.int(1000),
      '~/fuzz' + r.int(1000),
      r.pick(STRINGS),
      '/proc/self/mem',
      '/tmp/fuzz/' + 'd/'.repeat(200) + 'f',
    ])
  const cases: (() => { method: string; path: string; headers: Record<string, string>; body?: string | Buffer })[] = [
    () => ({
      method: 'GET',
      path: `/files?path=${encodeURIComponent(fuzzPath())}&username=${encodeURIComponent(r.pick(['user', 'root', ...STRINGS]))}`,
      headers: {},
    }),
    () => ({
      method: 'POST',
      path: `/files?path=${encodeURIComponent(fuzzPath())}`,
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(r.int(4096), 7),
    }),
    () => ({
      method: 'POST',
      path: `/files?path=${encodeURIComponent(fuzzPath())}`,
      headers: { 'content-type': 'application/octet-stream', 'content-encoding': r.pick(['gzip', 'br', 'x-gzip']) },
      body: r.next() < 0.5 ? gzipSync('ok') : Buffer.from('not gzip'),
    }),
    () => ({
      method: 'POST',
      path: '/files',
      headers: {
        'content-type': r.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=',
          `multipart/form-data; boundary=${boundary}`,
          'multipart/mixed; boundary=zzz',
          'multipart/form-data; boundary="unterminated',
        ]),
      },
      body: multipart('file', 'x', { filename: '/tmp/fuzz/m' }),
    }),
    () => ({
      method: 'POST',
      path: '/files',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart(r.pick(['file', 'other', '']), 'data'.repeat(r.int(100)), {
        filename: r.pick([undefined, '', '/tmp/fuzz/a', '../../x', 'é', '/']),
        close: r.next() < 0.7,
      }),
    }),
    () => ({
      method: 'POST',
      path: '/files',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.from(Array.from({ length: r.int(1024) }, () => r.int(256))),
    }),
    () => ({
      method: 'POST',
      path: `/files?path=/tmp/fuzz/meta${r.int(100)}`,
      headers: {
        'content-type': 'application/octet-stream',
        [`x-metadata-${r.pick(['a', 'k'.repeat(300), 'ok'])}`]: r.pick(['v', 'v'.repeat(5000), 'tab\tvalue']),
      },
      body: 'meta',
    }),
    () => ({
      method: 'GET',
      path: r.pick(['/envs', '/metrics', '/health', '/files', '/nope', '/init?x=1', '//files', '/files/../envs']),
      headers: {},
    }),
    () => ({
      method: r.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS']),
      path: r.pick(['/files', '/envs', '/health']),
      headers: {},
    }),
    () => {
      const b = body(r, { path: fuzzPath(), process: { cmd: '/bin/true', args: [] }, depth: 1 })
      return {
        method: 'POST',
        path: r.pick(rpcs),
        headers: {
          'content-type': r.pick([
            b.type || 'application/json',
            'application/json',
            'application/connect+json',
            'application/proto',
            'application/connect+proto',
          ]),
          'connect-protocol-version': '1',
        },
        body: b.text,
      }
    },
    () => {
      // A Connect streaming envelope with a random flag byte and a length that may lie.
      const payload = Buffer.from(JSON.stringify(value(r)))
      const head = Buffer.alloc(5)
      head[0] = r.pick([0, 1, 2, 0x80, 0xff])
      head.writeUInt32BE(r.pick([payload.length, 0, payload.length + 10, 0xffffffff]), 1)
      return {
        method: 'POST',
        path: r.pick([
          '/process.Process/Start',
          '/filesystem.Filesystem/WatchDir',
          '/process.Process/StreamInput',
          '/process.Process/Connect',
        ]),
        headers: { 'content-type': 'application/connect+json' },
        body: Buffer.concat([head, payload]),
      }
    },
  ]
  for (let i = 0; i < 250 * ROUNDS; i++) {
    const c = r.pick(cases)()
    const headers: Record<string, string> = { ...route(), ...auth, ...c.headers }
    if (r.int(10) === 0) headers['x-access-token'] = r.pick(['', 'f'.repeat(64), 'x'.repeat(20_000)])
    // Never as root: root may legitimately wreck its own sandbox (say, write /etc/passwd).
    if (r.int(15) === 0)
      headers.authorization = r.pick([
        'Basic ' + Buffer.from('user:').toString('base64'),
        'Basic !!!',
        'Bearer x',
        'Basic ' + Buffer.from(':').toString('base64'),
        'Basic ' + Buffer.from('nosuchuser:').toString('base64'),
      ])
    const what = `${c.method} ${c.path.slice(0, 100)} ${JSON.stringify(c.headers).slice(0, 160)} ${JSON.stringify(String(c.body ?? '').slice(0, 300))}`
    const out = await send(`${s.sandboxUrl}${c.path}`, { method: c.method, headers, body: c.body }, what)
    check(what, out, envdAllowed)
  }
  // Routing oddities: the proxy's 502 for a sandbox that does not exist is documented; nothing else.
  for (const id of ['nope', 'x'.repeat(400), '..', target.sandboxId.toUpperCase()]) {
    check(
      `proxy to ${id.slice(0, 20)}`,
      await send(`${s.sandboxUrl}/health`, { method: 'GET', headers: route(id) }),
      (st) => st < 500 || st === 502,
    )
  }
  for (const port of ['0', '-1', '99999', 'abc', '']) {
    check(
      `proxy to port ${port}`,
      await send(`${s.sandboxUrl}/`, {
        method: 'GET',
        headers: { 'e2b-sandbox-id': target.sandboxId, 'e2b-sandbox-port': port },
      }),
      (st) => st < 500 || st === 502,
    )
  }
  expect(failures).toEqual([])
  expectVariety()
  expect((await fetch(`${s.apiUrl}/health`)).status).toBe(200)
  // cwd '/': a random Remove or Move of '' may legitimately have taken the home directory away.
  expect((await target.commands.run('echo alive', { cwd: '/' })).stdout).toBe('alive\n')
  expect(await target.files.read('/etc/hostname')).toBeTruthy()
}, 600_000)

it(`envd /init (from the host, as the control plane calls it): ${60 * ROUNDS} randomized bodies get no 5xx`, async () => {
  const r = prng(SEED + 2)
  const sbx = await createSandbox()
  created.add(sbx.sandboxId)
  const ip = await sandboxAddress(sbx.sandboxId)
  const token = (sbx as unknown as { envdAccessToken?: string }).envdAccessToken
  for (let i = 0; i < 60 * ROUNDS; i++) {
    const b = body(r, {
      envVars: { A: 'b' },
      timestamp: new Date(0).toISOString(),
      defaultUser: 'user',
      defaultWorkdir: '/home/user',
    })
    const headers: Record<string, string> = { 'content-type': b.type || 'application/json' }
    // Mostly without the right token (refused); a few with it, which may apply what they carry.
    if (token && r.int(4) === 0) headers['x-access-token'] = token
    const out = await send(`http://${ip}:${ENVD_PORT}/init`, { method: 'POST', headers, body: b.text })
    check(`POST /init ${String(b.text).slice(0, 100)}`, out)
  }
  expect(failures).toEqual([])
  expect((await fetch(`http://${ip}:${ENVD_PORT}/health`)).status).toBe(204)
}, 300_000)
