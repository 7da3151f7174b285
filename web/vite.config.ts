// Builds the dashboard (web/) into dist/dashboard: hashed assets under assets/, relative URLs
// (it works under any path and behind a TLS-terminating proxy), nothing inlined (the CSP allows
// no inline script, style or data: URL), and a .gz and .br copy of every text file for the server.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

const outDir = fileURLToPath(new URL('../dist/dashboard', import.meta.url))

/** Writes <file>.gz and <file>.br beside each text asset (served by @fastify/static's preCompressed). */
function precompress(): Plugin {
  return {
    name: 'sandock-precompress',
    apply: 'build',
    async closeBundle() {
      for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue
        const file = join(entry.parentPath, entry.name)
        const data = await readFile(file)
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))
        await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      }
    },
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
  plugins: [precompress()],
})
