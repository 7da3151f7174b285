// xterm.js 6's DOM renderer writes its theme, font and cell-size CSS into <style> elements, which
// this page's CSP (style-src 'self', no 'unsafe-inline') blocks. While installed, every
// document.createElement('style') gets an inert stand-in (a <template>, never rendered) whose text
// goes into a constructed stylesheet instead: CSSOM is not subject to style-src, so the terminal is
// styled and the page still allows no inline style. Nothing else on the page creates <style>.

let installed = false

export function routeStyleElementsToConstructedSheets(doc: Document = document): void {
  if (installed) return
  installed = true
  const create = doc.createElement.bind(doc)
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) =>
    tagName.toLowerCase() === 'style'
      ? constructedStyleElement(doc, create)
      : create(tagName, options)) as Document['createElement']
}

function constructedStyleElement(doc: Document, create: (tag: string) => HTMLElement): HTMLElement {
  const el = create('template')
  el.dataset.constructedStyle = ''
  const sheet = new CSSStyleSheet()
  let text = ''
  Object.defineProperty(el, 'textContent', {
    get: () => text,
    set: (value: unknown) => {
      text = value == null ? '' : String(value)
      sheet.replaceSync(text)
      if (!doc.adoptedStyleSheets.includes(sheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
    },
  })
  const remove = el.remove.bind(el)
  el.remove = () => {
    remove()
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet)
  }
  return el
}
