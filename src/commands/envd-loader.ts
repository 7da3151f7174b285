// How the CLI runs envd: from envd's own bundle (envd.cjs beside the CLI file) with V8's code
// cache for it, written when the base image is built (`sandock warm-envd`), so that a start
// neither parses nor compiles what it runs before its first command; from the compiled sources
// in a development checkout. Node's own compile cache only holds what V8 compiles when a file
// loads, not the functions compiled on their first call: this one is made after a start.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Script, constants as vmConstants } from 'node:vm'
import { useStreamingGc } from '../shared/streaming-gc.js'

export type LoadedEnvd = {
  runEnvd(args: string[]): Promise<number>
  /** Whether V8 took the code cache (false without one, or for another Node or other flags). */
  readonly cacheAccepted: boolean
  /** Writes V8's code cache for everything compiled so far; false when envd is not bundled. */
  saveCodeCache(): boolean
}

export const ENVD_BUNDLE = 'envd.cjs'

// The wrapper Node puts around a CommonJS file (`Module.wrap`, which Node 24's ESM face of
// node:module no longer exports by name): built here so the CLI starts on every Node that
// `engines` claims. The same text on every Node, so the code cache's source hash stays the same.
const CJS_HEAD = '(function (exports, require, module, __filename, __dirname) { '
const CJS_TAIL = '\n});'
export const wrapCommonJs = (source: string) => CJS_HEAD + source + CJS_TAIL
export const codeCachePath = (dir: string) => join(dir, 'compile-cache', `${ENVD_BUNDLE}.v8`)

function read(path: string): Buffer | undefined {
  try {
    return readFileSync(path)
  } catch {
    return undefined
  }
}

/** envd from the bundle in `dir` (where the CLI file is), or from the sources when there is none. */
export async function loadEnvd(dir: string | undefined): Promise<LoadedEnvd> {
  const file = dir === undefined ? undefined : join(dir, ENVD_BUNDLE)
  const source = file === undefined ? undefined : read(file)
  if (file === undefined || source === undefined) {
    const { runEnvd } = await import('../envd/run.js')
    return { runEnvd, cacheAccepted: false, saveCodeCache: () => false }
  }
  const cacheFile = codeCachePath(dirname(file))
  const cachedData = read(cacheFile)
  // V8 takes a code cache only under the flags it was written with. envd sets this one as it
  // starts, so the cache (written after a start) carries it: set it before compiling, or V8
  // rejects the cache and the start compiles everything again (~20 ms more to /health).
  useStreamingGc()
  // As Node loads a CommonJS file, with V8's cache when there is one (a rejected one is ignored).
  const script = new Script(wrapCommonJs(source.toString('utf8')), {
    filename: file,
    cachedData,
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  })
  const module = { exports: {} as { runEnvd?: LoadedEnvd['runEnvd'] } }
  ;(script.runInThisContext() as (...a: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  )
  if (typeof module.exports.runEnvd !== 'function') throw new Error(`${file} does not export runEnvd`)
  return {
    runEnvd: module.exports.runEnvd,
    cacheAccepted: cachedData !== undefined && script.cachedDataRejected === false,
    saveCodeCache() {
      writeFileSync(cacheFile, script.createCachedData())
      return true
    },
  }
}
