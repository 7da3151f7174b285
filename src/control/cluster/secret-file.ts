// Reading a Swarm secret (a file under /run/secrets): its trimmed content, or an error naming it.
import { readFile } from 'node:fs/promises'

/** A secret file's content (a Swarm secret), trimmed; a clear error when it is missing or empty. */
export async function readSecretFile(path: string, what: string): Promise<string> {
  const value = (
    await readFile(path, 'utf8').catch((e: unknown) => {
      throw new Error(`cannot read the ${what} from ${path}: ${(e as Error).message}`)
    })
  ).trim()
  if (!value) throw new Error(`the ${what} file ${path} is empty`)
  return value
}

/** Credentials of the cluster registry, as Docker's X-Registry-Auth takes them. */
export type RegistryAuth = Readonly<{ username: string; password: string; serveraddress: string }>

/** The registry's `user:password` secret (sandock_registry_auth) for `registry` (host:port). */
export async function readRegistryAuth(path: string, registry: string): Promise<RegistryAuth> {
  const line = (await readSecretFile(path, 'registry credentials')).split('\n')[0]!.trim()
  const at = line.indexOf(':')
  if (at <= 0 || at === line.length - 1)
    throw new Error(`the registry credentials file ${path} must hold one user:password line`)
  return { username: line.slice(0, at), password: line.slice(at + 1), serveraddress: registry }
}
