// Sign-in: the API key is checked against the API (one list call) before it is kept for the tab.
import { useState } from 'preact/hooks'
import { ApiError, request } from '../api/http.js'
import { signIn } from '../api/session.js'

export function SignIn({ notice }: { notice: string | undefined }) {
  const [key, setKey] = useState('')
  const [error, setError] = useState<string | undefined>(notice)
  const [busy, setBusy] = useState(false)

  const submit = async (e: Event) => {
    e.preventDefault()
    const apiKey = key.trim()
    if (!apiKey) return setError('Enter an API key.')
    setBusy(true)
    setError(undefined)
    try {
      await request('v2/sandboxes', { query: { limit: 1 }, apiKey })
      setKey('')
      signIn(apiKey)
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? `That API key was refused by the server: ${err.message}`
          : `Cannot reach the Sandock API: ${(err as Error).message}`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div class="sign-in">
      <form class="panel" onSubmit={submit} autocomplete="off">
        <h1>Sandock</h1>
        <p class="muted">
          Sign in with an API key of this server (the <code>E2B_API_KEY</code> your SDK uses). It is kept in this tab
          only.
        </p>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autocomplete="off"
          spellcheck={false}
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          disabled={busy}
          autofocus
        />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </div>
  )
}
