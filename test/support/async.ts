// Failing in tests: one rejection helper, one unique value. Tests wait with vitest's own
// expect.poll (a value compared by a matcher) or vi.waitFor (a callback that throws until true).

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
