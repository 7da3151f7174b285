// The entry a user types: `dist/cli.js` (package.json `bin`, what `npx sandock …` runs), built by
// `npm run build`, started as a user would on every Node that `engines` claims: this process's
// Node (24 in CI) and, when SANDOCK_TEST_NODE22 names one, the oldest supported Node 22 (CI sets
// it with SANDOCK_TEST_REQUIRE_NODE22=1, .ci/ensure-node22.sh). The suites start the bundle
// (dist/image/sandock.mjs); this file starts the compiled sources instead: `--help`, `serve` to a
// healthy /health and a clean stop, `templates build-builtin base`, and `npx sandock --help`.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it, onTestFinished } from 'vitest'
import { ROOT } from '../support/serve-process.mjs'
import { DEFAULT_API_PORT, DEFAULT_PROXY_PORT, startServer } from '../support/control-server.js'
import { docker } from '../support/docker.js'

const run = promisify(execFile)
const CLI = join(ROOT, 'dist', 'cli.js')

const node22 = process.env.SANDOCK_TEST_NODE22 || undefined
if (process.env.SANDOCK_TEST_REQUIRE_NODE22 === '1' && !node22)
  throw new Error(
    'SANDOCK_TEST_REQUIRE_NODE22=1 needs SANDOCK_TEST_NODE22 (a Node 22 binary): run .ci/ensure-node22.sh',
  )
/** [label, node binary, major version it must be, port offset]: each Node gets its own ports. */
const NODES: [string, string, number, number][] = [
  [`Node ${process.versions.node}`, process.execPath, Number(process.versions.node.split('.')[0]), 90],
  ...(node22 ? [['Node 22', node22, 22, 94] as [string, string, number, number]] : []),
]

/** Runs `node args…` to completion; a non-zero exit is a result, not an error. */
async function runNode(node: string, args: string[], env: NodeJS.ProcessEnv = process.env, timeoutMs = 120_000) {
  try {
    const { stdout, stderr } = await run(node, args, { cwd: ROOT, env, timeout: timeoutMs, maxBuffer: 16 << 20 })
    return { code: 0, stdout, stderr }
  } catch (e) {
    const err = e as { code?: number | string; stdout?: string; stderr?: string }
    if (typeof err.code !== 'number') throw e
    return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }
  }
}

describe.each(NODES)('dist/cli.js on %s', (_label, node, major, offset) => {
  it('is the Node it claims to be, one `engines` allows (>= 22.13)', async () => {
    const { stdout } = await runNode(node, ['--version'])
    const [maj, min] = stdout.trim().replace(/^v/, '').split('.').map(Number)
    expect(maj).toBe(major)
    expect(maj! > 22 || (maj === 22 && min! >= 13), stdout).toBe(true)
  })

  it('prints its usage with --help (exit 0), and `version`', async () => {
    const help = await runNode(node, [CLI, '--help'])
    expect(help.stderr).toBe('')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: sandock <command>')
    expect(help.stdout).toContain('templates build-builtin')
    const version = await runNode(node, [CLI, 'version'])
    expect(version.code, version.stderr).toBe(0)
    expect(version.stdout).toMatch(/^envd \d+\.\d+\.\d+/)
    // A subcommand's own help loads that command's modules (the control plane's for serve).
    const serveHelp = await runNode(node, [CLI, 'serve', '--help'])
    expect(serveHelp.code, serveHelp.stderr).toBe(0)
    expect(serveHelp.stdout).toContain('Usage: sandock serve')
  })

  it('serves until /health answers, then stops cleanly on SIGTERM (exit 0, nothing left on its networks)', async () => {
    const server = await startServer({
      apiPort: DEFAULT_API_PORT + offset,
      proxyPort: DEFAULT_PROXY_PORT + offset,
      entry: CLI,
      node,
    })
    onTestFinished(() => server.cleanup())
    const health = await fetch(`${server.apiUrl}/health`)
    expect(health.status).toBe(200)
    const list = await fetch(`${server.apiUrl}/v2/sandboxes`, { headers: { 'x-api-key': server.apiKey } })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([])
    await server.stop('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(server.logs()).not.toMatch(/SyntaxError|ERR_|Unhandled/)
    // A clean stop with no sandboxes removes the server's networks.
    for (const n of server.networks) expect(await docker('network', 'ls', '-q', '--filter', `name=^${n}$`)).toBe('')
  })

  it('builds (finds) the base template image with `templates build-builtin base`', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sandock-cli-entry-'))
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SANDOCK_DATA_DIR: dataDir,
      SANDOCK_LOG_LEVEL: 'warn',
      ...(process.env.SANDOCK_BASE_TEMPLATE_IMAGE
        ? { SANDOCK_BASE_TEMPLATE_IMAGE: process.env.SANDOCK_BASE_TEMPLATE_IMAGE }
        : {}),
    }
    const res = await runNode(node, [CLI, 'templates', 'build-builtin', 'base'], env, 600_000)
    expect(res.code, res.stderr).toBe(0)
    const [name, image] = res.stdout.trim().split(' ')
    expect(name).toBe('base')
    expect(image).toBe(process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest')
    expect(await docker('image', 'inspect', '--format', '{{index .Config.Labels "sandock.managed-by"}}', image!)).toBe(
      'sandock',
    )
    // An unknown built-in is a usage error, not a crash.
    const unknown = await runNode(node, [CLI, 'templates', 'build-builtin', 'no-such-template'], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("no built-in template 'no-such-template'")
  }, 660_000)

  it('runs as `npx sandock --help` from the repository (the package bin, on this Node)', async () => {
    // npm's npx, wherever this machine has it (beside Node, or Debian's /usr/bin).
    const npx = process.env
      .PATH!.split(delimiter)
      .map((d) => join(d, 'npx'))
      .find((p) => existsSync(p))
    if (!npx) throw new Error('no npx on PATH')
    // This Node first on PATH: npm's and the bin's `#!/usr/bin/env node` both resolve to it.
    // A user's shell: none of the npm_* / NODE variables of the npm that started this test run.
    const env: NodeJS.ProcessEnv = {
      PATH: `${dirname(node)}${delimiter}${process.env.PATH}`,
      npm_config_update_notifier: 'false',
    }
    for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|NODE$|INIT_CWD$|PATH$)/i.test(k)) env[k] = v
    const { stdout } = await run(npx, ['--no-install', 'sandock', '--help'], { cwd: ROOT, env, timeout: 120_000 })
    expect(stdout).toContain('Usage: sandock <command>')
    const { stdout: v } = await run(npx, ['--no-install', 'node', '--version'], { cwd: ROOT, env, timeout: 120_000 })
    expect(Number(v.trim().replace(/^v/, '').split('.')[0])).toBe(major)
  })
})
