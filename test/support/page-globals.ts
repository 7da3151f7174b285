// What the functions passed to page.evaluate use in the page. The test project has no DOM lib (it
// would clash with Node's types), so they are declared here and re-declared where such a callback
// uses them: `import type { document as pageDocument } …; declare const document: typeof pageDocument`
// (a type-only import: the callbacks are sent to the page as source text, so they must name the
// page's own globals, never an imported binding).
type PageElement = { textContent: string | null; getAttribute(name: string): string | null }

export declare const document: {
  querySelector(selector: string): PageElement | null
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>
  addEventListener(
    type: 'securitypolicyviolation',
    listener: (e: { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number }) => void,
  ): void
}
export declare const window: Record<string, unknown>
export declare const sessionStorage: Record<string, string>
