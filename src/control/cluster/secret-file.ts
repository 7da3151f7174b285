// Reading a Swarm secret (a file under /run/secrets): its trimmed content, or an error naming it.
import { readFile } from 'node:fs/promises'

/** A secret file's content (a Swarm secret), trimmed; a clear error when it is missing or empty. */
export async function readSecretFile(path: string, what: string): Promise<string> {
  const value = (await readFile(path, 'utf8').catch((e: unknown) => {
    throw new Error(`cannot read the ${what} from ${path}: ${(e as Error).message}`)
  })).trim()
  if (!value) throw new Error(`the ${what} file ${path} is empty`)
  return value
}
