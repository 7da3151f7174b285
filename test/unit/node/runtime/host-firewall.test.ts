// The host firewall against a fake iptables (rules kept in a JSON file): idempotent install,
// stale jumps removed, everything removed at shutdown, and the auto/on/off modes.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createHostFirewall, type FirewallMode } from '../../../../src/node/runtime/host-firewall.js'

// Just enough of iptables -S/-N/-F/-X/-A/-I/-C/-D for one table, after the `-w 5` lock flag.
const FAKE = `
const fs = require('node:fs')
const file = process.env.FAKE_IPTABLES_STATE
const st = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { INPUT: [] }
const [, , , , op, chain, ...rest] = process.argv
const save = () => fs.writeFileSync(file, JSON.stringify(st))
const fail = (m) => { process.stderr.write(m + '\\n'); process.exit(1) }
const rule = (args) => ['-A', chain, ...args].join(' ')
switch (op) {
  case '-S': if (!st[chain]) fail('no chain'); process.stdout.write([chain === 'INPUT' ? '-P INPUT ACCEPT' : '-N ' + chain, ...st[chain]].join('\\n') + '\\n'); break
  case '-N': if (st[chain]) fail('exists'); st[chain] = []; save(); break
  case '-F': if (!st[chain]) fail('no chain'); st[chain] = []; save(); break
  case '-X': if (!st[chain] || Object.values(st).some((rs) => rs.some((r) => r.endsWith('-j ' + chain)))) fail('busy'); delete st[chain]; save(); break
  case '-A': st[chain].push(rule(rest)); save(); break
  case '-I': st[chain].unshift(rule(rest.slice(1))); save(); break
  case '-C': if (!st[chain].includes(rule(rest))) fail('no rule'); break
  case '-D': { const i = st[chain].indexOf(rule(rest)); if (i < 0) fail('no rule'); st[chain].splice(i, 1); save(); break }
  default: fail('unsupported ' + op)
}
`

const isRoot = process.getuid?.() === 0

async function fakeIptables() {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-ipt-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  const bin = join(dir, 'iptables')
  await writeFile(bin, `#!${process.execPath}\n${FAKE}`)
  await chmod(bin, 0o755)
  const state = join(dir, 'state.json')
  process.env.FAKE_IPTABLES_STATE = state
  onTestFinished(() => void delete process.env.FAKE_IPTABLES_STATE)
  return { bin, rules: async () => JSON.parse(await readFile(state, 'utf8').catch(() => '{"INPUT":[]}')) as Record<string, string[]> }
}

const firewall = (mode: FirewallMode, bin: string) => createHostFirewall({ mode, instanceId: '0123456789abcdef', log: pino({ level: 'silent' }), iptables: bin })

describe.skipIf(!isRoot)('host firewall', () => {
  it('removes a killed instance\'s chain from our bridges, and keeps chains on other bridges', async () => {
    const ipt = await fakeIptables()
    const dead = createHostFirewall({ mode: 'auto', instanceId: 'deaddeaddeaddead', log: pino({ level: 'silent' }), iptables: ipt.bin })
    const neighbour = createHostFirewall({ mode: 'auto', instanceId: 'beefbeefbeefbeef', log: pino({ level: 'silent' }), iptables: ipt.bin })
    await dead.install(['br-a', 'br-b'])
    await neighbour.install(['br-x'])
    // The dead server never ran remove(); a new instance (new data dir) takes the same bridges.
    const fw = firewall('auto', ipt.bin)
    await fw.install(['br-a', 'br-b'])
    const rules = await ipt.rules()
    expect(rules.INPUT!.sort()).toEqual([`-A INPUT -i br-a -j ${fw.chain}`, `-A INPUT -i br-b -j ${fw.chain}`, `-A INPUT -i br-x -j ${neighbour.chain}`])
    expect(rules[dead.chain]).toBeUndefined()
    expect(rules[neighbour.chain]).toHaveLength(3)
  })

  it('installs one chain and one INPUT jump per bridge, idempotently, dropping stale jumps', async () => {
    const ipt = await fakeIptables()
    const fw = firewall('auto', ipt.bin)
    expect(fw.chain).toBe('SANDOCK-IN-0123456789ab')
    expect(await fw.install(['br-a', 'br-b'])).toBe(true)
    expect(await fw.install(['br-b', 'br-c'])).toBe(true)
    const rules = await ipt.rules()
    expect(rules.INPUT!.sort()).toEqual([`-A INPUT -i br-b -j ${fw.chain}`, `-A INPUT -i br-c -j ${fw.chain}`])
    expect(rules[fw.chain]).toEqual([
      `-A ${fw.chain} -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN`,
      `-A ${fw.chain} -p tcp -j REJECT --reject-with tcp-reset`,
      `-A ${fw.chain} -j REJECT`,
    ])
  })

  it('removes its jumps and its chain, and leaves other rules alone', async () => {
    const ipt = await fakeIptables()
    const other = createHostFirewall({ mode: 'auto', instanceId: 'ffffffffffffffff', log: pino({ level: 'silent' }), iptables: ipt.bin })
    await other.install(['br-x'])
    const fw = firewall('auto', ipt.bin)
    await fw.install(['br-a'])
    await fw.remove()
    const rules = await ipt.rules()
    expect(rules[fw.chain]).toBeUndefined()
    expect(rules.INPUT).toEqual([`-A INPUT -i br-x -j ${other.chain}`])
    expect(rules[other.chain]).toHaveLength(3)
  })

  it('is off with mode off, skipped with a warning in auto mode without iptables, and fatal in on mode', async () => {
    const ipt = await fakeIptables()
    expect(await firewall('off', ipt.bin).install(['br-a'])).toBe(false)
    expect((await ipt.rules()).INPUT).toEqual([])
    expect(await firewall('auto', '/nonexistent/iptables').install(['br-a'])).toBe(false)
    await expect(firewall('on', '/nonexistent/iptables').install(['br-a'])).rejects.toThrow(/SANDOCK_FIREWALL=on/)
  })
})
