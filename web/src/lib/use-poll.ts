// usePoll(): loads now, then again every `intervalMs` while the tab is visible; aborts on unmount.
// When `deps` change it starts over; with `keepPrevious` the last answer stays on screen (marked stale) until the
// new one arrives, so a list being re-filtered does not flash empty.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

export type Poll<T> = { data: T | undefined; error: Error | undefined; stale: boolean; refresh: () => void }

export function usePoll<T>(
  load: (signal: AbortSignal) => Promise<T>,
  intervalMs: number,
  deps: readonly unknown[],
  options: { keepPrevious?: boolean } = {},
): Poll<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [stale, setStale] = useState(false)
  const [error, setError] = useState<Error | undefined>(undefined)
  const kick = useRef<() => void>(() => undefined)

  useEffect(() => {
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    let running = false
    const run = async () => {
      clearTimeout(timer)
      if (running || abort.signal.aborted) return
      running = true
      try {
        if (!document.hidden) {
          const value = await load(abort.signal)
          if (!abort.signal.aborted) {
            setData(() => value)
            setStale(false)
            setError(undefined)
          }
        }
      } catch (e) {
        if (!abort.signal.aborted) setError(e as Error)
      } finally {
        running = false
        if (!abort.signal.aborted && intervalMs > 0) timer = setTimeout(() => void run(), intervalMs)
      }
    }
    kick.current = () => void run()
    const onVisible = () => {
      if (!document.hidden) void run()
    }
    document.addEventListener('visibilitychange', onVisible)
    if (options.keepPrevious) setStale(true)
    else setData(undefined)
    setError(undefined)
    void run()
    return () => {
      abort.abort()
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what reloads it
  }, deps)

  const refresh = useCallback(() => kick.current(), [])
  return { data, error, stale, refresh }
}

/** The current time, re-rendered every `intervalMs` (countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(t)
  }, [intervalMs])
  return now
}
