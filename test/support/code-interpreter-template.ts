// The built-in code-interpreter-v1 template for the @e2b/code-interpreter suites: its image is
// built ahead of time by `sandock templates build-builtin` (support/builtin-images.ts); the test
// servers then serve the built-in as any user's server does.
import { Sandbox as CodeSandbox, type SandboxOpts } from '@e2b/code-interpreter'
import { ensureBuiltinImage } from './builtin-images.js'
import { sdkOpts, sharedServer, trackSandbox, type ServerInfo } from './control-server.js'

export { IMAGE_BUILD_TIMEOUT_MS } from './builtin-images.js'
export const CODE_INTERPRETER_ALIAS = 'code-interpreter-v1'

/** Builds (or finds) the built-in's image; returns its tag. Minutes on the first run, ~1 s after. */
export function ensureCodeInterpreterImage(): Promise<string> {
  return ensureBuiltinImage(CODE_INTERPRETER_ALIAS)
}

/** `Sandbox.create()` of @e2b/code-interpreter (its default template) against the server; tracked for cleanup. */
export async function createCodeSandbox(
  opts: Omit<SandboxOpts, 'apiKey' | 'apiUrl' | 'sandboxUrl'> = {},
  server: ServerInfo = sharedServer(),
): Promise<CodeSandbox> {
  const sbx = await CodeSandbox.create({ ...sdkOpts(server), ...opts })
  trackSandbox(server, sbx.sandboxId)
  return sbx
}
