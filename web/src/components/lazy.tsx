// Loads a view's code on first use, so the first page carries no terminal emulator or RPC runtime.
import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  return function LazyView(props: P) {
    const [View, setView] = useState<ComponentType<P> | undefined>(() => loaded)
    const [error, setError] = useState<string | undefined>(undefined)
    useEffect(() => {
      if (View) return
      pending ??= load().then((v) => (loaded = v))
      pending.then(
        (v) => setView(() => v),
        (e: Error) => {
          pending = undefined
          setError(e.message)
        },
      )
    }, [])
    if (error)
      return (
        <p class="error" role="alert">
          Could not load this view: {error}
        </p>
      )
    return View ? <View {...props} /> : <p class="muted">Loading…</p>
  }
}
