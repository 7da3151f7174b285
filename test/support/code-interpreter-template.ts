// The code-interpreter-v1 template as an E2B user would register it today: the image from
// docker/code-interpreter.Dockerfile (built once per content hash), then the official SDK's
// Template.build with fromImage, the start and ready commands and the upstream alias. Until the
// server builds it as a built-in template, every suite that needs it calls this first.
import { Template } from 'e2b'
import { Sandbox as CodeSandbox, type SandboxOpts } from '@e2b/code-interpreter'
import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { BASE_IMAGE } from './docker.js'
import { sdkOpts, sharedServer, trackSandbox, type ServerInfo } from './control-server.js'

const run = promisify(execFile)
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

export const CODE_INTERPRETER_ALIAS = 'code-interpreter-v1'
/** What the built-in template must run: the interpreter from the bundle envd already lives in. */
export const START_CMD = '/opt/sandock/bin/node /opt/sandock/sandock.mjs interpreter'
/** beforeAll budget of the suites: the image build after a change of the envd bundle takes minutes. */
export const IMAGE_BUILD_TIMEOUT_MS = 15 * 60_000
/** Polls every 50 ms inside one command (the create's own ready loop backs off to 250 ms between commands). */
export const READY_CMD = 'for i in $(seq 1 600); do curl -sf -o /dev/null http://127.0.0.1:49999/health && exit 0; sleep 0.05; done; exit 1'

/** Builds (or finds) the image; returns its tag. Minutes on the first run, ~0.1 s after. */
export async function codeInterpreterImage(baseImage = BASE_IMAGE): Promise<string> {
  const { stdout } = await run(process.execPath, [join(ROOT, 'scripts', 'build-code-interpreter-image.mjs')], {
    cwd: ROOT,
    env: { ...process.env, SANDOCK_BASE_TEMPLATE_IMAGE: baseImage },
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout.trim().split('\n').at(-1)!
}

/** Registers `code-interpreter-v1` on the server through the SDK (all steps cached after the first time). */
export async function ensureCodeInterpreterTemplate(server: ServerInfo = sharedServer()): Promise<string> {
  const image = await codeInterpreterImage()
  const template = Template()
    .fromImage(image)
    .setUser('user')
    .setWorkdir('/home/user')
    .setStartCmd(START_CMD, READY_CMD)
  // compat: upstream's production template has 2 vCPU and 2 GiB.
  await Template.build(template, CODE_INTERPRETER_ALIAS, { apiKey: server.apiKey, apiUrl: server.apiUrl, cpuCount: 2, memoryMB: 2048 })
  return image
}

/** `Sandbox.create()` of @e2b/code-interpreter (its default template) against the server; tracked for cleanup. */
export async function createCodeSandbox(opts: Omit<SandboxOpts, 'apiKey' | 'apiUrl' | 'sandboxUrl'> = {}, server: ServerInfo = sharedServer()): Promise<CodeSandbox> {
  const sbx = await CodeSandbox.create({ ...sdkOpts(server), ...opts })
  trackSandbox(server, sbx.sandboxId)
  return sbx
}
