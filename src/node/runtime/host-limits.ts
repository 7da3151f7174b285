// The host's per-uid inotify limits, raised at `sandock serve`'s start. Root in a sandbox is the
// host's uid 0 (no user namespace), and inotify instances and watches are counted per uid for the
// whole host: with the kernel's default of 128 instances one sandbox could take them all from
// every other sandbox's envd and from the host's own root services. Raised (never lowered) to
// values that take a deliberate hog far more than a sandbox's usual use; each envd also takes its
// own instance as it starts (its /etc watch), so its watchers keep working in a later shortage.
import { readFile, writeFile } from 'node:fs/promises'
import type { Logger } from 'pino'

export const INOTIFY_MIN = Object.freeze({ max_user_instances: 8192, max_user_watches: 1_048_576 })

export type InotifyRaise = Readonly<
  Record<keyof typeof INOTIFY_MIN, { before: number | undefined; after: number | undefined }>
>

/** Raises fs.inotify.max_user_instances and max_user_watches to INOTIFY_MIN where lower (root only); logs what it did. */
export async function raiseInotifyLimits(log: Logger, opts: { procRoot?: string } = {}): Promise<InotifyRaise> {
  const out = {} as Record<keyof typeof INOTIFY_MIN, { before: number | undefined; after: number | undefined }>
  for (const [name, min] of Object.entries(INOTIFY_MIN) as [keyof typeof INOTIFY_MIN, number][]) {
    const file = `${opts.procRoot ?? '/proc'}/sys/fs/inotify/${name}`
    const read = async () => {
      const n = Number((await readFile(file, 'utf8').catch(() => '')).trim())
      return Number.isInteger(n) && n > 0 ? n : undefined
    }
    const before = await read()
    if (before !== undefined && before < min && process.getuid?.() === 0) {
      await writeFile(file, `${min}\n`).catch((err: unknown) =>
        log.warn(
          { err, sysctl: `fs.inotify.${name}`, value: before },
          'could not raise an inotify limit: one sandbox may exhaust it for every sandbox and the host',
        ),
      )
    }
    const after = await read()
    out[name] = { before, after }
    if (after !== undefined && after < min)
      log.warn(
        { sysctl: `fs.inotify.${name}`, value: after, recommended: min },
        "inotify limit below the recommended value (root in a sandbox shares it with the host's root)",
      )
    else if (before !== after) log.info({ sysctl: `fs.inotify.${name}`, before, after }, 'inotify limit raised')
  }
  return out
}
