// The built-in templates: every server has them; none is stored, rebuilt by a user or deleted.
// Each names its image (built on the first start from its Dockerfile in the image context when
// missing) and how its sandboxes run. More built-ins (code-interpreter-v1, desktop) are entries here.
import type { TemplateRuntimeConfig } from './types.js'

export type BuiltinTemplate = Readonly<{
  /** What a create names; also its template id and alias. */
  name: string
  image: string
  /** Built from this file of the image context (dist/image) when the image is missing. */
  dockerfile: string
  config: TemplateRuntimeConfig
  /**
   * Warm pool floor when SANDOCK_POOL_SIZE(S) names none for it: that many containers kept started
   * ahead, more while demand asks (up to SANDOCK_POOL_MAX); 0 = no pool.
   */
  poolSize: number
}>

/** The template every other one can start from: envd is copied from its image into images that lack it. */
export const BASE_TEMPLATE = 'base'

export function builtinTemplates(opts: { baseImage: string }): readonly BuiltinTemplate[] {
  return [
    {
      name: BASE_TEMPLATE,
      image: opts.baseImage,
      dockerfile: 'base.Dockerfile',
      config: { user: 'user', workdir: '/home/user', envs: {}, startCmd: undefined, readyCmd: undefined, shell: '/bin/bash' },
      poolSize: 2,
    },
  ]
}

export function baseTemplate(builtins: readonly BuiltinTemplate[]): BuiltinTemplate {
  const base = builtins.find((b) => b.name === BASE_TEMPLATE)
  if (!base) throw new Error(`the built-in '${BASE_TEMPLATE}' template is missing`)
  return base
}
