// Human-readable durations, sizes and times for the tables (pure).

/** "42s", "4m 05s", "2h 03m", "3d 4h"; anything ≤ 0 is "0s". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`
  const h = Math.floor(m / 60)
  if (h < 24) return `${h}h ${String(m % 60).padStart(2, '0')}m`
  return `${Math.floor(h / 24)}d ${h % 24}h`
}

/** "just now", "5m 02s ago" (or "in …" for the future beyond the clocks' tick and skew, 10 s). */
export function formatRelative(iso: string, nowMs: number): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return '—'
  const d = nowMs - t
  if (d > -10_000 && d < 1000) return 'just now'
  return d > 0 ? `${formatDuration(d)} ago` : `in ${formatDuration(-d)}`
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB']

/** Binary units: "512 B", "1.5 KiB", "23.4 MiB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—'
  let v = bytes
  let i = 0
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024
    i++
  }
  return i === 0 ? `${v} B` : `${v < 10 ? v.toFixed(1) : Math.round(v)} ${UNITS[i]}`
}

export function formatPct(pct: number): string {
  return Number.isFinite(pct) ? `${pct < 10 ? pct.toFixed(1) : Math.round(pct)}%` : '—'
}

/** Local date and time, seconds included: "2026-11-24 08:30:12". */
export function formatTimestamp(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}
