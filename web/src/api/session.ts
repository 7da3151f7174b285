// The API key of this browser tab: sessionStorage only (gone with the tab), never a URL or a log.
const STORAGE_KEY = 'sandock.apiKey'

type Listener = (reason: string | undefined) => void
const listeners = new Set<Listener>()

export function getApiKey(): string | undefined {
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined
}

export function signIn(apiKey: string): void {
  sessionStorage.setItem(STORAGE_KEY, apiKey)
  for (const l of listeners) l(undefined)
}

/** Forgets the key; `reason` is shown on the sign-in form (e.g. the server refused the key). */
export function signOut(reason?: string): void {
  sessionStorage.removeItem(STORAGE_KEY)
  for (const k of Object.keys(sessionStorage)) if (k.startsWith('sandock.')) sessionStorage.removeItem(k)
  for (const l of listeners) l(reason)
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
