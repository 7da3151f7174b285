// A push-driven async iterable: producers push, one consumer iterates; used to merge process
// output, watcher events and keepalive ticks into a single server stream.

export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = []
  private waiter: ((r: IteratorResult<T>) => void) | undefined
  private failWaiter: ((e: unknown) => void) | undefined
  private ended = false
  private error: unknown = undefined

  get closed(): boolean {
    return this.ended
  }

  push(item: T): void {
    if (this.ended) return
    if (this.waiter) {
      const w = this.waiter
      this.waiter = this.failWaiter = undefined
      w({ value: item, done: false })
    } else this.items.push(item)
  }

  /** Ends iteration after the buffered items; with an error, the consumer rethrows it. */
  end(error?: unknown): void {
    if (this.ended) return
    this.ended = true
    this.error = error
    if (this.waiter && this.items.length === 0) {
      const w = this.waiter
      const f = this.failWaiter!
      this.waiter = this.failWaiter = undefined
      if (error !== undefined) f(error)
      else w({ value: undefined, done: true })
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.items.length > 0) return Promise.resolve({ value: this.items.shift()!, done: false })
        if (this.ended) {
          return this.error !== undefined
            ? Promise.reject(this.error)
            : Promise.resolve({ value: undefined, done: true })
        }
        return new Promise((resolve, reject) => {
          this.waiter = resolve
          this.failWaiter = reject
        })
      },
      return: () => {
        this.end()
        this.items.length = 0
        return Promise.resolve({ value: undefined, done: true })
      },
    }
  }
}
