// Template steps as the SDK sends them: validation (bad input is a 400 before anything runs),
// cache keys, and the shell each step runs as root in the build container.
import { createHash } from 'node:crypto'
import { posix } from 'node:path'
import { InvalidArgumentError } from '../../shared/errors.js'

export type StepType = 'COPY' | 'RUN' | 'ENV' | 'WORKDIR' | 'USER'

export type Step = Readonly<{ type: StepType; args: readonly string[]; filesHash: string | undefined; force: boolean }>

export type RawStep = { type: string; args?: string[]; filesHash?: string; force?: boolean }

const ALIASES: Record<string, StepType> = {
  COPY: 'COPY',
  ADD: 'COPY',
  RUN: 'RUN',
  ENV: 'ENV',
  ARG: 'ENV',
  WORKDIR: 'WORKDIR',
  USER: 'USER',
}
export const FILES_HASH = /^[0-9a-f]{64}$/
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const USER_NAME = /^[a-z_][a-z0-9_-]*[$]?$/i
const MODE = /^[0-7]{3,4}$/
const OWNER = /^[a-z_][a-z0-9_.-]*(:[a-z_][a-z0-9_.-]*)?$/i

/** Validates every step; the message names the step as the SDK counts them (1-based). */
export function parseSteps(raw: readonly RawStep[]): Step[] {
  return raw.map((s, i) => {
    const n = i + 1
    const fail = (msg: string): never => {
      throw new InvalidArgumentError(`step ${n} (${s.type}): ${msg}`)
    }
    const type = ALIASES[String(s.type).toUpperCase()]
    if (!type) throw new InvalidArgumentError(`step ${n}: command type ${s.type} is not implemented`)
    const args = s.args ?? []
    switch (type) {
      case 'RUN':
        if (args.length < 1 || args.length > 2 || args[0]!.trim() === '') fail('needs [command] or [command, user]')
        if (args[1] && !USER_NAME.test(args[1])) fail(`invalid user '${args[1]}'`)
        break
      case 'ENV':
        if (args.length === 0 || args.length % 2 !== 0) fail(`needs name/value pairs, got ${args.length} argument(s)`)
        for (let k = 0; k < args.length; k += 2)
          if (!ENV_NAME.test(args[k]!)) fail(`invalid variable name '${args[k]}'`)
        break
      case 'WORKDIR':
        if (args.length !== 1 || args[0]!.trim() === '') fail('needs [path]')
        break
      case 'USER':
        if (args.length < 1 || args.length > 2 || !USER_NAME.test(args[0]!))
          fail(`needs [username] or [username, "true"], got ${JSON.stringify(args)}`)
        break
      case 'COPY':
        if (args.length < 2 || args[0] === '' || args[1] === '') fail('needs [src, dest, owner?, mode?]')
        if (args[2] && !OWNER.test(args[2])) fail(`invalid owner '${args[2]}'`)
        if (args[3] && !MODE.test(args[3])) fail(`invalid mode '${args[3]}' (octal, e.g. 0755)`)
        if (!s.filesHash) fail('filesHash is required')
        if (!FILES_HASH.test(s.filesHash!)) fail('filesHash must be 64 lowercase hex characters')
        break
    }
    return { type, args: args.map(String), filesHash: s.filesHash, force: s.force === true }
  })
}

export const cacheKey = (prev: string, step: Pick<Step, 'type' | 'args' | 'filesHash'>): string =>
  createHash('sha256')
    .update(`${prev}\n${step.type}\n${step.args.join(' ')}\n${step.filesHash ?? ''}`)
    .digest('hex')

/** The mutable context a build threads through its steps. */
export type BuildContext = { user: string; workdir: string | undefined; envs: Record<string, string> }

export const USER_SCRIPT = `set -e
name="$1"; grant="$2"
if ! id -u "$name" >/dev/null 2>&1; then
  shell=/bin/sh; [ -x /bin/bash ] && shell=/bin/bash
  if command -v useradd >/dev/null 2>&1; then useradd --create-home --shell "$shell" "$name"
  elif command -v adduser >/dev/null 2>&1; then adduser -D -s "$shell" "$name"
  else echo "cannot create user $name: the image has neither useradd nor adduser" >&2; exit 1; fi
fi
if [ "$grant" = true ]; then
  mkdir -p /etc/sudoers.d
  printf '%s ALL=(ALL:ALL) NOPASSWD: ALL\\n' "$name" > "/etc/sudoers.d/90-sandock-$name"
  chmod 0440 "/etc/sudoers.d/90-sandock-$name"
  if getent group sudo >/dev/null 2>&1; then usermod -aG sudo "$name" 2>/dev/null || true; fi
fi`

/** mkdir -p; only the newly created top folder is handed (recursively) to the context user. */
export const WORKDIR_SCRIPT = `set -e
dir="$1"; owner="$2"; top=""; p="$dir"
while [ ! -e "$p" ]; do top="$p"; p=$(dirname "$p"); done
mkdir -p "$dir"
if [ -n "$top" ]; then chown -R "$owner:" "$top"; fi`

/**
 * Docker COPY semantics over an unpacked upload: a folder (or a glob's folder) merges into dest;
 * a file or symlink goes into dest when dest ends with / or is a folder, else to dest exactly.
 */
export const COPY_SCRIPT = `set -e
stage="$1"; src="$2"; whole="$3"; dest="$4"; owner="$5"; mode="$6"
trap 'rm -rf "$stage"' EXIT
if [ "$whole" = 1 ] || { [ -d "$src" ] && [ ! -L "$src" ]; }; then
  [ -d "$src" ] || { echo "COPY: nothing was uploaded for this step" >&2; exit 1; }
  created=""; [ -e "$dest" ] || created=1
  mkdir -p "$dest"
  # Owner and mode apply to what is copied, never to dest itself (a folder that already exists).
  find "$src" -mindepth 1 -exec chown -h "$owner" {} +
  if [ -n "$mode" ]; then find "$src" -mindepth 1 ! -type l -exec chmod "$mode" {} +; fi
  for e in "$src"/* "$src"/.[!.]* "$src"/..?*; do
    if [ -e "$e" ] || [ -L "$e" ]; then cp -a "$e" "$dest/"; fi
  done
  if [ -n "$created" ]; then chown "$owner" "$dest"; fi
elif [ -e "$src" ] || [ -L "$src" ]; then
  chown -h "$owner" "$src"
  if [ -n "$mode" ] && [ ! -L "$src" ]; then chmod "$mode" "$src"; fi
  case "$dest" in
    */) mkdir -p "$dest"; target="$dest$(basename "$src")" ;;
    *) if [ -d "$dest" ] && [ ! -L "$dest" ]; then target="$dest/$(basename "$src")"; else mkdir -p "$(dirname "$dest")"; target="$dest"; fi ;;
  esac
  rm -f "$target" 2>/dev/null || true
  cp -a "$src" "$target"
else
  echo "COPY: the upload holds no '$7'" >&2; exit 1
fi`

/** The folder or file inside the unpacked upload a COPY source names (globs were expanded client-side). */
export function copySource(src: string): { path: string; whole: boolean } {
  const parts = src
    .replace(/^\.\/+/, '')
    .split('/')
    .filter((p) => p !== '' && p !== '.')
  const fixed: string[] = []
  for (const p of parts) {
    if (/[*?[{]/.test(p)) return { path: fixed.join('/'), whole: true }
    fixed.push(p)
  }
  return { path: fixed.join('/'), whole: fixed.length === 0 }
}

/** Resolves a COPY/WORKDIR path against the context workdir (or `home`), keeping a trailing slash. */
export function resolveIn(base: string, path: string): string {
  const resolved = posix.resolve(base, path)
  return path.endsWith('/') && resolved !== '/' ? `${resolved}/` : resolved
}

/** Quotes ENV values for the sandbox shell: `$VAR` expands; `$(`, backticks, `"` and `\` do not. */
export function envExpansionScript(values: readonly string[]): string {
  const quote = (v: string) =>
    `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/`/g, '\\`').replace(/\$\(/g, '\\$(')}"`
  return `printf '%s\\0' ${values.map(quote).join(' ')}`
}
