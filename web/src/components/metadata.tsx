// Metadata pairs as text chips: keys and values are untrusted and never parsed as HTML.
export function Metadata({ metadata }: { metadata: Record<string, string> | undefined }) {
  const entries = Object.entries(metadata ?? {})
  if (entries.length === 0) return <span class="muted">—</span>
  return (
    <span class="chips">
      {entries.map(([k, v]) => (
        <span class="chip" key={k} title={`${k}=${v}`}>
          <span class="chip-key">{k}</span>=<span class="chip-value">{v}</span>
        </span>
      ))}
    </span>
  )
}

export function StateBadge({ state }: { state: string }) {
  return <span class={`badge state-${state === 'running' || state === 'paused' ? state : 'other'}`}>{state}</span>
}
