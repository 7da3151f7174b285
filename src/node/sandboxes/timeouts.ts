// The verbs that move a sandbox's deadline (setTimeout may shorten it, refreshes only extend it);
// the timer itself is deadlines.ts.
import type { SandboxContext } from './context.js'
import type { SandboxRecord } from './registry.js'

export async function extendDeadline(
  { timers, state }: SandboxContext,
  record: SandboxRecord,
  timeoutS: number,
): Promise<void> {
  const wanted = timers.deadlineIn(timeoutS)
  if (wanted > record.endAt) await state.transition(record, 'deadlineMoved', { endAt: wanted })
}

export function createTimeouts(ctx: SandboxContext) {
  const { registry, state, timers } = ctx
  return {
    /** endAt = now + timeout; may shorten; negative means now. */
    async setTimeout(sandboxId: string, timeoutS: number): Promise<void> {
      await state.transition(registry.get(sandboxId), 'deadlineMoved', { endAt: timers.deadlineIn(timeoutS) })
    },
    /** Extends only (refreshes): endAt = max(endAt, now + duration). */
    refresh: async (sandboxId: string, durationS: number) => extendDeadline(ctx, registry.get(sandboxId), durationS),
  }
}
