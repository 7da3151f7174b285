// Hash routes (#/sandboxes, #/sandboxes/<id>/<tab>, #/templates/<id>/builds/<buildId>): the page
// URL stays <base>/dashboard/, so every relative API URL resolves the same way (pure).

export const SANDBOX_TABS = ['terminal', 'files', 'logs', 'metrics', 'network'] as const
export type SandboxTab = (typeof SANDBOX_TABS)[number]

export type Route =
  | { view: 'sandboxes' }
  | { view: 'sandbox'; sandboxId: string; tab: SandboxTab }
  | { view: 'templates'; templateId?: string; buildId?: string }
  | { view: 'volumes' }
  | { view: 'secrets' }

const ID = /^[A-Za-z0-9._:-]{1,256}$/

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p)
      } catch {
        return ''
      }
    })
  const [view, id, a, b] = parts
  if (view === 'sandboxes' && id && ID.test(id)) {
    const tab = (SANDBOX_TABS as readonly string[]).includes(a ?? '') ? (a as SandboxTab) : 'terminal'
    return { view: 'sandbox', sandboxId: id, tab }
  }
  if (view === 'templates') {
    if (id && ID.test(id))
      return { view: 'templates', templateId: id, ...(a === 'builds' && b && ID.test(b) ? { buildId: b } : {}) }
    return { view: 'templates' }
  }
  if (view === 'volumes' || view === 'secrets') return { view }
  return { view: 'sandboxes' }
}

export function routeHref(route: Route): string {
  const e = encodeURIComponent
  switch (route.view) {
    case 'sandbox':
      return `#/sandboxes/${e(route.sandboxId)}/${route.tab}`
    case 'templates':
      return route.templateId
        ? `#/templates/${e(route.templateId)}${route.buildId ? `/builds/${e(route.buildId)}` : ''}`
        : '#/templates'
    default:
      return `#/${route.view}`
  }
}
