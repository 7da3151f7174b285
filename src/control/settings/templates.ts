// Templates and their builds: the base image, the built-in templates' images, concurrent builds
// and the lines of output a build keeps.
import { Type } from 'typebox'

export const templateSettings = {
  baseImage: Type.String({
    env: 'SANDOCK_BASE_TEMPLATE_IMAGE',
    description: 'image of the `base` template (built on start when missing)',
    default: 'sandock/base:latest',
  }),
  buildBuiltins: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
    env: 'SANDOCK_BUILD_BUILTINS',
    description:
      '`auto`: a start builds the missing images of the built-in templates `code-interpreter-v1`, `desktop` and `mcp-gateway` in the background (see [Built-in templates](templates.md#built-in-templates)); `off`: only `sandock templates build-builtin` builds them',
    default: 'auto',
  }),
  maxConcurrentBuilds: Type.Integer({
    env: 'SANDOCK_MAX_CONCURRENT_BUILDS',
    description: 'template builds running at once; later ones wait their turn',
    default: 2,
    minimum: 1,
    maximum: 64,
  }),
  buildLogMaxLines: Type.Integer({
    env: 'SANDOCK_BUILD_LOG_MAX_LINES',
    description:
      'lines of output a template build stores: the first half as they come, the last half when it ends, with a line counting the rest (each line cut at 4,096 characters)',
    default: 10000,
    minimum: 100,
    maximum: 1000000,
  }),
}
