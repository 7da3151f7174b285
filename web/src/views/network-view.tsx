// The sandbox's network rules (egress allow/deny lists, internet access, public traffic), editable
// through PUT /sandboxes/{id}/network; and its volumes.
import { useEffect, useState } from 'preact/hooks'
import { updateNetwork } from '../api/sandboxes.js'
import type { SandboxDetail } from '../api/types.js'
import type { Notify } from '../components/sandbox-actions.js'

const lines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

export function NetworkView({
  sandbox,
  onChanged,
  notify,
}: {
  sandbox: SandboxDetail
  onChanged: () => void
  notify: Notify
}) {
  const net = sandbox.network ?? {}
  const current = `${(net.allowOut ?? []).join('\n')}\u0000${(net.denyOut ?? []).join('\n')}`
  const [allowOut, setAllowOut] = useState((net.allowOut ?? []).join('\n'))
  const [denyOut, setDenyOut] = useState((net.denyOut ?? []).join('\n'))
  const [busy, setBusy] = useState(false)
  // Follow changes made elsewhere (the SDK) until the user edits.
  const [dirty, setDirty] = useState(false)
  useEffect(() => {
    if (dirty) return
    setAllowOut((net.allowOut ?? []).join('\n'))
    setDenyOut((net.denyOut ?? []).join('\n'))
  }, [current])

  const save = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    try {
      await updateNetwork(sandbox.sandboxID, { allowOut: lines(allowOut), denyOut: lines(denyOut) })
      setDirty(false)
      notify('Network rules updated')
      onChanged()
    } catch (err) {
      notify(`Updating the network rules failed: ${(err as Error).message}`, 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div class="network">
      <dl class="facts">
        <div>
          <dt>Internet access</dt>
          <dd>{sandbox.allowInternetAccess === false ? 'no (internal network)' : 'yes'}</dd>
        </div>
        <div>
          <dt>Public traffic</dt>
          <dd>{net.allowPublicTraffic === false ? 'needs the traffic access token' : 'allowed'}</dd>
        </div>
        {net.maskRequestHost && (
          <div>
            <dt>Mask request host</dt>
            <dd class="mono">{net.maskRequestHost}</dd>
          </div>
        )}
      </dl>
      <form class="network-form" onSubmit={save}>
        <label>
          Allow out (IPs or CIDRs; wins over deny)
          <textarea
            name="allowOut"
            rows={4}
            value={allowOut}
            onInput={(e) => {
              setDirty(true)
              setAllowOut((e.target as HTMLTextAreaElement).value)
            }}
          />
        </label>
        <label>
          Deny out (IPs or CIDRs; 0.0.0.0/0 denies everything not allowed)
          <textarea
            name="denyOut"
            rows={4}
            value={denyOut}
            onInput={(e) => {
              setDirty(true)
              setDenyOut((e.target as HTMLTextAreaElement).value)
            }}
          />
        </label>
        <button type="submit" disabled={busy || sandbox.state !== 'running'}>
          Save rules
        </button>
      </form>
      <h2>Volumes</h2>
      {sandbox.volumeMounts && sandbox.volumeMounts.length > 0 ? (
        <ul>
          {sandbox.volumeMounts.map((v) => (
            <li key={v.path}>
              <span class="mono">{v.name}</span> at <span class="mono">{v.path}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No volumes mounted.</p>
      )}
    </div>
  )
}
