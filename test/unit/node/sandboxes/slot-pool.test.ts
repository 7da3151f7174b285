// The network slot pool's policy over an in-memory slot runtime: spares made ahead, a returned slot
// reused first once scrubbed, a failed scrub destroys, a slot of an earlier run is never reused,
// and a clean stop leaves nothing. (The scrub itself runs against real Docker in
// test/control/network-slots.test.ts.)
import { describe, expect, it } from 'vitest'
import type { NetworkSlot, SlotRuntime } from '../../../../src/node/runtime/types.js'
import { parseState } from '../../../../src/node/runtime/network-slots.js'
import { createSlotPool } from '../../../../src/node/sandboxes/slot-pool.js'
import { createLogger } from '../../../../src/shared/logging.js'

const log = createLogger({ level: 'silent', name: 'test' })

function fakeSlots(opts: { failScrub?: Set<string> } = {}) {
  let n = 0
  const live = new Map<string, { joined: boolean }>()
  const prepared: string[] = []
  const scrubbed: string[] = []
  const rt: SlotRuntime = {
    async create(network) {
      const holderId = `h${++n}`
      live.set(holderId, { joined: false })
      return { holderId, ip: `10.0.0.${n}`, network }
    },
    async prepare(slot, hostname) {
      prepared.push(`${slot.holderId}:${hostname}`)
    },
    async scrub(holderId) {
      scrubbed.push(holderId)
      if (opts.failScrub?.has(holderId)) throw new Error('left over')
    },
    async destroy(holderId) {
      live.delete(holderId)
    },
    async foreign() {
      return []
    },
    async list() {
      return [...live].map(([holderId, v]) => ({ holderId, network: 'net', joined: v.joined }))
    },
  }
  return { rt, live, prepared, scrubbed }
}

const settings = { network: 'net', networkSlots: { spare: 2, image: 'img' }, gvisor: false }
const settle = () => new Promise((r) => setTimeout(r, 5))

describe('the network slot pool', () => {
  it('keeps spares ready, and hands a returned slot out first once scrubbed', async () => {
    const f = fakeSlots()
    const pool = createSlotPool({ runtime: { slots: f.rt }, settings, log })
    pool.kick()
    await settle()
    expect(pool.freeHolders()).toEqual(['h1', 'h2'])
    const a = await pool.acquire('sandboxaaaaaaaaa', 'net')
    expect(a?.holderId).toBe('h1')
    expect(f.prepared).toEqual(['h1:sandboxaaaaa'])
    pool.joined('c1', a!.slot)
    await settle()
    pool.released('c1')
    await settle()
    expect(f.scrubbed).toEqual(['h1'])
    expect((await pool.acquire('sandboxbbbbbbbbb', 'net'))?.holderId).toBe('h1')
  })

  it('destroys a slot that fails its scrub, and never hands it out again', async () => {
    const failScrub = new Set<string>()
    const f = fakeSlots({ failScrub })
    const pool = createSlotPool({ runtime: { slots: f.rt }, settings, log })
    expect(await pool.acquire('sandboxaaaaaaaaa', 'net'), 'none free yet: its own namespace').toBeUndefined()
    await settle()
    const a = await pool.acquire('sandboxaaaaaaaaa', 'net')
    failScrub.add(a!.holderId)
    pool.joined('c1', a!.slot)
    pool.released('c1')
    await settle()
    expect(f.scrubbed).toEqual([a!.holderId])
    expect(f.live.has(a!.holderId)).toBe(false)
    expect(pool.freeHolders()).not.toContain(a!.holderId)
  })

  it('gives no slot for another network, under gVisor, or when off', async () => {
    const f = fakeSlots()
    expect(await createSlotPool({ runtime: { slots: f.rt }, settings, log }).acquire('s', 'internal')).toBeUndefined()
    const gvisor = createSlotPool({ runtime: { slots: f.rt }, settings: { ...settings, gvisor: true }, log })
    expect(await gvisor.acquire('s', 'net')).toBeUndefined()
    const off = createSlotPool({
      runtime: { slots: f.rt },
      settings: { ...settings, networkSlots: { spare: 0, image: 'img' } },
      log,
    })
    expect(await off.acquire('s', 'net')).toBeUndefined()
    expect(f.live.size).toBe(0)
  })

  it("destroys an earlier run's slots: unused ones at the start, used ones when their sandbox goes", async () => {
    const f = fakeSlots()
    const old: NetworkSlot[] = [await f.rt.create('net', 'img'), await f.rt.create('net', 'img')]
    f.live.get(old[0]!.holderId)!.joined = true
    const pool = createSlotPool({ runtime: { slots: f.rt }, settings, log })
    await pool.recover([
      { containerId: 'c1', slot: old[0]!.holderId, spec: undefined, pool: false, state: 'running', ip: '', image: '' },
    ])
    expect([...f.live.keys()]).toEqual([old[0]!.holderId])
    pool.released('c1')
    await settle()
    expect(f.live.size).toBe(0)
    expect(f.scrubbed).toEqual([])
  })

  it('a clean stop removes the free slots and makes no more', async () => {
    const f = fakeSlots()
    const pool = createSlotPool({ runtime: { slots: f.rt }, settings, log })
    pool.kick()
    await settle()
    await pool.close()
    expect(f.live.size).toBe(0)
    expect(await pool.acquire('s', 'net')).toBeUndefined()
  })
})

describe('a namespace state read', () => {
  it('ignores counters, comments and queue sizes, and keeps rule order', () => {
    const a = parseState(
      '@@iptables\n# Generated\n*nat\n:OUTPUT ACCEPT [3:180]\n-A OUTPUT -j X\n-A OUTPUT -j Y\nCOMMIT\n@@conntrack\n0\n@@sockets\ntcp LISTEN 0 4096 127.0.0.11:38621 0.0.0.0:*\n@@ip\n1: lo    inet 127.0.0.1/8\n',
    )
    const b = parseState(
      '@@iptables\n# other time\n*nat\n:OUTPUT ACCEPT [0:0]\n-A OUTPUT -j X\n-A OUTPUT -j Y\nCOMMIT\n@@conntrack\n0\n@@sockets\ntcp LISTEN 2 4096 127.0.0.11:38621 0.0.0.0:*\n@@ip\n1: lo inet 127.0.0.1/8\n',
    )
    expect(a).toEqual(b)
    const reordered = parseState('@@iptables\n*nat\n-A OUTPUT -j Y\n-A OUTPUT -j X\nCOMMIT\n')
    expect(reordered.iptables).not.toBe(a.iptables)
  })
})
