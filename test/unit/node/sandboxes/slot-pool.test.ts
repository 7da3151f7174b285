// The network slot pool's policy over an in-memory slot runtime: spares made ahead, a returned slot
// reused first once scrubbed, a failed scrub destroys, a slot of an earlier run is never reused,
// and a clean stop leaves nothing. (The scrub itself runs against real Docker in
// test/control/network-slots.test.ts.)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { NetworkSlot, SlotRuntime } from '../../../../src/node/runtime/types.js'
import { parseState, scrubScript, socketsOf, tcpOf } from '../../../../src/node/runtime/slot-scrub.js'
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
      '@@iptables\n# Generated\n*nat\n:OUTPUT ACCEPT [3:180]\n-A OUTPUT -j X\n-A OUTPUT -j Y\nCOMMIT\n@@conntrack\n0\n@@ip\n1: lo    inet 127.0.0.1/8\n',
    )
    const b = parseState(
      '@@iptables\n# other time\n*nat\n:OUTPUT ACCEPT [0:0]\n-A OUTPUT -j X\n-A OUTPUT -j Y\nCOMMIT\n@@conntrack\n0\n@@ip\n1: lo inet 127.0.0.1/8\n',
    )
    expect(a).toEqual(b)
    const reordered = parseState('@@iptables\n*nat\n-A OUTPUT -j Y\n-A OUTPUT -j X\nCOMMIT\n')
    expect(reordered.iptables).not.toBe(a.iptables)
  })

  it('reads sockets from /proc/<pid>/net without queues, timers or inodes', async () => {
    const proc = mkdtempSync(join(tmpdir(), 'slot-proc-'))
    const at = (pid: number, f: string, text: string) => {
      mkdirSync(join(proc, String(pid), 'net'), { recursive: true })
      writeFileSync(join(proc, String(pid), 'net', f), text)
    }
    const head = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n'
    const unix = 'Num       RefCount Protocol Flags    Type St Inode Path\n'
    at(
      1,
      'tcp',
      `${head}   0: 0B00007F:9AC5 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1\n`,
    )
    at(1, 'unix', `${unix}0000000011: 00000002 00000000 00010000 0001 01 222 /run/x.sock\n`)
    at(
      2,
      'tcp',
      `${head}   0: 0B00007F:9AC5 00000000:0000 0A 00000004:00000000 02:000003E8 00000000     0        0 999 1\n`,
    )
    at(2, 'unix', `${unix}0000000099: 00000003 00000000 00010000 0001 01 333 /run/x.sock\n`)
    at(
      3,
      'tcp',
      `${head}   0: 0B00007F:9AC5 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1\n   1: 0200000A:1F9B 0100000A:D431 06 00000000:00000000 03:00001770 00000000     0        0 0 3\n`,
    )
    at(3, 'unix', `${unix}0000000011: 00000002 00000000 00010000 0001 01 222 /run/x.sock\n`)
    const [a, b, c] = (await Promise.all([1, 2, 3].map((pid) => socketsOf(proc, pid)))) as [string, string, string]
    expect(a).toBe('tcp 0B00007F:9AC5 00000000:0000 0A\nunix 00010000 0001 01 /run/x.sock')
    expect(b).toBe(a)
    expect(c).not.toBe(a)
    expect(tcpOf(c)).not.toBe(tcpOf(a))
  })

  it('runs ss -K only when TCP sockets are left, and reads every part back', () => {
    expect(scrubScript(false)).not.toContain('ss -K')
    expect(scrubScript(true)).toContain('ss -K')
    for (const part of ['@@conntrack', '@@ip', '@@iptables', 'neigh flush all', 'iptables-save'])
      expect(scrubScript(false)).toContain(part)
  })
})
