// The built-in `desktop` template for the @e2b/desktop tests: its image is built ahead of time by
// `sandock templates build-builtin desktop` (support/builtin-images.ts); the test servers then
// serve the built-in as any user's server does.
import { ensureBuiltinImage } from './builtin-images.js'

/** The built-in's memory (XFCE plus Firefox need more than the 1 GiB default). */
export const DESKTOP_MEMORY_MB = 2048

/** The desktop image's tag; built on first use when missing (minutes). */
export function ensureDesktopImage(): Promise<string> {
  return ensureBuiltinImage('desktop')
}
