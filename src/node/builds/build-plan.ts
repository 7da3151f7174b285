// A build's plan: the implicit first step, each step's cache key (chained to the key before it, so
// any change upstream changes every later key), and the longest prefix already in the layer cache.
import type { BuildRuntime } from '../runtime/types.js'
import type { BuildJob, BuildLog } from './build-types.js'
import type { Parent } from './parent.js'
import { cacheKey, type BuildContext, type Step } from './steps.js'

/** Step layers (and final images) by cache key, with the build context after them. */
export interface LayerCache {
  cachedLayer<C>(key: string): { image: string; context: C } | undefined
  cacheLayer(key: string, image: string, context: unknown): void
  forgetLayer(key: string): void
}

export type Plan = Readonly<{
  steps: readonly { step: Step; label: string }[]
  /** The key of the parent with envd in it. */
  baseKey: string
  /** keys[i] is the key of the layer after steps[i]. */
  keys: readonly string[]
}>

export const describe = (s: Step) => `${s.type} ${s.args.join(' ')}`.trim().slice(0, 500)

export function planBuild(job: BuildJob, parent: Parent): Plan {
  const baseKey = cacheKey('base', {
    type: 'RUN',
    args: [parent.imageId, parent.inject ? parent.envdImageId : ''],
    filesHash: undefined,
  })
  // The implicit first step of template format v2.1.0 (images only: a template keeps its user).
  const implicit: Step[] =
    job.fromImage !== undefined && !parent.isSandockImage
      ? [{ type: 'USER', args: ['user', 'true'], filesHash: undefined, force: false }]
      : []
  const steps = [
    ...implicit.map((s) => ({ step: s, label: 'base' })),
    ...job.steps.map((s, i) => ({ step: s, label: String(i + 1) })),
  ]
  const keys: string[] = []
  for (const [i, p] of steps.entries()) keys.push(cacheKey(i === 0 ? baseKey : keys[i - 1]!, p.step))
  return { steps, baseKey, keys }
}

/** The key of the final, checked image: the last layer plus the start and ready commands. */
export const finalKeyOf = (plan: Plan, startCmd: string | undefined, readyCmd: string | undefined) =>
  cacheKey(plan.keys.at(-1) ?? plan.baseKey, {
    type: 'RUN',
    args: ['finalize', startCmd ?? '', readyCmd ?? ''],
    filesHash: undefined,
  })

/** A cached layer whose image still exists (one pruned by someone is forgotten, to be rebuilt). */
export async function usableLayer(
  deps: { layers: LayerCache; runtime: BuildRuntime },
  key: string,
): Promise<{ image: string; context: BuildContext } | undefined> {
  const hit = deps.layers.cachedLayer<BuildContext>(key)
  if (!hit) return undefined
  if (await deps.runtime.imageInfo(hit.image)) return hit
  deps.layers.forgetLayer(key)
  return undefined
}

/**
 * The longest usable cached prefix of the plan (`upTo` -1: not even the base layer; n: the first n
 * steps) and the layer to continue from. A forced step (and everything after it) is never reused.
 */
export async function cachedPrefix(
  deps: { layers: LayerCache; runtime: BuildRuntime },
  plan: Plan,
  parent: Parent,
  force: boolean,
  emit: BuildLog,
): Promise<{ upTo: number; from: { image: string; context: BuildContext } }> {
  let from: { image: string; context: BuildContext } = { image: parent.image, context: parent.context }
  if (force) return { upTo: -1, from }
  const baseHit = parent.inject ? await usableLayer(deps, plan.baseKey) : from
  if (!baseHit) return { upTo: -1, from }
  from = baseHit
  let upTo = 0
  if (parent.inject) emit('info', 'base', `CACHED [base] envd layer [${plan.baseKey.slice(0, 12)}]`)
  const firstForced = plan.steps.findIndex((p) => p.step.force)
  for (const [i, p] of plan.steps.entries()) {
    if (firstForced >= 0 && i >= firstForced) break
    const hit = await usableLayer(deps, plan.keys[i]!)
    if (!hit) break
    from = hit
    upTo = i + 1
    emit('info', p.label, `CACHED [${p.label}] ${describe(p.step)} [${plan.keys[i]!.slice(0, 12)}]`)
  }
  return { upTo, from }
}
