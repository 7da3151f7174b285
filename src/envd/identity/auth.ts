// Reads the caller's identity from request headers: the Basic-auth user of RPCs.
/** The user named by `Authorization: Basic base64("<user>:")`, or undefined when absent. */
export function basicAuthUser(header: string | undefined): string | undefined {
  if (!header) return undefined
  const m = /^Basic\s+(\S+)$/i.exec(header.trim())
  if (!m) return undefined
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const user = decoded.split(':')[0]
  return user || undefined
}
