// The cluster's volumes on a real PostgreSQL and a directory two "replicas" and a "node" share:
// one host's behaviour and error texts (names, ids, 400/404), one store for every replica (create
// through one, content and delete through the other), a name taken once under concurrent creates
// from both, a delete done once (data removed, the name free again), a node's claim keeping a
// deleted volume's placeholder until its Docker volume went, and the marker check that refuses a
// directory that is not the shared one.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createClusterVolumes } from '../../../../src/control/cluster/cluster-volumes.js'
import { PgVolumeStore } from '../../../../src/control/cluster/pg-volume-store.js'
import { createDb, migrate, type Db } from '../../../../src/control/cluster/pg.js'
import {
  checkSharedVolumesDir,
  MARKER_FILE,
  SharedVolumesDirError,
} from '../../../../src/control/cluster/shared-volumes-dir.js'
import type { BackedVolume, VolumeRuntime } from '../../../../src/node/runtime/types.js'
import { rejection } from '../../../support/async.js'
import { createDatabase, postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

const log = pino({ level: 'silent' })
let server: TestPostgres | undefined
let n = 0
beforeAll(async () => {
  if (postgresAvailable()) server = await startPostgres()
}, 60_000)
afterAll(() => server?.stop())

/** A fresh database with `pools` pools on it (a replica or node each), and a fresh shared directory. */
async function fresh(pools = 2): Promise<{ dbs: Db[]; dir: string }> {
  const url = await createDatabase(server!.url, `volumes_${process.pid}_${n++}`)
  const dbs = Array.from({ length: pools }, () => createDb(url))
  const dir = await mkdtemp(join(tmpdir(), 'sandock-shared-volumes-'))
  onTestFinished(async () => {
    await Promise.all(dbs.map((d) => d.end()))
    await rm(dir, { recursive: true, force: true })
  })
  await migrate(dbs[0]!)
  return { dbs, dir }
}

const failure = async (p: Promise<unknown>) => {
  const e = await rejection<Error & { kind: string }>(p)
  return `${e.kind}: ${e.message}`
}
const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  )
const upload = (s: string) => Readable.from([Buffer.from(s)])

/** A node's Docker volumes, in memory: `inUse` ones refuse removal as Docker does. */
function memoryRuntime() {
  const volumes = new Map<string, BackedVolume & { hostDir: string }>()
  const inUse = new Set<string>()
  const runtime: VolumeRuntime = {
    async createVolume(v, hostDir) {
      if (!volumes.has(v.volumeId)) volumes.set(v.volumeId, { ...v, hostDir })
    },
    async removeVolume(volumeId) {
      if (!volumes.has(volumeId)) return 'missing'
      if (inUse.has(volumeId)) return 'in_use'
      volumes.delete(volumeId)
      return 'removed'
    },
    async listVolumes() {
      return [...volumes.values()]
    },
  }
  return { runtime, volumes, inUse }
}

describe("the cluster's volume store (PostgreSQL and a shared directory)", () => {
  const needsPg = (skip: (note: string) => void) => {
    if (!server) skip('postgresql-15 is not installed')
  }

  it('answers as one host does: names, ids, the error texts, oldest first', async ({ skip }) => {
    needsPg(skip)
    const { dbs, dir } = await fresh(1)
    const s = new PgVolumeStore(dbs[0]!, dir, log)
    await s.start()
    expect(await failure(s.create('bad name'))).toBe('invalid_argument: Invalid volume name')
    expect(await failure(s.create('x'.repeat(129)))).toBe('invalid_argument: Invalid volume name')
    const a = await s.create('alpha')
    const b = await s.create('beta')
    expect(a.volumeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(await failure(s.create('alpha'))).toBe("invalid_argument: Volume with name 'alpha' already exists")
    expect((await s.list()).map((v) => v.name)).toEqual(['alpha', 'beta'])
    expect((await s.get(a.volumeId.toUpperCase())).name).toBe('alpha')
    expect(await failure(s.get('nope'))).toBe('invalid_argument: Invalid volume ID')
    expect(await failure(s.get('00000000-0000-4000-8000-000000000000'))).toBe('not_found: Volume not found')
    expect(await failure(s.remove('00000000-0000-4000-8000-000000000000'))).toBe('not_found: Volume not found')
    // The data directory: the sandbox user's (as root), as one host makes it.
    const st = await stat(join(dir, b.volumeId))
    expect(st.isDirectory()).toBe(true)
    if (process.getuid?.() === 0) expect([st.uid, st.gid]).toEqual([1000, 1000])
    // Paths stay inside the volume (`..` stops at its root, as one host's content API does).
    const fs = await s.content(a.volumeId)
    await (await s.content(b.volumeId)).write('secret.txt', upload('b only'), { force: false })
    expect(await failure(fs.read(`../${b.volumeId}/secret.txt`))).toBe(
      `not_found: path /${b.volumeId}/secret.txt not found`,
    )
    await fs.write('../../escape.txt', upload('x'), { force: false })
    expect(await readFile(join(dir, a.volumeId, 'escape.txt'), 'utf8')).toBe('x')
    expect(await exists(join(dir, 'escape.txt'))).toBe(false)
    expect(await exists(join(dir, '..', 'escape.txt'))).toBe(false)
  })

  it('is one store for two replicas: created through one, written, listed and deleted through the other', async ({
    skip,
  }) => {
    needsPg(skip)
    const { dbs, dir } = await fresh(2)
    const viaA = new PgVolumeStore(dbs[0]!, dir, log)
    const viaB = new PgVolumeStore(dbs[1]!, dir, log)
    await Promise.all([viaA.start(), viaB.start()])
    const v = await viaA.create('shared')
    expect((await viaB.get(v.volumeId)).name).toBe('shared')
    expect((await viaB.byName('shared'))?.volumeId).toBe(v.volumeId)
    await (await viaB.content(v.volumeId)).write('dir/hello.txt', upload('from B'), { force: true })
    const { stream } = await (await viaA.content(v.volumeId)).read('dir/hello.txt')
    expect(await text(stream)).toBe('from B')
    expect(await readFile(join(dir, v.volumeId, 'dir/hello.txt'), 'utf8')).toBe('from B')

    // Deleted through both at once: one delete wins, the other is a 404; the data goes once.
    const both = await Promise.allSettled([viaA.remove(v.volumeId), viaB.remove(v.volumeId)])
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const lost = both.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect((lost.reason as Error).message).toBe('Volume not found')
    expect(await failure(viaA.get(v.volumeId))).toBe('not_found: Volume not found')
    expect(await failure(viaB.content(v.volumeId))).toBe('not_found: Volume not found')
    expect(await viaB.list()).toEqual([])
    // No node held it: the row, the data and the placeholder go (in the background).
    await vi.waitFor(
      async () => {
        expect(await exists(join(dir, v.volumeId))).toBe(false)
        expect(await readdir(join(dir, '.trash'))).toEqual([])
        expect((await dbs[0]!.query('SELECT * FROM volumes')).rows).toEqual([])
      },
      { timeout: 5000 },
    )
    // The name is free again, for a new volume.
    const again = await viaB.create('shared')
    expect(again.volumeId).not.toBe(v.volumeId)
    expect(await readdir(join(dir, again.volumeId))).toEqual([])
  })

  it('takes a name once when both replicas create it at the same time, leaving no stray directory', async ({
    skip,
  }) => {
    needsPg(skip)
    const { dbs, dir } = await fresh(2)
    const stores = dbs.map((db) => new PgVolumeStore(db, dir, log))
    await Promise.all(stores.map((s) => s.start()))
    for (let round = 0; round < 5; round++) {
      const name = `race-${round}`
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => stores[i % 2]!.create(name)))
      const won = results.filter((r) => r.status === 'fulfilled')
      expect(won).toHaveLength(1)
      for (const r of results)
        if (r.status === 'rejected')
          expect((r.reason as Error).message).toBe(`Volume with name '${name}' already exists`)
    }
    const live = await stores[1]!.list()
    expect(live.map((v) => v.name).sort()).toEqual(['race-0', 'race-1', 'race-2', 'race-3', 'race-4'])
    // Only the winners' data directories (and the trash, the marker-free root) remain.
    expect((await readdir(dir)).filter((e) => !e.startsWith('.')).sort()).toEqual(live.map((v) => v.volumeId).sort())
  })

  it("keeps a deleted volume's placeholder while a node's Docker volume of it is in use, and purges it after", async ({
    skip,
  }) => {
    needsPg(skip)
    const { dbs, dir } = await fresh(2)
    const store = new PgVolumeStore(dbs[0]!, dir, log)
    await store.start()
    const node = memoryRuntime()
    const volumes = createClusterVolumes({ db: dbs[1]!, runtime: node.runtime, nodeId: 'n1', volumesDir: dir, log })
    onTestFinished(() => volumes.close())
    const v = await store.create('mounted')
    await (await store.content(v.volumeId)).write('data.bin', upload('payload'), { force: false })

    // A create's names: loaded from PostgreSQL, a Docker volume bound to the volume's directory.
    expect(volumes.idOf('mounted')).toBeUndefined()
    await volumes.prepare!(['mounted', 'missing', 'mounted'])
    expect(volumes.idOf('mounted')).toBe(v.volumeId)
    expect(volumes.idOf('missing')).toBeUndefined()
    expect(node.volumes.get(v.volumeId)?.hostDir).toBe(join(dir, v.volumeId))
    expect((await dbs[0]!.query('SELECT node_id FROM volume_nodes')).rows).toEqual([{ node_id: 'n1' }])

    // Deleted while a sandbox uses it: the data goes now, an empty placeholder stays for the mount.
    node.inUse.add(v.volumeId)
    await store.remove(v.volumeId)
    await vi.waitFor(async () => expect(await readdir(join(dir, '.trash'))).toEqual([]), { timeout: 5000 })
    const placeholder = await stat(join(dir, v.volumeId))
    expect(placeholder.mode & 0o777).toBe(0o555)
    expect(await readdir(join(dir, v.volumeId))).toEqual([])
    await volumes.sweep()
    expect(node.volumes.has(v.volumeId)).toBe(true)
    expect((await dbs[0]!.query('SELECT deleted_at IS NOT NULL AS d FROM volumes')).rows).toEqual([{ d: true }])
    // The name resolves to nothing for a new create, as one host's 400 needs.
    await volumes.prepare!(['mounted'])
    expect(volumes.idOf('mounted')).toBeUndefined()

    // The container went: the sweep removes the Docker volume, the claim, the row and the placeholder.
    node.inUse.delete(v.volumeId)
    await volumes.sweep()
    expect(node.volumes.has(v.volumeId)).toBe(false)
    expect((await dbs[0]!.query('SELECT * FROM volumes')).rows).toEqual([])
    expect((await dbs[0]!.query('SELECT * FROM volume_nodes')).rows).toEqual([])
    expect(await exists(join(dir, v.volumeId))).toBe(false)
  })

  it('refuses a volumes directory that is not the shared one, and accepts the shared one from every process', async ({
    skip,
  }) => {
    needsPg(skip)
    const { dbs, dir } = await fresh(2)
    await checkSharedVolumesDir(dbs[0]!, dir)
    const marker = (await readFile(join(dir, MARKER_FILE), 'utf8')).trim()
    expect(marker).toMatch(/^[0-9a-f]{32}$/)
    // Another process on the same (shared) directory: accepted, the marker unchanged.
    await checkSharedVolumesDir(dbs[1]!, dir)
    expect((await readFile(join(dir, MARKER_FILE), 'utf8')).trim()).toBe(marker)
    // A process whose directory is a local one with the same path (no shared mount): refused.
    const local = await mkdtemp(join(tmpdir(), 'sandock-local-volumes-'))
    onTestFinished(() => rm(local, { recursive: true, force: true }))
    const e = await rejection<Error>(checkSharedVolumesDir(dbs[1]!, local, 300))
    expect(e).toBeInstanceOf(SharedVolumesDirError)
    expect(e.message).toContain(`SANDOCK_VOLUMES_DIR (${local}) is not the cluster's shared volumes directory`)
    expect(e.message).toContain(`${MARKER_FILE} is missing`)
    expect(await exists(join(local, MARKER_FILE))).toBe(false)
  })
})
