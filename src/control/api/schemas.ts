// Wire shapes of the E2B control API (TypeBox): request validation and response filtering.
// E2B spellings (sandboxID, templateID) live here and in the routes that map them.
import { Type, type Static } from 'typebox'
import type { SandboxInfo } from '../../node/sandboxes/types.js'

export const CLIENT_ID = '6532622b' // compat: deprecated field, upstream always sends this value

export const ErrorBody = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  error_code: Type.Optional(Type.String()),
})
export const SandboxParams = Type.Object({ sandboxID: Type.String({ minLength: 1, maxLength: 128 }) })

const StringMap = (maxProperties: number, maxValue: number) =>
  Type.Record(Type.String({ maxLength: 256 }), Type.String({ maxLength: maxValue }), { maxProperties })

const AddressList = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 1000 })
/** network.allowOut/denyOut/egressProxy/rules, in a create and in `PUT .../network`. */
const egressFields = {
  allowOut: Type.Optional(Type.Union([AddressList, Type.Null()])),
  denyOut: Type.Optional(Type.Union([AddressList, Type.Null()])),
  egressProxy: Type.Optional(Type.Unknown()),
  rules: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
}

export const NetworkUpdate = Type.Object({
  ...egressFields,
  allow_internet_access: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
})

const VolumeMount = Type.Object({ name: Type.String({ maxLength: 256 }), path: Type.String({ maxLength: 4096 }) })

export const NewSandbox = Type.Object({
  templateID: Type.String({ minLength: 1, maxLength: 256 }),
  timeout: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  metadata: Type.Optional(Type.Union([StringMap(256, 4096), Type.Null()])),
  envVars: Type.Optional(Type.Union([StringMap(1000, 131072), Type.Null()])),
  secure: Type.Optional(Type.Boolean()),
  allow_internet_access: Type.Optional(Type.Boolean()),
  autoPause: Type.Optional(Type.Boolean()),
  autoPauseMemory: Type.Optional(Type.Boolean()),
  autoResume: Type.Optional(Type.Union([Type.Object({ enabled: Type.Boolean() }), Type.Null()])),
  volumeMounts: Type.Optional(Type.Union([Type.Array(VolumeMount, { maxItems: 64 }), Type.Null()])),
  // Workload identity tokens: checked, then refused (no token issuer here; egress/validate.ts).
  iam: Type.Optional(Type.Unknown()),
  // Unknown fields are ignored (compat).
  network: Type.Optional(
    Type.Union([
      Type.Object({
        allowPublicTraffic: Type.Optional(Type.Boolean()),
        ...egressFields,
        maskRequestHost: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
        httpsPorts: Type.Optional(Type.Union([Type.Array(Type.Integer(), { maxItems: 1024 }), Type.Null()])),
      }),
      Type.Null(),
    ]),
  ),
})
export type NewSandbox = Static<typeof NewSandbox>

export const Sandbox = Type.Object({
  sandboxID: Type.String(),
  templateID: Type.String(),
  clientID: Type.String(),
  envdVersion: Type.String(),
  alias: Type.Optional(Type.String()),
  domain: Type.Union([Type.String(), Type.Null()]),
  envdAccessToken: Type.Optional(Type.String()),
  trafficAccessToken: Type.Union([Type.String(), Type.Null()]),
})

const listedFields = {
  templateID: Type.String(),
  alias: Type.Optional(Type.String()),
  sandboxID: Type.String(),
  clientID: Type.String(),
  startedAt: Type.String(),
  endAt: Type.String(),
  cpuCount: Type.Integer(),
  memoryMB: Type.Integer(),
  diskSizeMB: Type.Integer(),
  metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
  state: Type.String(),
  envdVersion: Type.String(),
  // compat: always an array, running or paused (the SDK defaults to []).
  volumeMounts: Type.Array(VolumeMount),
}
export const ListedSandbox = Type.Object(listedFields)

export const SandboxDetail = Type.Object({
  ...listedFields,
  envdAccessToken: Type.Optional(Type.String()),
  allowInternetAccess: Type.Union([Type.Boolean(), Type.Null()]),
  domain: Type.Union([Type.String(), Type.Null()]),
  lifecycle: Type.Object({ autoResume: Type.Boolean(), onTimeout: Type.String() }),
  // compat: omitted when the sandbox has no network settings (as upstream).
  network: Type.Optional(
    Type.Object({
      allowPublicTraffic: Type.Boolean(),
      allowOut: Type.Array(Type.String()),
      denyOut: Type.Array(Type.String()),
      // As stored: placeholders unresolved; the proxy without its password.
      rules: Type.Optional(
        Type.Record(
          Type.String(),
          Type.Array(
            Type.Object({
              transform: Type.Optional(
                Type.Object({ headers: Type.Optional(Type.Record(Type.String(), Type.String())) }),
              ),
            }),
          ),
        ),
      ),
      egressProxy: Type.Optional(Type.Object({ address: Type.String(), username: Type.Optional(Type.String()) })),
      maskRequestHost: Type.Optional(Type.String()),
      httpsPorts: Type.Optional(Type.Array(Type.Integer())),
    }),
  ),
})

export const SandboxMetric = Type.Object({
  timestamp: Type.String(),
  timestampUnix: Type.Integer(),
  cpuCount: Type.Integer(),
  cpuUsedPct: Type.Number(),
  memUsed: Type.Integer(),
  memTotal: Type.Integer(),
  memCache: Type.Integer(),
  diskUsed: Type.Integer(),
  diskTotal: Type.Integer(),
})

export const SnapshotInfo = Type.Object({ snapshotID: Type.String(), names: Type.Array(Type.String()) })

export const TimeoutBody = Type.Object({ timeout: Type.Integer({ minimum: -2147483648, maximum: 2147483647 }) })
export const ConnectBody = Type.Object({
  timeout: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  memory: Type.Optional(Type.Boolean()),
})

export function sandboxBody(r: SandboxInfo, domain: string) {
  return {
    sandboxID: r.sandboxId,
    templateID: r.templateId,
    clientID: CLIENT_ID,
    envdVersion: r.envdVersion,
    alias: r.alias,
    domain: domain || null,
    envdAccessToken: r.envdAccessToken,
    trafficAccessToken: r.trafficAccessToken ?? null,
  }
}

export function listedBody(r: SandboxInfo) {
  return {
    templateID: r.templateId,
    alias: r.alias,
    sandboxID: r.sandboxId,
    clientID: CLIENT_ID,
    startedAt: r.startedAt.toISOString(),
    endAt: r.endAt.toISOString(),
    cpuCount: r.cpuCount,
    memoryMB: r.memoryMB,
    diskSizeMB: r.diskSizeMB,
    metadata: r.metadata,
    state: r.state,
    envdVersion: r.envdVersion,
    volumeMounts: r.volumeMounts.map(({ name, path }) => ({ name, path })),
  }
}

/** Whether the sandbox has any network setting (upstream omits `network` from its detail otherwise). */
const hasNetwork = (r: SandboxInfo) =>
  !r.allowPublicTraffic ||
  r.egress.allowOut.length > 0 ||
  r.egress.denyOut.length > 0 ||
  r.egress.rules !== undefined ||
  r.egress.egressProxy !== undefined ||
  r.ingress?.maskRequestHost !== undefined ||
  r.ingress?.httpsPorts !== undefined

export function detailBody(r: SandboxInfo, domain: string) {
  return {
    ...listedBody(r),
    envdAccessToken: r.envdAccessToken,
    allowInternetAccess: r.internetAccess,
    domain: domain || null,
    lifecycle: { autoResume: r.autoResume, onTimeout: r.onTimeout },
    ...(hasNetwork(r)
      ? {
          network: {
            allowPublicTraffic: r.allowPublicTraffic,
            allowOut: [...r.egress.allowOut],
            denyOut: [...r.egress.denyOut],
            ...(r.egress.rules ? { rules: r.egress.rules } : {}),
            ...(r.ingress?.maskRequestHost !== undefined ? { maskRequestHost: r.ingress.maskRequestHost } : {}),
            ...(r.ingress?.httpsPorts ? { httpsPorts: [...r.ingress.httpsPorts] } : {}),
            ...(r.egress.egressProxy
              ? {
                  egressProxy: {
                    address: r.egress.egressProxy.address,
                    ...(r.egress.egressProxy.username ? { username: r.egress.egressProxy.username } : {}),
                  },
                }
              : {}),
          },
        }
      : {}),
  }
}
