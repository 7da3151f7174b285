// Template benchmarks (`npm run bench`): build time of a 5-step template cold (skipCache) vs fully
// cached, beside `docker build` of the equivalent Dockerfile (cold and cached) in the same run;
// then Sandbox.create() → first command for a template with a start command (ready via
// waitForPort) vs `base`. Prints medians and ratios; writes bench/results/templates-<ts>.json.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Sandbox, Template, waitForPort } from 'e2b'
import { startServe } from '../test/support/serve-process.mjs'
import { stats } from './stats.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const BUILDS = Number(process.env.BENCH_BUILD_RUNS ?? 3)
const CREATES = Number(process.env.BENCH_TEMPLATE_CREATE_RUNS ?? 10)
const image = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const docker = (...args) =>
  execFileSync('docker', args, {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, DOCKER_BUILDKIT: '0' },
  }).trim()
const time = async (fn) => {
  const t = performance.now()
  await fn()
  return performance.now() - t
}

execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })

const ctx = mkdtempSync(join(tmpdir(), 'sandock-bench-tpl-'))
mkdirSync(join(ctx, 'app'))
writeFileSync(join(ctx, 'app', 'server.py'), 'print("hello")\n')
// The same five steps as a Template and as a Dockerfile (classic builder, the same base image).
const steps = (t) =>
  t
    .runCmd('echo one > /tmp/one')
    .copy('app/', '/app/')
    .setEnvs({ APP_MODE: 'bench' })
    .setWorkdir('/app')
    .runCmd('python3 -c "print(1)" > /tmp/py')
writeFileSync(
  join(ctx, 'Dockerfile'),
  `FROM ${image}\nUSER user\nRUN echo one > /tmp/one\nCOPY app/ /app/\nENV APP_MODE=bench\nWORKDIR /app\nRUN python3 -c "print(1)" > /tmp/py\n`,
)

const dataDir = mkdtempSync(join(tmpdir(), 'sandock-bench-'))
const apiKey = 'e2b_00bench01'
const apiPort = Number(process.env.BENCH_API_PORT ?? 3510)
const proxyPort = apiPort + 2
const opts = { apiKey, apiUrl: `http://127.0.0.1:${apiPort}`, sandboxUrl: `http://127.0.0.1:${proxyPort}` }
const buildOpts = { apiKey, apiUrl: opts.apiUrl, cpuCount: 1, memoryMB: 1024 }
const tag = `sandock-bench/dockerfile:${Date.now()}`
let server
try {
  server = await startServe({
    apiUrl: opts.apiUrl,
    env: {
      SANDOCK_API_KEYS: apiKey,
      SANDOCK_API_PORT: String(apiPort),
      SANDOCK_PROXY_PORT: String(proxyPort),
      SANDOCK_HOST: '127.0.0.1',
      SANDOCK_DATA_DIR: dataDir,
      SANDOCK_LOG_LEVEL: 'warn',
      SANDOCK_NETWORK: 'sandock-bench-tpl',
      SANDOCK_INTERNAL_NETWORK: 'sandock-bench-tpl-internal',
      // Cold starts on both sides: a warm `base` pool would compare a claim against a boot.
      SANDOCK_POOL_SIZE: '0',
      SANDOCK_POOL_SIZES: 'code-interpreter-v1=0',
      SANDOCK_BUILD_BUILTINS: 'off',
    },
  })
  const name = `bench-steps-${Date.now()}`
  const cold = []
  const cached = []
  const dockerCold = []
  const dockerCached = []
  for (let i = 0; i < BUILDS; i++) {
    cold.push(
      await time(() =>
        Template.build(steps(Template({ fileContextPath: ctx }).fromTemplate('base')), name, {
          ...buildOpts,
          skipCache: true,
        }),
      ),
    )
    cached.push(
      await time(() => Template.build(steps(Template({ fileContextPath: ctx }).fromTemplate('base')), name, buildOpts)),
    )
    dockerCold.push(await time(() => docker('build', '-q', '--no-cache', '-t', tag, ctx)))
    dockerCached.push(await time(() => docker('build', '-q', '-t', tag, ctx)))
  }

  const web = `bench-web-${Date.now()}`
  await Template.build(
    Template().fromTemplate('base').setStartCmd('python3 -m http.server 8000', waitForPort(8000)),
    web,
    buildOpts,
  )
  const createToFirst = { base: [], withStartCmd: [] }
  for (let i = 0; i < CREATES; i++) {
    for (const [label, ref] of [
      ['base', 'base'],
      ['withStartCmd', web],
    ]) {
      const t = performance.now()
      const sbx = await Sandbox.create(ref, opts)
      await sbx.commands.run('echo ok')
      createToFirst[label].push(performance.now() - t)
      await sbx.kill()
    }
  }

  const results = {
    when: new Date().toISOString(),
    build5Steps: {
      coldMs: stats(cold),
      cachedMs: stats(cached),
      dockerBuildColdMs: stats(dockerCold),
      dockerBuildCachedMs: stats(dockerCached),
    },
    createToFirstCommandMs: { base: stats(createToFirst.base), withStartCmd: stats(createToFirst.withStartCmd) },
  }
  const r = (a, b) => (a / b).toFixed(2)
  console.log(
    `\n5-step template build: cold p50 ${results.build5Steps.coldMs.p50} ms, cached p50 ${results.build5Steps.cachedMs.p50} ms (x${r(results.build5Steps.coldMs.p50, results.build5Steps.cachedMs.p50)} faster)`,
  )
  console.log(
    `  docker build (same steps): cold p50 ${results.build5Steps.dockerBuildColdMs.p50} ms, cached p50 ${results.build5Steps.dockerBuildCachedMs.p50} ms; Sandock cold / docker cold x${r(results.build5Steps.coldMs.p50, results.build5Steps.dockerBuildColdMs.p50)}`,
  )
  console.log(
    `create → first command: base p50 ${results.createToFirstCommandMs.base.p50} ms, with start command (ready on port 8000) p50 ${results.createToFirstCommandMs.withStartCmd.p50} ms (x${r(results.createToFirstCommandMs.withStartCmd.p50, results.createToFirstCommandMs.base.p50)})`,
  )
  mkdirSync(join(root, 'bench', 'results'), { recursive: true })
  const out = join(root, 'bench', 'results', `templates-${Date.now()}.json`)
  writeFileSync(out, JSON.stringify(results, null, 2))
  console.log(`results: ${out}`)
} finally {
  await server?.stop()
  for (const id of docker('ps', '-aq', '--filter', 'network=sandock-bench-tpl').split('\n').filter(Boolean))
    docker('rm', '-f', id)
  const instance = spawnSync('cat', [join(dataDir, 'instance-id')], { encoding: 'utf8' }).stdout.trim()
  const images = docker('images', '-q', '--filter', `label=sandock.instance=${instance}`).split('\n').filter(Boolean)
  if (images.length) spawnSync('docker', ['rmi', '-f', ...new Set(images)], { stdio: 'ignore' })
  spawnSync('docker', ['rmi', '-f', tag], { stdio: 'ignore' })
  for (const n of ['sandock-bench-tpl', 'sandock-bench-tpl-internal'])
    spawnSync('docker', ['network', 'rm', n], { stdio: 'ignore' })
  rmSync(ctx, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
