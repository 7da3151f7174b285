// The built-in templates: every server has them; none is stored, rebuilt by a user or deleted.
// `base` is built from base.Dockerfile in the image context (the envd bundle); the others derive
// from it, each from its own folder of the built-ins directory (builtin-images.ts builds them and
// tracks whether each is ready). Names, users and resources follow E2B's own templates.
import type { TemplateRuntimeConfig } from './template-model.js'

export type BuiltinTemplate = Readonly<{
  /** What a create names; also its template id and alias. */
  name: string
  /**
   * `base`: the configured image tag. A derived one: the image repository, tagged with the
   * content hash of its build folder and the base image (so a change rebuilds it, nothing else does).
   */
  image: string
  /** Built FROM the base image, from `<built-ins dir>/<name>/Dockerfile` (`BASE_TEMPLATE_IMAGE` build arg). */
  derived: boolean
  config: TemplateRuntimeConfig
  /** 0: the server's default. */
  cpuCount: number
  memoryMB: number
  /**
   * Warm pool floor when SANDOCK_POOL_SIZE(S) names none for it: that many containers kept started
   * ahead, more while demand asks (up to SANDOCK_POOL_MAX); 0 = no pool.
   */
  poolSize: number
}>

/** The template every other one can start from: envd is copied from its image into images that lack it. */
export const BASE_TEMPLATE = 'base'
const CODE_INTERPRETER_TEMPLATE = 'code-interpreter-v1'
const DESKTOP_TEMPLATE = 'desktop'
// compat: the SDK's Sandbox.defaultMcpTemplate, which `Sandbox.create({ mcp })` starts.
const MCP_GATEWAY_TEMPLATE = 'mcp-gateway'

const HOME = { user: 'user', workdir: '/home/user', shell: '/bin/bash' } as const

/**
 * The interpreter (src/interpreter) runs from the bundle envd already lives in; the ready command
 * polls its /health every 50 ms inside one command (a create's own ready loop backs off between commands).
 */
const CODE_INTERPRETER_START_CMD = '/opt/sandock/bin/node /opt/sandock/sandock.mjs interpreter'
const CODE_INTERPRETER_READY_CMD =
  'for i in $(seq 1 600); do curl -sf -o /dev/null http://127.0.0.1:49999/health && exit 0; sleep 0.05; done; exit 1'

export function builtinTemplates(opts: { baseImage: string }): readonly BuiltinTemplate[] {
  return [
    {
      name: BASE_TEMPLATE,
      image: opts.baseImage,
      derived: false,
      config: { ...HOME, envs: {}, startCmd: undefined, readyCmd: undefined },
      cpuCount: 0,
      memoryMB: 0,
      poolSize: 2,
    },
    {
      // compat: upstream's production template has 2 vCPU and 2 GiB.
      name: CODE_INTERPRETER_TEMPLATE,
      image: 'sandock/code-interpreter',
      derived: true,
      config: { ...HOME, envs: {}, startCmd: CODE_INTERPRETER_START_CMD, readyCmd: CODE_INTERPRETER_READY_CMD },
      cpuCount: 2,
      memoryMB: 2048,
      poolSize: 1,
    },
    {
      // Nothing starts with the sandbox: @e2b/desktop starts Xvfb and XFCE itself through envd.
      // XFCE idles at ~200 MiB and Firefox adds ~400 MiB, hence 2 GiB.
      name: DESKTOP_TEMPLATE,
      image: 'sandock/desktop',
      derived: true,
      config: { ...HOME, envs: { LANG: 'C.UTF-8', NO_AT_BRIDGE: '1' }, startCmd: undefined, readyCmd: undefined },
      cpuCount: 2,
      memoryMB: 2048,
      poolSize: 0,
    },
    {
      // Nothing starts with the sandbox: the SDK runs `mcp-gateway --config …` after the create.
      name: MCP_GATEWAY_TEMPLATE,
      image: 'sandock/mcp-gateway',
      derived: true,
      config: { ...HOME, envs: {}, startCmd: undefined, readyCmd: undefined },
      cpuCount: 0,
      memoryMB: 0,
      poolSize: 0,
    },
  ]
}

export function baseTemplate(builtins: readonly BuiltinTemplate[]): BuiltinTemplate {
  const base = builtins.find((b) => b.name === BASE_TEMPLATE)
  if (!base) throw new Error(`the built-in '${BASE_TEMPLATE}' template is missing`)
  return base
}
