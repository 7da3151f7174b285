// Waiting and failing in tests: one eventually, one rejection helper, one unique value.

/**
 * Polls `check` until it returns something other than undefined; a throw counts as "not yet".
 * Fails after `timeoutMs` naming `what` and the last error.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
  what = 'condition',
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const v = await check()
      if (v !== undefined) return v
    } catch (e) {
      last = e
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
      )
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** What `p` rejects with (or `fn` throws, synchronously or not); fails the test when it succeeds. */
export async function rejection<E = Error>(p: Promise<unknown> | (() => unknown)): Promise<E> {
  try {
    await (typeof p === 'function' ? p() : p)
  } catch (e) {
    return e as E
  }
  throw new Error('expected the call to fail, but it succeeded')
}

/** A value unique to this test run, for names, metadata filters and file contents. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}
