// sandock-spawner compiled on this host with the flags the base image uses (docker/base.Dockerfile),
// once per source version, for the in-process envd tests. Needs a C compiler (`cc`) with static
// glibc (Debian: gcc and libc6-dev; .ci/ensure-cc.sh installs them).
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { access, mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SOURCE = join(ROOT, 'src', 'envd', 'process', 'spawner', 'sandock-spawner.c')

let built: Promise<string> | undefined

/** The path of a compiled sandock-spawner for the current source. */
export function spawnerBinary(): Promise<string> {
  built ??= (async () => {
    const hash = createHash('sha256')
      .update(await readFile(SOURCE))
      .digest('hex')
      .slice(0, 16)
    const dir = join(ROOT, 'node_modules', '.cache', 'sandock-spawner', hash)
    const bin = join(dir, 'sandock-spawner')
    if (
      await access(bin).then(
        () => true,
        () => false,
      )
    )
      return bin
    await mkdir(dir, { recursive: true })
    const tmp = `${bin}.${process.pid}`
    await promisify(execFile)('cc', ['-O2', '-s', '-static', '-Wall', '-Wextra', '-Werror', '-o', tmp, SOURCE]).catch(
      (e: Error) => {
        throw new Error(
          `compiling sandock-spawner failed (needs cc with static glibc: apt-get install gcc libc6-dev): ${e.message}`,
        )
      },
    )
    await rename(tmp, bin)
    return bin
  })()
  return built
}
