// Absolute sandbox paths for the file browser (POSIX, pure).

export function normalizePath(path: string): string {
  const parts: string[] = []
  for (const p of path.split('/')) {
    if (p === '' || p === '.') continue
    if (p === '..') parts.pop()
    else parts.push(p)
  }
  return `/${parts.join('/')}`
}

export function joinPath(dir: string, name: string): string {
  return normalizePath(name.startsWith('/') ? name : `${dir}/${name}`)
}

export function parentPath(path: string): string {
  return normalizePath(`${normalizePath(path)}/..`)
}

export function baseName(path: string): string {
  const n = normalizePath(path)
  return n === '/' ? '/' : n.slice(n.lastIndexOf('/') + 1)
}

/** "/home/user" → [/, home, user] with the path each crumb opens. */
export function breadcrumbs(path: string): { name: string; path: string }[] {
  const out = [{ name: '/', path: '/' }]
  let acc = ''
  for (const part of normalizePath(path).split('/').filter(Boolean)) {
    acc += `/${part}`
    out.push({ name: part, path: acc })
  }
  return out
}
