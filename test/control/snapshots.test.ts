// Snapshots and fork with the SDK: a snapshot is the sandbox's filesystem as a template; forks are
// independent sandboxes (own id and token) started from their source's filesystem.
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { Sandbox } from 'e2b'
import { docker } from '../support/docker.js'
import { createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts } from '../support/control-sdk.js'
import { sharedServer, trackSandbox } from '../support/control-server.js'
import { unique } from '../support/async.js'

printServerLogsOnFailure()

let source: Sandbox
beforeAll(async () => {
  source = await createSandbox({ envs: { FOO: 'from-source' }, metadata: { role: 'source' } })
  await source.files.write('state.txt', 'written before the snapshot')
})
afterAll(async () => {
  await killQuietly(source?.sandboxId)
  // The snapshots forks start from are unlisted: remove this file's by their label.
  const images = (await docker('images', '-q', '--filter', `label=sandock.fork-of=${source?.sandboxId}`))
    .split('\n')
    .filter(Boolean)
  if (images.length > 0) await docker('rmi', '-f', ...new Set(images)).catch(() => undefined)
})

const track = (s: Sandbox) => {
  trackSandbox(sharedServer(), s.sandboxId)
  onTestFinished(() => killQuietly(s.sandboxId))
  return s
}

it('creates a snapshot, lists it, starts sandboxes from its id and name, and deletes it once unused', async () => {
  const name = unique('snap').toLowerCase()
  const snap = await source.createSnapshot({ name })
  expect(snap.snapshotId).toMatch(/^[a-z0-9]+$/)
  expect(snap.names).toEqual([name])
  const listed = await Sandbox.listSnapshots({ ...sdkOpts(), sandboxId: source.sandboxId }).nextItems()
  expect(listed.map((s) => s.snapshotId)).toContain(snap.snapshotId)

  const byId = track(await Sandbox.create(snap.snapshotId, sdkOpts()))
  expect(await byId.files.read('state.txt')).toBe('written before the snapshot')
  expect((await byId.getInfo()).templateId).toBe(snap.snapshotId)
  const byName = track(await Sandbox.create(name, sdkOpts()))
  expect(await byName.files.read('state.txt')).toBe('written before the snapshot')

  // Still used by two sandboxes: refused, and nothing is lost.
  await expect(Sandbox.deleteSnapshot(snap.snapshotId, sdkOpts())).rejects.toThrow(/in use/)
  await byId.kill()
  await byName.kill()
  expect(await Sandbox.deleteSnapshot(snap.snapshotId, sdkOpts())).toBe(true)
  expect(await Sandbox.deleteSnapshot(snap.snapshotId, sdkOpts())).toBe(false)
  expect(await docker('images', '-q', `sandock/snapshot:${snap.snapshotId}`)).toBe('')
})

it('pages the snapshot list with limit 1', async () => {
  const a = await source.createSnapshot()
  const b = await source.createSnapshot()
  onTestFinished(async () => {
    for (const s of [a, b]) await Sandbox.deleteSnapshot(s.snapshotId, sdkOpts()).catch(() => undefined)
  })
  const pager = Sandbox.listSnapshots({ ...sdkOpts(), sandboxId: source.sandboxId, limit: 1 })
  const seen: string[] = []
  while (pager.hasNext) {
    const items = await pager.nextItems()
    expect(items.length).toBe(1)
    seen.push(items[0]!.snapshotId)
  }
  expect(seen).toEqual(expect.arrayContaining([a.snapshotId, b.snapshotId]))
  expect(new Set(seen).size).toBe(seen.length)
})

it('forks three independent sandboxes with their own ids and tokens', async () => {
  const forks = await source.fork({ count: 3 })
  expect(forks).toHaveLength(3)
  const sandboxes = forks.map((f) => {
    if (f instanceof Error) throw f
    return track(f)
  })
  const ids = new Set([source.sandboxId, ...sandboxes.map((s) => s.sandboxId)])
  expect(ids.size).toBe(4)
  const tokens = new Set(sandboxes.map((s) => (s as unknown as { envdAccessToken?: string }).envdAccessToken))
  expect(tokens.size).toBe(3)
  for (const [i, f] of sandboxes.entries()) {
    expect(await f.files.read('state.txt')).toBe('written before the snapshot')
    expect((await f.commands.run('echo $FOO')).stdout).toBe('from-source\n')
    await f.files.write('mine.txt', `fork ${i}`)
  }
  // Independent: each fork's write stays its own; the source never sees them.
  for (const [i, f] of sandboxes.entries()) expect(await f.files.read('mine.txt')).toBe(`fork ${i}`)
  expect(await source.files.exists('mine.txt')).toBe(false)
})

it('refuses a fork count out of 1..100 and a fork of an unknown sandbox', async () => {
  const res = await fetch(`${sdkOpts().apiUrl}/sandboxes/${source.sandboxId}/fork`, {
    method: 'POST',
    headers: { 'x-api-key': sdkOpts().apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ count: 101 }),
  })
  expect(res.status).toBe(400)
  await expect(Sandbox.fork('unknown0sandbox', { ...sdkOpts() })).rejects.toThrow(/not found|doesn't exist/i)
})

/** The unlisted fork images of `source` still tagged (one per fork call). */
const forkImages = async () =>
  (
    await docker(
      'images',
      '--format',
      '{{.Repository}}:{{.Tag}}',
      '--filter',
      `label=sandock.fork-of=${source.sandboxId}`,
    )
  )
    .split('\n')
    .filter((l) => l && !l.includes('<none>'))

it("removes a fork's image once no sandbox runs from it, and keeps it while one does", async () => {
  const before = new Set(await forkImages())
  const forks = (await source.fork({ count: 2 })).map((f) => {
    if (f instanceof Error) throw f
    return track(f)
  })
  const [image] = (await forkImages()).filter((i) => !before.has(i))
  expect(image, 'the fork image').toMatch(/^sandock\/snapshot:/)
  // One fork gone, the other still running (and paused: its container still needs the image).
  await forks[0]!.kill()
  await forks[1]!.pause()
  expect(await forkImages()).toContain(image)
  expect(await docker('images', '-q', image!)).not.toBe('')
  await Sandbox.connect(forks[1]!.sandboxId, sdkOpts())
  expect(await forks[1]!.files.read('state.txt')).toBe('written before the snapshot')
  await forks[1]!.kill()
  expect(await docker('images', '-q', image!)).toBe('')
  // Neither listed nor usable as a template any more.
  await expect(Sandbox.create(image!.split(':')[1]!, sdkOpts())).rejects.toThrow()
})

it('keeps a snapshot taken of a fork (listed, usable) after the fork and its image are gone', async () => {
  const before = new Set(await forkImages())
  const [fork] = (await source.fork({ count: 1 })).map((f) => {
    if (f instanceof Error) throw f
    return track(f)
  })
  const [image] = (await forkImages()).filter((i) => !before.has(i))
  await fork!.files.write('fork-only.txt', 'made in the fork')
  const snap = await fork!.createSnapshot()
  onTestFinished(async () => {
    await Sandbox.deleteSnapshot(snap.snapshotId, sdkOpts()).catch(() => undefined)
  })
  await fork!.kill()
  // The fork image's tag is gone (its layers live on under the snapshot).
  expect(await docker('images', '-q', image!)).toBe('')
  const listed = await Sandbox.listSnapshots({ ...sdkOpts(), sandboxId: fork!.sandboxId }).nextItems()
  expect(listed.map((s) => s.snapshotId)).toEqual([snap.snapshotId])
  const fromSnap = track(await Sandbox.create(snap.snapshotId, sdkOpts()))
  expect(await fromSnap.files.read('fork-only.txt')).toBe('made in the fork')
  expect(await fromSnap.files.read('state.txt')).toBe('written before the snapshot')
})
