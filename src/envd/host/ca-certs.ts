// compat: upstream envd's host/cacerts.go: a CA bundle from /init is appended to the system trust
// bundle (what curl, OpenSSL, Python and most clients read) and kept as a local CA file, so an
// `update-ca-certificates` later keeps it. Installing the same bundle again changes nothing.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

export type CaCertPaths = Readonly<{ bundle: string; local: string }>

export const SYSTEM_CA_PATHS: CaCertPaths = {
  bundle: '/etc/ssl/certs/ca-certificates.crt',
  local: '/usr/local/share/ca-certificates/e2b-ca.crt',
}

export async function installCaBundle(pem: string, paths: CaCertPaths = SYSTEM_CA_PATHS): Promise<void> {
  const text = pem.endsWith('\n') ? pem : `${pem}\n`
  await mkdir(dirname(paths.local), { recursive: true })
  await writeFile(paths.local, text, { mode: 0o644 })
  const current = await readFile(paths.bundle, 'utf8').catch(() => '')
  if (current.includes(text.trim())) return
  await mkdir(dirname(paths.bundle), { recursive: true })
  await appendFile(paths.bundle, current === '' || current.endsWith('\n') ? text : `\n${text}`)
}
