// Sandboxes being moved off this node (a drain): while a move holds one, it is not resumed here, so
// the copy committed for the move stays the newest. A hold ends with the move (moved, or given up),
// or after HOLD_MS when control never came back (a crashed drain): the sandbox is resumable again.

/** Longer than any move's commit, push and the target's pull; a re-run of the drain takes it again. */
const HOLD_MS = 15 * 60_000

export type MoveHolds = ReturnType<typeof createMoveHolds>

export function createMoveHolds(now: () => number = Date.now) {
  const until = new Map<string, number>()
  return {
    hold: (sandboxId: string) => void until.set(sandboxId, now() + HOLD_MS),
    release: (sandboxId: string) => void until.delete(sandboxId),
    held(sandboxId: string): boolean {
      const t = until.get(sandboxId)
      if (t !== undefined && t <= now()) until.delete(sandboxId)
      return t !== undefined && t > now()
    },
  }
}
