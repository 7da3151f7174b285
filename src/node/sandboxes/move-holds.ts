// Sandboxes being moved off this node (a drain): while a move holds one, it is not resumed here, so
// the copy committed for the move stays the newest. A hold ends with the move (moved, or given up),
// or after HOLD_MS when control never came back (a crashed drain): the sandbox is resumable again.
import { AppError } from '../../shared/errors.js'

/** Longer than any move's commit, push and the target's pull; a re-run of the drain takes it again. */
const HOLD_MS = 15 * 60_000

export type MoveHolds = ReturnType<typeof createMoveHolds>

export function createMoveHolds(now: () => number = Date.now) {
  const until = new Map<string, number>()
  const held = (sandboxId: string): boolean => {
    const t = until.get(sandboxId)
    if (t !== undefined && t <= now()) until.delete(sandboxId)
    return t !== undefined && t > now()
  }
  return {
    hold: (sandboxId: string) => void until.set(sandboxId, now() + HOLD_MS),
    release: (sandboxId: string) => void until.delete(sandboxId),
    held,
    /** A resume's check: the copy a move committed must stay the newest; unavailable while held. */
    assertFree(sandboxId: string): void {
      if (held(sandboxId))
        throw new AppError('unavailable', `sandbox ${sandboxId} is being moved to another node; try again in a moment`)
    },
  }
}
