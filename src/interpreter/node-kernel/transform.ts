// Turns a notebook cell of JavaScript into one script for vm.runInThisContext (pure): top-level
// `await`, ESM `import` (as dynamic import), declarations that persist into later cells (and may
// be declared again, as notebooks re-run cells), and the last expression as the cell's value.
import { parse, type Node, type Program, type Pattern, type ImportDeclaration, type VariableDeclaration } from 'acorn'

export type TransformedCell = Readonly<{ code: string; names: readonly string[] }>

type Edit = { start: number; end: number; text: string }

const PARSE_OPTS = {
  ecmaVersion: 'latest',
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowHashBang: true,
} as const

function parseCell(code: string): Program {
  try {
    return parse(code, { ...PARSE_OPTS, sourceType: 'module', allowImportExportEverywhere: true })
  } catch (moduleErr) {
    // Sloppy-mode code (octal literals, `with`) is not a valid module; try it as a script.
    try {
      return parse(code, { ...PARSE_OPTS, sourceType: 'script' })
    } catch {
      throw moduleErr
    }
  }
}

/** Every identifier a binding pattern declares (`{a, b: [c, ...d]}` → a, c, d). */
export function patternNames(p: Pattern | null | undefined, out: string[] = []): string[] {
  if (!p) return out
  switch (p.type) {
    case 'Identifier':
      out.push(p.name)
      break
    case 'ObjectPattern':
      for (const prop of p.properties) patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, out)
      break
    case 'ArrayPattern':
      for (const el of p.elements) patternNames(el, out)
      break
    case 'RestElement':
      patternNames(p.argument, out)
      break
    case 'AssignmentPattern':
      patternNames(p.left, out)
      break
    default:
      break
  }
  return out
}

/**
 * The cell as `var <names>; (async () => { … })()`. Top-level `let`/`const`/`var`/`class` become
 * assignments to those vars (so they live on after the cell), functions are declared in the
 * wrapper and copied to globalThis first (keeping hoisting), imports become `await import()`.
 * Throws acorn's SyntaxError for invalid code.
 */
export function transformCell(code: string): TransformedCell {
  const program = parseCell(code)
  const src = (n: { start: number; end: number }) => code.slice(n.start, n.end)
  const names: string[] = []
  const functions: string[] = []
  const edits: Edit[] = []
  const body = program.body

  for (let i = 0; i < body.length; i++) {
    let stmt = body[i] as Node & { type: string }
    const last = i === body.length - 1
    // `export` has no meaning in a cell: keep the declaration, drop the keyword.
    if (stmt.type === 'ExportNamedDeclaration' || stmt.type === 'ExportDefaultDeclaration') {
      const decl = (stmt as unknown as { declaration: (Node & { type: string }) | null }).declaration
      if (!decl) {
        edits.push({ start: stmt.start, end: stmt.end, text: '' })
        continue
      }
      edits.push({ start: stmt.start, end: decl.start, text: '' })
      stmt = decl
    }
    switch (stmt.type) {
      case 'ImportDeclaration':
        edits.push({
          start: stmt.start,
          end: stmt.end,
          text: importToAwait(stmt as unknown as ImportDeclaration, names),
        })
        break
      case 'VariableDeclaration': {
        const decl = stmt as unknown as VariableDeclaration
        const parts: string[] = []
        for (const d of decl.declarations) {
          const declared = patternNames(d.id)
          names.push(...declared)
          if (d.init)
            parts.push(d.id.type === 'Identifier' ? `${d.id.name} = ${src(d.init)}` : `(${src(d.id)} = ${src(d.init)})`)
          else if (decl.kind !== 'var') parts.push(...declared.map((n) => `${n} = undefined`))
        }
        edits.push({ start: stmt.start, end: stmt.end, text: parts.length ? `void (${parts.join(', ')});` : ';' })
        break
      }
      case 'ClassDeclaration': {
        const id = (stmt as unknown as { id: { name: string } }).id.name
        names.push(id)
        edits.push({ start: stmt.start, end: stmt.start, text: `${id} = ` })
        edits.push({ start: stmt.end, end: stmt.end, text: ';' })
        break
      }
      case 'FunctionDeclaration': {
        const id = (stmt as unknown as { id: { name: string } }).id.name
        names.push(id)
        functions.push(id)
        break
      }
      case 'ExpressionStatement':
        if (last)
          edits.push({
            start: stmt.start,
            end: stmt.end,
            text: `return (${src((stmt as unknown as { expression: Node }).expression)});`,
          })
        break
      default:
        break
    }
  }

  let out = code
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  const unique = [...new Set(names)]
  const prelude = unique.length ? `var ${unique.join(', ')};\n` : ''
  const hoist = functions.map((f) => `globalThis[${JSON.stringify(f)}] = ${f};`).join(' ')
  return { code: `${prelude}(async () => { ${hoist}\n${out}\n})()`, names: unique }
}

function importToAwait(decl: ImportDeclaration, names: string[]): string {
  const from = `await import(${JSON.stringify(decl.source.value)})`
  if (decl.specifiers.length === 0) return `${from};`
  const parts: string[] = []
  const named: string[] = []
  for (const s of decl.specifiers) {
    names.push(s.local.name)
    if (s.type === 'ImportDefaultSpecifier') parts.push(`${s.local.name} = __m.default`)
    else if (s.type === 'ImportNamespaceSpecifier') parts.push(`${s.local.name} = __m`)
    else {
      const imported = s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value)
      named.push(`${s.local.name} = __m[${JSON.stringify(imported)}]`)
    }
  }
  return `await (async () => { const __m = ${from}; ${[...parts, ...named].map((p) => `${p};`).join(' ')} })();`
}
