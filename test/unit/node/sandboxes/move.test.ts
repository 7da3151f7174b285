// Moving a paused sandbox between two nodes on fakes (sandboxes/move.ts): the source commits and
// pushes, the target creates it stopped and paused with what the source kept, a resume there
// reboots it with its env vars; a held sandbox is not resumed on the source; failures leave it there.
import { describe, expect, it } from 'vitest'
import { FakeRuntime } from '../../../support/fake-runtime.js'
import { IMAGE, sandboxFixture } from '../../../support/sandbox-fixture.js'
import type { NodeMover } from '../../../../src/node/sandboxes/move.js'
import { AppError } from '../../../../src/shared/errors.js'

/** A registry between two fake runtimes: push copies an image out of `from`, pull into `to`. */
function twoNodes() {
  const registry = new Set<string>()
  const state = { down: false }
  const source = new FakeRuntime({ images: [IMAGE] })
  const target = new FakeRuntime({ images: [IMAGE] })
  let n = 0
  const mover = (rt: FakeRuntime): NodeMover => ({
    imageOf: (id) => `registry:5000/sandock/moved:${id}-${++n}`,
    push: async (image) => {
      if (state.down) throw new AppError('unavailable', 'cannot push image: registry down')
      if (!rt.images.has(image)) throw new Error(`no image ${image}`)
      registry.add(image)
    },
    pull: async (image) => {
      if (!registry.has(image)) throw new AppError('unavailable', `cannot pull ${image}`)
      if (!rt.images.has(image)) rt.addImage(image)
    },
  })
  return { registry, source, target, mover, state }
}

async function nodes(settings: { gvisor?: boolean } = {}) {
  const t = twoNodes()
  const from = await sandboxFixture({ runtime: t.source, mover: t.mover(t.source), settings })
  // The target derives other tokens (each node has its own seed): a moved sandbox keeps the source's.
  const to = await sandboxFixture({
    runtime: t.target,
    mover: t.mover(t.target),
    settings,
    tokens: { envd: (id) => `target-envd-${id}`, traffic: (id) => `target-traffic-${id}` },
  })
  return { ...t, from, to }
}

describe('moving a paused sandbox', () => {
  it('moves a frozen sandbox as a filesystem pause: same id and settings, stopped on the target, gone from the source', async () => {
    const { from, to, source, target, registry } = await nodes()
    const created = await from.create({
      metadata: { owner: 'a' },
      envVars: { SECRET_ENV: 'v' },
      onTimeout: 'pause',
      autoResume: true,
      egress: { denyOut: ['10.1.2.3'] },
      allowPublicTraffic: false,
    })
    const { sandboxId } = created
    await from.service.pause(sandboxId, { memory: true })
    const moved = await from.service.moveOut(sandboxId)
    expect(moved.memoryDropped).toBe(true)
    expect(registry.has(moved.image)).toBe(true)
    // The frozen container was thawed and stopped before the commit; the pushed image left the source.
    expect(source.journal.filter((j) => j.endsWith(created.containerId)).slice(-3)).toEqual([
      `unpause ${created.containerId}`,
      `stop ${created.containerId}`,
      `commitMove ${created.containerId}`,
    ])
    expect(source.images.has(moved.image)).toBe(false)
    expect(source.movedDirs.get(moved.image)).toEqual([])

    const copy = await to.service.moveIn(moved)
    expect(copy).toMatchObject({
      sandboxId,
      state: 'paused',
      memoryKept: false,
      metadata: { owner: 'a' },
      envVars: { SECRET_ENV: 'v' },
      onTimeout: 'pause',
      autoResume: true,
      envdAccessToken: `envd-${sandboxId}`,
      trafficAccessToken: `traffic-${sandboxId}`,
      egress: created.egress,
      endAt: created.endAt,
    })
    const container = target.containers.get(copy.containerId)!
    expect([container.state, container.image]).toEqual(['stopped', moved.image])

    await from.service.removeMoved(sandboxId)
    expect(() => from.service.get(sandboxId)).toThrow(/doesn't exist/)
    expect(source.containers.size).toBe(0)

    // Resumed on the target: booted from the moved image, its env vars and token sent again.
    const resumed = await to.service.resume(sandboxId, 60)
    expect(resumed.state).toBe('running')
    expect(target.journal).toContain(`restart ${copy.containerId}`)
    expect(to.envd.lastInit(resumed.ip)).toMatchObject({
      envVars: { SECRET_ENV: 'v' },
      accessToken: `envd-${sandboxId}`,
    })
    // And a restart of the target keeps them (its state file holds the tokens as issued).
    const again = await to.restart()
    expect(again.service.get(sandboxId)).toMatchObject({
      envdAccessToken: `envd-${sandboxId}`,
      trafficAccessToken: `traffic-${sandboxId}`,
    })
  })

  it('takes the /tmp volume into the image under gVisor', async () => {
    const { from } = await nodes({ gvisor: true })
    const { sandboxId } = await from.create()
    await from.service.pause(sandboxId, { memory: false })
    const moved = await from.service.moveOut(sandboxId)
    expect(moved.memoryDropped).toBe(false)
    expect(from.runtime.movedDirs.get(moved.image)).toEqual(['/tmp'])
  })

  it('refuses a running sandbox, and leaves one whose push failed paused and resumable, with no image', async () => {
    const { from, source, state } = await nodes()
    const { sandboxId } = await from.create()
    await expect(from.service.moveOut(sandboxId)).rejects.toMatchObject({
      kind: 'failed_precondition',
      message: `sandbox ${sandboxId} is running: only a paused sandbox moves`,
    })
    await from.service.pause(sandboxId, { memory: false })
    source.failNext('commitMove', new AppError('internal', 'commit failed: disk full'))
    await expect(from.service.moveOut(sandboxId)).rejects.toThrow('disk full')
    expect([...source.images.keys()]).toEqual([IMAGE])
    state.down = true
    await expect(from.service.moveOut(sandboxId)).rejects.toThrow('cannot push image: registry down')
    expect(from.service.get(sandboxId).state).toBe('paused')
    expect((await from.service.resume(sandboxId, 60)).state).toBe('running')
  })

  it('holds a moved-out sandbox on the source (no resume) until the move is given up', async () => {
    const { from } = await nodes()
    const { sandboxId } = await from.create()
    await from.service.pause(sandboxId, { memory: false })
    await from.service.moveOut(sandboxId)
    await expect(from.service.resume(sandboxId, 60)).rejects.toMatchObject({
      kind: 'unavailable',
      message: `sandbox ${sandboxId} is being moved to another node; try again in a moment`,
    })
    await from.service.moveAbort(sandboxId)
    expect((await from.service.resume(sandboxId, 60)).state).toBe('running')
  })

  it("replaces a failed move's paused copy on the target, refuses to replace a running one, and removes nothing unknown", async () => {
    const { from, to, target } = await nodes()
    const { sandboxId } = await from.create()
    await from.service.pause(sandboxId, { memory: false })
    const first = await to.service.moveIn(await from.service.moveOut(sandboxId))
    await from.service.moveAbort(sandboxId)
    const second = await to.service.moveIn(await from.service.moveOut(sandboxId))
    expect(second.containerId).not.toBe(first.containerId)
    expect([...target.containers.keys()]).toEqual([second.containerId])
    await to.service.resume(sandboxId, 60)
    await expect(to.service.moveIn(await from.service.moveOut(sandboxId))).rejects.toMatchObject({ kind: 'conflict' })
    await expect(to.service.removeMoved('inoexist0000')).resolves.toBeUndefined()
  })

  it('answers unimplemented on a node without a registry', async () => {
    const f = await sandboxFixture()
    const { sandboxId } = await f.create()
    await f.service.pause(sandboxId, { memory: false })
    await expect(f.service.moveOut(sandboxId)).rejects.toMatchObject({ kind: 'unimplemented' })
  })
})
