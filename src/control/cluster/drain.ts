// Draining a node (`sandock node drain`, run in a control replica): the node is cordoned (no new
// sandboxes or builds; its running sandboxes keep running), then each of its paused sandboxes
// moves to another schedulable node through the registry (node/sandboxes/move.ts) as the same
// sandbox, still paused, and its catalog row with it. Running sandboxes are waited for (they end,
// or auto-pause and then move) up to a timeout, or paused first with `pauseRunning`. A move that
// fails leaves the sandbox on the node, paused and resumable; a re-run finishes what a failed run
// left (a copy on the node whose row names another node is removed once that node has it).
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import type { SandboxInfo } from '../../node/sandboxes/types.js'
import { addLoad, findNode, pickTarget, sortSandboxes, type DrainOptions, type NodeSandboxes } from './drain-plan.js'
import type { NodeReach } from './node-reach.js'
import { allNodes, setSchedulable, type NodeRow } from './nodes.js'
import type { Db } from './pg.js'
import type { RemoteNode } from './remote-node.js'
import * as catalog from './sandbox-placements.js'

export type DrainDeps = Readonly<{
  db: Db
  reach: Pick<NodeReach, 'nodes' | 'remote'>
  log: Logger
  /** One line of the operator's output. */
  out: (line: string) => void
  /** How often running sandboxes are looked at while waiting for them. */
  pollMs?: number
}>

export type DrainReport = {
  moved: Array<{ sandboxId: string; to: string; ms: number; memoryDropped: boolean }>
  failed: Array<{ sandboxId: string; reason: string }>
  stillRunning: string[]
}

const errText = (e: unknown) => (e as Error)?.message ?? String(e)

/** Cordons the node, moves its paused sandboxes, waits for (or pauses) its running ones. */
export async function drainNode(deps: DrainDeps, opts: DrainOptions): Promise<DrainReport> {
  const { db, out } = deps
  findNode(await allNodes(db), opts.nodeId)
  await setSchedulable(db, opts.nodeId, false)
  out(`node ${opts.nodeId} cordoned: no new sandboxes or builds are placed on it`)
  const source = (await deps.reach.nodes()).find((n) => n.nodeId === opts.nodeId)
  if (!source)
    throw new AppError(
      'failed_precondition',
      `node ${opts.nodeId} is not live (no recent heartbeat): its sandboxes cannot be moved until it is back; run the drain again then`,
    )
  const report: DrainReport = { moved: [], failed: [], stillRunning: [] }
  const tried = new Set<string>()
  const deadline = Date.now() + opts.timeoutMs
  let waiting = false
  for (;;) {
    const here = await sandboxesOn(deps, source)
    await finishLeftovers(deps, source, here.leftovers, report)
    if (opts.pauseRunning) await pauseAll(deps, source, here, report)
    await moveAll(
      deps,
      source,
      here.paused.filter((s) => !tried.has(s.sandboxId)),
      report,
    )
    for (const s of here.paused) tried.add(s.sandboxId)
    report.stillRunning = here.running.map((s) => s.sandboxId)
    if (report.stillRunning.length === 0 || Date.now() >= deadline) break
    if (!waiting)
      out(
        `waiting up to ${Math.round((deadline - Date.now()) / 1000)} s for ${here.running.length} running sandbox(es) to end or pause`,
      )
    waiting = true
    await new Promise((r) => setTimeout(r, Math.min(deps.pollMs ?? 2000, Math.max(0, deadline - Date.now()))))
  }
  for (const id of report.stillRunning)
    out(`still running on ${opts.nodeId}: ${id} (pause it, kill it, or drain with --pause-running)`)
  return report
}

async function sandboxesOn(deps: DrainDeps, source: NodeRow): Promise<NodeSandboxes> {
  const listed = await deps.reach.remote(source).list()
  const rows = await catalog.rowsOf(
    deps.db,
    listed.map((s) => s.sandboxId),
  )
  return sortSandboxes(source.nodeId, listed, new Map(rows.map((r) => [r.sandboxId, r.nodeId])))
}

/** Paused here as a filesystem pause (a frozen one would lose its memory in the move anyway). */
async function pauseAll(deps: DrainDeps, source: NodeRow, here: NodeSandboxes, report: DrainReport) {
  const remote = deps.reach.remote(source)
  for (const s of here.running.splice(0)) {
    try {
      await remote.pause(s.sandboxId, { memory: false })
      here.paused.push({ ...s, state: 'paused' })
      deps.out(`paused ${s.sandboxId} to move it (its processes stop; its files move)`)
    } catch (e) {
      if (e instanceof AppError && e.kind === 'conflict') here.paused.push({ ...s, state: 'paused' })
      else if (!(e instanceof AppError && e.kind === 'not_found')) {
        report.failed.push({ sandboxId: s.sandboxId, reason: `pause failed: ${errText(e)}` })
        deps.out(`could not pause ${s.sandboxId}: ${errText(e)}; it keeps running on ${source.nodeId}`)
      }
    }
  }
}

async function moveAll(deps: DrainDeps, source: NodeRow, paused: SandboxInfo[], report: DrainReport) {
  if (paused.length === 0) return
  const live = await deps.reach.nodes()
  const loads = await catalog.loadsByNode(deps.db)
  for (const s of paused) {
    const target = pickTarget(live, loads, source.nodeId, s)
    if (!target) {
      throw new AppError(
        'failed_precondition',
        `no other schedulable node to move ${paused.length - report.moved.length} paused sandbox(es) to: uncordon or add a node, then run the drain again`,
      )
    }
    const moved = await moveOne(deps, source, target, s).catch((e: unknown) => {
      report.failed.push({ sandboxId: s.sandboxId, reason: errText(e) })
      deps.out(`could not move ${s.sandboxId}: ${errText(e)}; it stays on ${source.nodeId}, paused and resumable`)
      return undefined
    })
    if (!moved) continue
    addLoad(loads, target.nodeId, s)
    report.moved.push(moved)
    const lost = moved.memoryDropped ? '; it was frozen: its memory did not move (a filesystem pause now)' : ''
    deps.out(`moved ${s.sandboxId} → ${target.nodeId} (${moved.ms} ms${lost})`)
  }
}

/**
 * One paused sandbox from `source` to `target`: committed and pushed there, created here, its row
 * switched, then the source's copy removed. Throws with the source's copy intact when a step
 * before the switch fails; undefined when it was killed meanwhile (nothing to move).
 */
async function moveOne(deps: DrainDeps, source: NodeRow, target: NodeRow, s: SandboxInfo) {
  const from = deps.reach.remote(source)
  const to = deps.reach.remote(target)
  const t0 = Date.now()
  const moved = await from.moveOut(s.sandboxId).catch(async (e: unknown) => {
    // Its node let go of it already, unless the call was cut short (a timeout): then it lets go now.
    await from.moveAbort(s.sandboxId).catch(() => undefined)
    throw e
  })
  try {
    await to.moveIn(moved)
  } catch (e) {
    await undoMoveIn(deps, from, to, s.sandboxId)
    throw e
  }
  if (!(await switchRow(deps, from, target, s))) {
    await undoMoveIn(deps, from, to, s.sandboxId)
    throw new AppError('conflict', 'it was killed or moved by someone else during the move')
  }
  await from
    .removeMoved(s.sandboxId)
    .catch((e: unknown) =>
      deps.out(`moved ${s.sandboxId}, but its old copy on ${source.nodeId} stays (${errText(e)}): run the drain again`),
    )
  return { sandboxId: s.sandboxId, to: target.nodeId, ms: Date.now() - t0, memoryDropped: moved.memoryDropped }
}

/** The row names the target from now on; false when the sandbox is not the source's any more. */
async function switchRow(deps: DrainDeps, from: RemoteNode, target: NodeRow, s: SandboxInfo): Promise<boolean> {
  const switched = await catalog.switchNode(deps.db, s.sandboxId, from.nodeId, target.nodeId)
  if (switched === 'moved') return true
  if (switched === 'elsewhere') return false
  // No row: a kill during the move removed it (and the source's copy), or it was never recorded.
  if (!(await from.get(s.sandboxId).then(Boolean, () => false))) return false
  await catalog.record(deps.db, { ...s, nodeId: target.nodeId })
  return true
}

async function undoMoveIn(deps: DrainDeps, from: RemoteNode, to: RemoteNode, sandboxId: string) {
  await to
    .removeMoved(sandboxId)
    .catch((err: unknown) =>
      deps.log.warn({ err, sandboxId, nodeId: to.nodeId }, 'removing a failed move’s copy failed'),
    )
  await from.moveAbort(sandboxId).catch(() => undefined)
}

/** A failed run's copies: removed here once the node their row names has the sandbox. */
async function finishLeftovers(
  deps: DrainDeps,
  source: NodeRow,
  leftovers: NodeSandboxes['leftovers'],
  report: DrainReport,
) {
  const live = await deps.reach.nodes()
  for (const { sandboxId, nodeId } of leftovers) {
    const home = live.find((n) => n.nodeId === nodeId)
    const there =
      home &&
      (await deps.reach
        .remote(home)
        .get(sandboxId)
        .then(Boolean, () => false))
    if (!there) {
      report.failed.push({ sandboxId, reason: `its row names ${nodeId}, which does not have it` })
      deps.out(`left ${sandboxId} on ${source.nodeId}: its row names ${nodeId}, which does not have it`)
      continue
    }
    try {
      await deps.reach.remote(source).removeMoved(sandboxId)
      deps.out(`removed the old copy of ${sandboxId} (it lives on ${nodeId})`)
    } catch (e) {
      report.failed.push({ sandboxId, reason: `its old copy could not be removed: ${errText(e)}` })
      deps.out(
        `could not remove the old copy of ${sandboxId} on ${source.nodeId} (it lives on ${nodeId}): ${errText(e)}`,
      )
    }
  }
}
