// esbuild plugins of the bundle script: how the bundles load Node builtins, native modules and
// the code envd never runs. Each one exists for start time or memory; scripts/bundle-envd.mjs
// says which bundle uses which.
import { createRequire, isBuiltin } from 'node:module'

const requireHere = createRequire(import.meta.url)

/**
 * An ESM import of a builtin builds the builtin's module facade, which reads every export once:
 * node:http's lazy getters then load undici (for WebSocket) and node:crypto's load WebCrypto,
 * ~30 ms of every start for code never run. Through require() and esbuild's CommonJS interop, a
 * builtin's properties are read where they are used instead, and a builtin whose import is left
 * unused by tree shaking (connect-node's client, for one) is never loaded.
 */
export const builtinsThroughRequire = {
  name: 'builtins-through-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z0-9_:/]+$/ }, (args) =>
      args.kind === 'import-statement' && isBuiltin(args.path)
        ? { path: args.path, namespace: 'builtin', sideEffects: false }
        : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)})`,
      loader: 'js',
    }))
  },
}

/**
 * `names` load on first use: the module object is a stand-in whose properties require the real
 * module when read (node-pty is needed only for a PTY, xattr only for file metadata; each costs
 * milliseconds and mapped libraries at every start otherwise).
 */
export function loadOnFirstUse(names) {
  const pattern = new RegExp(`^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})$`)
  return {
    name: 'load-on-first-use',
    setup(b) {
      b.onResolve({ filter: pattern }, (args) =>
        args.namespace === 'first-use'
          ? { path: args.path, external: true }
          : { path: args.path, namespace: 'first-use' },
      )
      b.onLoad({ filter: /.*/, namespace: 'first-use' }, (args) => ({
        loader: 'js',
        resolveDir: process.cwd(),
        contents: `let real
const load = () => (real ??= require(${JSON.stringify(args.path)}))
const keys = ${JSON.stringify(Object.keys(requireHere(args.path)))}
// A Proxy, so that esbuild's interop (which lists and copies properties) never loads the module.
module.exports = new Proxy({}, {
  get: (_, k) => load()[k],
  has: (_, k) => keys.includes(k),
  ownKeys: () => keys,
  getOwnPropertyDescriptor: (_, k) => (keys.includes(k) ? { value: undefined, writable: true, enumerable: true, configurable: true } : undefined),
})
`,
      }))
    },
  }
}

/** `names` are never loaded by this bundle: requiring one throws, naming `why`. */
export function neverLoaded(names, why) {
  const pattern = new RegExp(`^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})$`)
  return {
    name: 'never-loaded',
    setup(b) {
      b.onResolve({ filter: pattern }, (args) => ({ path: args.path, namespace: 'never-loaded' }))
      b.onLoad({ filter: /.*/, namespace: 'never-loaded' }, (args) => ({
        loader: 'js',
        contents: `throw new Error(${JSON.stringify(`${args.path} is not part of this bundle: ${why}`)})`,
      }))
    },
  }
}

/**
 * docker-modem loads ssh2 (native crypto) for ssh:// Docker hosts; Sandock only uses a local
 * socket, so the bundle carries a stub that fails loudly if ssh is ever asked for.
 */
export const stubSsh2 = {
  name: 'stub-ssh2',
  setup(b) {
    b.onResolve({ filter: /^ssh2$/ }, () => ({ path: 'ssh2', namespace: 'stub' }))
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents:
        "module.exports = { Client: class { constructor() { throw new Error('ssh:// Docker hosts are not supported by Sandock') } } }",
      loader: 'js',
    }))
  },
}
