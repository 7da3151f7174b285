// The shell: sign-in gate, header navigation and the hash router.
import { useEffect, useState } from 'preact/hooks'
import { getApiKey, onSessionChange, signOut } from './api/session.js'
import { parseRoute, type Route } from './lib/routes.js'
import { SignIn } from './views/sign-in.js'
import { SandboxList } from './views/sandbox-list.js'
import { SandboxDetail } from './views/sandbox-detail.js'
import { Templates } from './views/templates.js'
import { Secrets, Volumes } from './views/stores.js'

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash))
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash))
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  return route
}

export function App() {
  const [signedIn, setSignedIn] = useState(() => getApiKey() !== undefined)
  const [notice, setNotice] = useState<string | undefined>(undefined)
  const route = useRoute()

  useEffect(
    () =>
      onSessionChange((reason) => {
        setSignedIn(getApiKey() !== undefined)
        setNotice(reason)
      }),
    [],
  )

  if (!signedIn) return <SignIn notice={notice} />

  const nav = (href: string, label: string, active: boolean) => (
    <a href={href} class={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
      {label}
    </a>
  )
  return (
    <div class="shell">
      <header class="topbar">
        <a class="brand" href="#/sandboxes">
          Sandock
        </a>
        <nav>
          {nav('#/sandboxes', 'Sandboxes', route.view === 'sandboxes' || route.view === 'sandbox')}
          {nav('#/templates', 'Templates', route.view === 'templates')}
          {nav('#/volumes', 'Volumes', route.view === 'volumes')}
          {nav('#/secrets', 'Secrets', route.view === 'secrets')}
        </nav>
        <button type="button" class="ghost" onClick={() => signOut()}>
          Sign out
        </button>
      </header>
      <main>
        {route.view === 'sandboxes' && <SandboxList />}
        {route.view === 'sandbox' && (
          <SandboxDetail key={route.sandboxId} sandboxId={route.sandboxId} tab={route.tab} />
        )}
        {route.view === 'templates' && <Templates templateId={route.templateId} buildId={route.buildId} />}
        {route.view === 'volumes' && <Volumes />}
        {route.view === 'secrets' && <Secrets />}
      </main>
    </div>
  )
}
