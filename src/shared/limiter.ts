// Bounded concurrency: at most `max` of the given functions run at a time, the rest wait in call order.

export type Limiter = <T>(fn: () => Promise<T>) => Promise<T>

export function limiter(max: number): Limiter {
  let active = 0
  const queue: (() => void)[] = []
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < max) active++
    else await new Promise<void>((resolve) => queue.push(resolve))
    try {
      return await fn()
    } finally {
      // Hand the slot straight to the next waiter (no newcomer can take it in between), or give it back.
      const next = queue.shift()
      if (next) next()
      else active--
    }
  }
}
