// The official SDK pointed at the envd under test, exactly as a user would: in debug mode at the
// conformance envd container (`conformance` project), or — with SANDOCK_TEST_ENVD_VIA=proxy
// (`control` project) — a real sandbox created through `sandock serve` and reached through its
// proxy with an access token.
import { Sandbox } from 'e2b'

export const ENVD_PORT = Number(process.env.SANDOCK_TEST_ENVD_PORT ?? 49983)
export const ENVD_URL = `http://localhost:${ENVD_PORT}`
export const ENVD_CONTAINER = () => process.env.SANDOCK_TEST_ENVD_CONTAINER!
export const VIA_PROXY = process.env.SANDOCK_TEST_ENVD_VIA === 'proxy'

/** Debug mode talks to http://localhost:49983; another port goes through the public sandboxUrl option. */
export async function connectSandbox(): Promise<Sandbox> {
  if (VIA_PROXY) {
    const { createSandbox } = await import('./control-sdk.js')
    return createSandbox()
  }
  process.env.E2B_DEBUG = 'true'
  return Sandbox.create({ debug: true, ...(ENVD_PORT === 49983 ? {} : { sandboxUrl: ENVD_URL }) })
}

/** Where a raw HTTP request to the sandbox's envd goes, with the headers that route and authorise it. */
export async function envdTarget(sbx: Sandbox): Promise<{ url: string; headers: Record<string, string> }> {
  if (!VIA_PROXY) return { url: ENVD_URL, headers: {} }
  const { sdkOpts } = await import('./control-sdk.js')
  const token = (sbx as unknown as { envdAccessToken?: string }).envdAccessToken
  return {
    url: sdkOpts().sandboxUrl,
    headers: {
      'e2b-sandbox-id': sbx.sandboxId,
      'e2b-sandbox-port': '49983',
      ...(token ? { 'x-access-token': token } : {}),
    },
  }
}
