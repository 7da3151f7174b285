// POST /v2/sandboxes and POST /sandboxes (v1): create a sandbox from a template.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorBody, NewSandbox, Sandbox, sandboxBody } from '../schemas.js'
import { AppError } from '../../../shared/errors.js'
import { refuseIamTokens } from './iam.js'
import type { SandboxRouteDeps } from './deps.js'

export const createSandboxRoute: FastifyPluginAsyncTypebox<SandboxRouteDeps> = async (app, { node, domain }) => {
  for (const [url, v2] of [
    ['/v2/sandboxes', true],
    ['/sandboxes', false],
  ] as const) {
    app.post(
      url,
      { schema: { body: NewSandbox, response: { 201: Sandbox, '4xx': ErrorBody } } },
      async (req, reply) => {
        const b = req.body
        // compat: upstream checks iam first; this server cannot mint identity tokens.
        refuseIamTokens(b.iam)
        // compat: as upstream, a v1 create may close public traffic only with secure envd access (v2 is always secure).
        if (!v2 && b.network?.allowPublicTraffic === false && b.secure !== true) {
          throw new AppError(
            'invalid_argument',
            "You cannot create a sandbox without public access unless you enable secure envd access via 'secure' flag.",
          )
        }
        // As upstream (and the SDK's own check): a filesystem-only pause only on timeout, and never
        // with auto-resume (nothing in memory to answer the traffic; resume with connect()).
        if (b.autoPauseMemory === false && b.autoPause !== true) {
          throw new AppError('invalid_argument', 'autoPauseMemory=false only applies when autoPause is true.')
        }
        if (b.autoPauseMemory === false && b.autoResume?.enabled === true) {
          throw new AppError(
            'invalid_argument',
            'autoResume cannot be enabled with autoPauseMemory=false: a filesystem-only pause cannot be auto-resumed by traffic and must be resumed explicitly.',
          )
        }
        const sandbox = await node.create({
          templateRef: b.templateID,
          timeoutS: b.timeout,
          metadata: b.metadata ?? {},
          envVars: b.envVars ?? {},
          // compat: v2 has no `secure` field and always issues an envd access token.
          secure: v2 ? true : b.secure === true,
          allowPublicTraffic: b.network?.allowPublicTraffic !== false,
          allowInternetAccess: b.allow_internet_access ?? true,
          onTimeout: b.autoPause ? 'pause' : 'kill',
          autoPauseMemory: b.autoPause ? b.autoPauseMemory : undefined,
          autoResume: b.autoResume?.enabled === true,
          egress: {
            allowOut: b.network?.allowOut ?? undefined,
            denyOut: b.network?.denyOut ?? undefined,
            egressProxy: b.network?.egressProxy,
            rules: b.network?.rules,
          },
          ingress: {
            maskRequestHost: b.network?.maskRequestHost ?? undefined,
            httpsPorts: b.network?.httpsPorts ?? undefined,
          },
          volumeMounts: b.volumeMounts ?? [],
        })
        return reply.code(201).send(sandboxBody(sandbox, domain))
      },
    )
  }
}
