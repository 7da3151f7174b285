// Bundles the `sandock` CLI (control plane) into one ESM file plus chunks, and envd into its own
// CommonJS file (fast start, no node_modules walk; src/commands/envd-loader.ts runs it with V8's code
// cache), and lays out dist/image/: the files, a Node binary, the two native modules, npm and the
// spawner's C source, ready to COPY into any image.
import { build } from 'esbuild'
import { cp, mkdir, rm, copyFile, chmod } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtinsThroughRequire, loadOnFirstUse, neverLoaded, stubSsh2 } from './esbuild-plugins.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist', 'image')
// sandock-original-dst: the egress gateway's SO_ORIGINAL_DST (native/original-dst, a file: dependency).
const NATIVE = ['node-pty', '@napi-rs/xattr', '@napi-rs/xattr-linux-x64-gnu', 'sandock-original-dst']
// Loaded on first use: node-pty only for a PTY, xattr only for file metadata.
const LAZY_NATIVE = ['node-pty', '@napi-rs/xattr']
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external: NATIVE,
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __sandockRequire } from 'node:module'; const require = __sandockRequire(import.meta.url);",
  },
  // Licence comments go to a .LEGAL.txt beside each file (one non-ASCII character in a comment
  // also makes V8 keep the whole file's source as two-byte text: ~2 MiB more per process).
  legalComments: 'external',
  logLevel: 'warning',
}

// package.json's `bin`: `npx sandock` from a clone runs it directly (tsc writes it 0644; an
// installed package gets the bit from npm, a clone from here).
await chmod(join(root, 'dist', 'cli.js'), 0o755)
await rm(out, { recursive: true, force: true })
await mkdir(join(out, 'bin'), { recursive: true })
await build({
  ...common,
  entryPoints: { sandock: join(root, 'dist', 'cli.js') },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  // Each subcommand is a dynamic import: with splitting, `sandock serve` loads only the control
  // plane's code.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [
    builtinsThroughRequire,
    loadOnFirstUse(LAZY_NATIVE),
    stubSsh2,
    // `sandock envd` runs envd's own bundle (below) instead of sharing chunks with the control
    // plane: a shared chunk would carry code envd never runs (Ajv, dockerode, TLS) that it still
    // parses and keeps in memory at every start.
    neverLoaded(['../envd/run.js'], 'the bundled CLI runs envd.cjs (src/commands/envd-loader.ts)'),
  ],
})
await build({
  ...common,
  entryPoints: [join(root, 'dist', 'envd', 'run.js')],
  outfile: join(out, 'envd.cjs'),
  format: 'cjs',
  banner: {},
  // Less source to parse and to keep (V8 holds each file's text for lazy compilation). Names stay,
  // so stack traces still say which function failed.
  minifyWhitespace: true,
  minifySyntax: true,
  // Every use of the global `Headers` (connect-node, for each request) takes undici's class alone.
  inject: [join(root, 'scripts', 'envd-headers.mjs')],
  plugins: [
    builtinsThroughRequire,
    // Bundled libraries (connect-node's client transports, undici) require https, http2 and dns
    // for what envd never does; loaded, https alone brings TLS and OpenSSL's state into every envd.
    loadOnFirstUse([...LAZY_NATIVE, 'node:https', 'node:http2', 'node:dns']),
    // envd serves HTTP on node:http alone (src/envd/http/router.ts): a framework's start was a
    // third of the daemon's.
    neverLoaded(['fastify', '@connectrpc/connect-fastify'], 'envd serves on node:http (src/envd/http/router.ts)'),
  ],
})
for (const mod of NATIVE) {
  await cp(join(root, 'node_modules', mod), join(out, 'node_modules', mod), {
    recursive: true,
    // A file: dependency is a symlink into the repository: copy what it points to.
    dereference: true,
    // node-gyp's Makefiles and config.gypi are build scaffolding that embeds the checkout's path:
    // left out, the bundle (and so the base image's id) is the same wherever the repo is cloned.
    filter: (src) =>
      !/[\\/](src|deps|test|scripts|third_party|prebuilds[\\/](darwin|win32)[^\\/]*)$/.test(src) &&
      !src.endsWith('.pdb') &&
      !/(Makefile|\.mk|config\.gypi)$/.test(src),
  })
}
// npm for the base template, run by the Node below (Debian's npm would pull Debian's nodejs);
// pinned in package.json, so it is the same npm everywhere. Its HTML/markdown docs stay behind.
await cp(join(root, 'node_modules', 'npm'), join(out, 'npm'), {
  recursive: true,
  filter: (src) => !/[\\/]npm[\\/]docs$/.test(src) && !/\.(cmd|ps1)$/.test(src),
})
// The base template's Dockerfile travels with the bundle, so `sandock serve` can build it anywhere.
await copyFile(join(root, 'docker', 'base.Dockerfile'), join(out, 'base.Dockerfile'))
// envd's process starter is C, compiled by that Dockerfile (a build stage with Debian's gcc).
await mkdir(join(out, 'spawner'))
await copyFile(
  join(root, 'src', 'envd', 'process', 'spawner', 'sandock-spawner.c'),
  join(out, 'spawner', 'sandock-spawner.c'),
)
// The derived built-in templates' build folders (their Dockerfile and context), beside dist/image
// and not in it, since dist/image is the base image's context: dist/builtins/<name>/.
const builtinsOut = join(root, 'dist', 'builtins')
await rm(builtinsOut, { recursive: true, force: true })
for (const [name, dockerfile, context] of [
  ['code-interpreter-v1', 'code-interpreter.Dockerfile', 'code-interpreter'],
  ['desktop', 'desktop.Dockerfile', 'desktop'],
  ['mcp-gateway', 'mcp-gateway.Dockerfile', 'mcp-gateway'],
]) {
  await cp(join(root, 'docker', context), join(builtinsOut, name), { recursive: true })
  await copyFile(join(root, 'docker', dockerfile), join(builtinsOut, name, 'Dockerfile'))
}
// The mcp-gateway template's programs, each one file (its image installs nothing at build): the
// gateway (src/mcp-gateway) and the MCP servers of its catalog, pinned in package.json. A server's
// package.json goes beside it (sequential-thinking reads its version from there).
const mcpOut = join(builtinsOut, 'mcp-gateway')
await build({
  ...common,
  entryPoints: [join(root, 'dist', 'mcp-gateway', 'cli.js')],
  outfile: join(mcpOut, 'gateway.mjs'),
})
for (const [name, pkg] of [
  ['filesystem', 'server-filesystem'],
  ['memory', 'server-memory'],
  ['sequentialthinking', 'server-sequential-thinking'],
]) {
  const dir = join(root, 'node_modules', '@modelcontextprotocol', pkg)
  await build({
    ...common,
    entryPoints: [join(dir, 'dist', 'index.js')],
    outfile: join(mcpOut, 'servers', name, 'index.mjs'),
  })
  await copyFile(join(dir, 'package.json'), join(mcpOut, 'servers', name, 'package.json'))
}
// The daemon brings its own Node, so it runs in images with no (or another) Node installed.
await copyFile(process.execPath, join(out, 'bin', 'node'))
await chmod(join(out, 'bin', 'node'), 0o755)
