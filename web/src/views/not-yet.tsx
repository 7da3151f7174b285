// The slot for E2B features this Sandock does not offer yet (volumes, secrets).
export function NotYet({ what }: { what: string }) {
  return (
    <section class="panel">
      <h1>{what}</h1>
      <p class="muted">This Sandock server does not offer {what.toLowerCase()} yet. Once it does, their names and metadata appear here.</p>
    </section>
  )
}
