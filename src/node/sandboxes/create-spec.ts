// A create's request checked and turned into the sandbox's spec: its timeout within the server's
// bounds, and the spec (the same whether a pool container or a cold start serves it).
import { AppError } from '../../shared/errors.js'
import type { ResolvedTemplate } from '../builds/template-model.js'
import type { SandboxSettings } from './settings.js'
import type { CreateSandboxRequest, SandboxSpec } from './types.js'

/** The create's timeout in seconds (the default when it names none); invalid_argument outside (0, max]. */
export function createTimeoutS(
  req: Pick<CreateSandboxRequest, 'timeoutS'>,
  settings: Pick<SandboxSettings, 'defaultTimeoutS' | 'maxTimeoutS'>,
): number {
  const timeoutS = req.timeoutS ?? settings.defaultTimeoutS
  if (timeoutS <= 0) throw new AppError('invalid_argument', 'timeout: Timeout must be greater than 0')
  if (timeoutS > settings.maxTimeoutS)
    throw new AppError('invalid_argument', `timeout: Timeout cannot be greater than ${settings.maxTimeoutS} seconds`)
  return timeoutS
}

/** The spec of the sandbox `sandboxId` a create makes from `template`, with its checked parts. */
export function sandboxSpec(
  sandboxId: string,
  template: ResolvedTemplate,
  req: CreateSandboxRequest,
  checked: { timeoutS: number; ingress: SandboxSpec['ingress']; volumeMounts: SandboxSpec['volumeMounts'] },
): SandboxSpec {
  const { ingress } = checked
  return {
    sandboxId,
    templateId: template.templateId,
    alias: template.alias,
    metadata: req.metadata,
    timeoutMs: checked.timeoutS * 1000,
    onTimeout: req.onTimeout,
    ...(req.onTimeout === 'pause' && req.autoPauseMemory === false ? { autoPauseMemory: false } : {}),
    autoResume: req.autoResume,
    secure: req.secure,
    allowPublicTraffic: req.allowPublicTraffic,
    allowInternetAccess: req.allowInternetAccess,
    cpuCount: template.cpuCount,
    memoryMB: template.memoryMB,
    startedAt: new Date(),
    ...(ingress ? { ingress } : {}),
    volumeMounts: checked.volumeMounts,
  }
}
