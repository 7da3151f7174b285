// The warm pools: started containers kept ready per template, their bounds, memory, idle time,
// concurrent boots and refill delay.
import { availableParallelism } from 'node:os'
import { Type } from 'typebox'

export const poolSettings = {
  poolSize: Type.Optional(
    Type.String({
      env: 'SANDOCK_POOL_SIZE',
      description:
        'warm pool of the `base` template: `n` = keep at least n started containers, more while creates ask (up to `SANDOCK_POOL_MAX`); `min..max` = those bounds (`2..2` fixed, `0..4` only on demand); `0` disables',
      docDefault: '`2`',
    }),
  ),
  poolSizes: Type.Array(Type.String(), {
    env: 'SANDOCK_POOL_SIZES',
    description:
      'warm pools of other templates, same forms: `name=n,name:tag=min..max` (e.g. `my-tpl=1`); a built-in template not named keeps its default (`code-interpreter-v1=0` turns its pool off)',
    docDefault: '`code-interpreter-v1=1`',
    default: [],
  }),
  poolMax: Type.Integer({
    env: 'SANDOCK_POOL_MAX',
    description: 'the ceiling of a pool configured with a single number (or a built-in default)',
    default: 8,
    minimum: 0,
    maximum: 64,
  }),
  poolMemoryMB: Type.Integer({
    env: 'SANDOCK_POOL_MEMORY_MB',
    description: 'memory (as measured in each ready pool container) that pool growth above the floors may use in all',
    default: 2048,
    minimum: 0,
  }),
  poolIdleS: Type.Integer({
    env: 'SANDOCK_POOL_IDLE',
    description: 'seconds a grown pool keeps its size after the creates that grew it; then it shrinks to its floor',
    default: 120,
    minimum: 1,
  }),
  poolBoots: Type.Integer({
    env: 'SANDOCK_POOL_BOOTS',
    description: "pool containers booting at once (creates' cold starts go first)",
    docDefault: 'CPU count',
    default: Math.max(1, availableParallelism()),
    minimum: 1,
    maximum: 64,
  }),
  poolRefillDelayMs: Type.Integer({
    env: 'SANDOCK_POOL_REFILL_DELAY_MS',
    description:
      "after a create takes a ready pool container while others are still ready, refills wait this long (from the first such claim), so a burst's first commands do not share the CPU with refill boots; taking the last ready one, or finding the pool empty, refills at once; `0` = no wait (no clear gain measured on a 2-core host)",
    default: 0,
    minimum: 0,
    maximum: 60000,
  }),
}
