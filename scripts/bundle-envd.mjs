// Bundles the `sandock` CLI (envd and the control plane) into one ESM file (fast start, no node_modules walk) and lays out
// dist/image/: the file, a Node binary, the two native modules and npm, ready to COPY into any image.
import { build } from 'esbuild'
import { cp, mkdir, rm, copyFile, chmod } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist', 'image')
// sandock-original-dst: the egress gateway's SO_ORIGINAL_DST (native/original-dst, a file: dependency).
const NATIVE = ['node-pty', '@napi-rs/xattr', '@napi-rs/xattr-linux-x64-gnu', 'sandock-original-dst']

await rm(out, { recursive: true, force: true })
await mkdir(join(out, 'bin'), { recursive: true })
await build({
  entryPoints: { sandock: join(root, 'dist', 'cli.js') },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  // Each subcommand is a dynamic import: with splitting, `sandock envd` never loads (or keeps in
  // memory) the control plane's code (dockerode, TLS, Fastify type providers), and vice versa.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external: NATIVE,
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __sandockRequire } from 'node:module'; const require = __sandockRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [{
    // docker-modem loads ssh2 (native crypto) for ssh:// Docker hosts; Sandock only uses a local
    // socket, so the bundle carries a stub that fails loudly if ssh is ever asked for.
    name: 'stub-ssh2',
    setup(b) {
      b.onResolve({ filter: /^ssh2$/ }, () => ({ path: 'ssh2', namespace: 'stub' }))
      b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
        contents: "module.exports = { Client: class { constructor() { throw new Error('ssh:// Docker hosts are not supported by Sandock') } } }",
        loader: 'js',
      }))
    },
  }],
})
for (const mod of NATIVE) {
  await cp(join(root, 'node_modules', mod), join(out, 'node_modules', mod), {
    recursive: true,
    // A file: dependency is a symlink into the repository: copy what it points to.
    dereference: true,
    filter: (src) => !/[\\/](src|deps|test|scripts|third_party|prebuilds[\\/](darwin|win32)[^\\/]*)$/.test(src) && !src.endsWith('.pdb'),
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
// The daemon brings its own Node, so it runs in images with no (or another) Node installed.
await copyFile(process.execPath, join(out, 'bin', 'node'))
await chmod(join(out, 'bin', 'node'), 0o755)
