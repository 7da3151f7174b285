// The official SDK pointed at the test envd, exactly as a user would in debug mode.
import { Sandbox } from 'e2b'

export const ENVD_PORT = Number(process.env.SANDOCK_TEST_ENVD_PORT ?? 49983)
export const ENVD_URL = `http://localhost:${ENVD_PORT}`
export const ENVD_CONTAINER = () => process.env.SANDOCK_TEST_ENVD_CONTAINER!

/** Debug mode talks to http://localhost:49983; another port goes through the public sandboxUrl option. */
export function connectSandbox(): Promise<Sandbox> {
  process.env.E2B_DEBUG = 'true'
  return Sandbox.create({ debug: true, ...(ENVD_PORT === 49983 ? {} : { sandboxUrl: ENVD_URL }) })
}

/** A unique directory name under the default user's home, so tests never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}
