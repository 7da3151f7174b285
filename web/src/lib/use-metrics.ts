// Metric history for many sandboxes: each new sandbox's last 15 minutes once, then the latest
// sample of all of them every METRICS_POLL_MS through the batch route.
import { useEffect, useRef, useState } from 'preact/hooks'
import { latestMetrics, sandboxMetrics } from '../api/sandboxes.js'
import type { SandboxMetric } from '../api/types.js'
import { mergeSamples } from './metrics-series.js'

/** The server samples every 5 s by default (SANDOCK_METRICS_INTERVAL_MS). */
export const METRICS_POLL_MS = 5000
const HISTORY_S = 15 * 60
const SEED_CONCURRENCY = 6

export function useMetricsHistory(sandboxIds: readonly string[]): ReadonlyMap<string, SandboxMetric[]> {
  const history = useRef(new Map<string, SandboxMetric[]>())
  const [, setVersion] = useState(0)
  const key = [...sandboxIds].sort().join(',')

  useEffect(() => {
    const abort = new AbortController()
    const ids = key ? key.split(',') : []
    for (const id of [...history.current.keys()]) if (!ids.includes(id)) history.current.delete(id)
    const bump = () => !abort.signal.aborted && setVersion((v) => v + 1)
    const seed = ids.filter((id) => !history.current.has(id))
    for (const id of seed) history.current.set(id, [])
    void (async () => {
      // A few at a time: a list of 100 new sandboxes must not fire 100 requests at once.
      for (let i = 0; i < seed.length && !abort.signal.aborted; i += SEED_CONCURRENCY) {
        await Promise.all(
          seed.slice(i, i + SEED_CONCURRENCY).map(async (id) => {
            const samples = await sandboxMetrics(id, Math.floor(Date.now() / 1000) - HISTORY_S, abort.signal).catch(
              () => [],
            )
            if (history.current.has(id)) history.current.set(id, mergeSamples(history.current.get(id)!, samples))
          }),
        )
        bump()
      }
    })()
    const poll = async () => {
      if (document.hidden || ids.length === 0) return
      const latest = await latestMetrics(ids, abort.signal).catch(() => ({}) as Record<string, SandboxMetric>)
      for (const [id, m] of Object.entries(latest)) {
        const prev = history.current.get(id)
        if (prev) history.current.set(id, mergeSamples(prev, [m]))
      }
      bump()
    }
    const timer = setInterval(() => void poll(), METRICS_POLL_MS)
    return () => {
      abort.abort()
      clearInterval(timer)
    }
  }, [key])

  return history.current
}
