// Placing a create in the cluster: the nodes ranked for the template (placement.ts) under a
// reservation in the sandbox catalog (so replicas never overcommit a node), tried in turn while
// one fails with a retryable error, and the sandbox recorded on the node that made it.
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import type { TemplateResolver } from '../../node/builds/template-model.js'
import type { CreateSandboxRequest, SandboxInfo } from '../../node/sandboxes/types.js'
import type { NodeReach } from './node-reach.js'
import type { NodeRow } from './nodes.js'
import type { Db } from './pg.js'
import { rankNodes } from './placement.js'
import * as catalog from './sandbox-placements.js'

/** A create tries at most this many nodes. */
const CREATE_ATTEMPTS = 3

/** Errors after which a create is tried on another node: the node is gone, broken or full. */
const retryable = (e: unknown) =>
  e instanceof AppError &&
  ['unavailable', 'internal', 'unknown', 'resource_exhausted', 'deadline_exceeded'].includes(e.kind)

export type PlaceDeps = Readonly<{
  db: Db
  log: Logger
  /** SANDOCK_MAX_SANDBOXES, across every replica. */
  maxSandboxes: number
  resolve: TemplateResolver
  reach: Pick<NodeReach, 'nodes' | 'remote'>
  /** Told of each sandbox placed (the template catalog's spawn count); never throws. */
  spawned?: ((templateId: string) => void) | undefined
}>

/** Creates the sandbox on the best node that takes it. */
export async function placeCreate(deps: PlaceDeps, req: CreateSandboxRequest): Promise<SandboxInfo> {
  const { db, log } = deps
  const { nodes, remote } = deps.reach
  const template = await deps.resolve(req.templateRef)
  const live = await nodes()
  const want = {
    templateRef: req.templateRef,
    templateId: template.templateId,
    alias: template.alias,
    image: template.image,
    cpuCount: template.cpuCount,
    memoryMB: template.memoryMB,
  }
  let ranked: NodeRow[] = []
  const reservation = await catalog.reserve(db, {
    max: deps.maxSandboxes,
    cpuCount: template.cpuCount,
    memoryMB: template.memoryMB,
    choose: (loads) => (ranked = rankNodes(live, loads, want))[0]?.nodeId,
  })
  if (!reservation) throw new AppError('unavailable', 'no node can take a sandbox: every node is down or cordoned')
  let lastError: unknown
  try {
    for (const candidate of ranked.slice(0, CREATE_ATTEMPTS)) {
      if (candidate.nodeId !== reservation.nodeId) await catalog.moveReservation(db, reservation, candidate.nodeId)
      let sandbox: SandboxInfo
      try {
        sandbox = await remote(candidate).create(req)
      } catch (e) {
        if (!retryable(e)) throw e
        lastError = e
        log.warn({ err: e, nodeId: candidate.nodeId }, 'create failed on a node; trying another')
        continue
      }
      const row = { sandboxId: sandbox.sandboxId, nodeId: candidate.nodeId, templateId: sandbox.templateId }
      try {
        await catalog.record(db, { ...row, cpuCount: sandbox.cpuCount, memoryMB: sandbox.memoryMB }, reservation)
      } catch (e) {
        // Unrecorded (PostgreSQL went away), the sandbox would be nobody's while the caller is
        // told the create failed: it goes, and no other node is tried.
        await remote(candidate)
          .kill(sandbox.sandboxId)
          .catch((err: unknown) => log.warn({ err, ...row }, 'an unrecorded sandbox could not be killed'))
        throw e
      }
      log.info(row, 'sandbox placed')
      deps.spawned?.(sandbox.templateId)
      return sandbox
    }
    throw lastError
  } finally {
    await catalog.release(db, reservation).catch((err: unknown) => {
      // PostgreSQL away: released once it is back (else it would count against the limit until it expires).
      log.warn({ err }, 'releasing a reservation failed; trying again')
      void releaseLater(db, reservation, log)
    })
  }
}

/** How often, and for how long, a reservation whose release failed is released again. */
const RELEASE_RETRY_MS = 2000
const RELEASE_RETRY_FOR_MS = 10 * 60_000

async function releaseLater(db: Db, reservation: catalog.Reservation, log: Logger): Promise<void> {
  const until = Date.now() + RELEASE_RETRY_FOR_MS
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, RELEASE_RETRY_MS).unref())
    if (
      await catalog.release(db, reservation).then(
        () => true,
        () => false,
      )
    )
      return
  }
  log.warn({ reservationId: reservation.reservationId }, 'a reservation could not be released; it expires')
}
