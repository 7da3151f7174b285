// The host firewall against a fake iptables and iptables-restore (rules kept in a JSON file):
// idempotent install of both chains (INPUT and the forward fence), stale jumps removed, everything
// removed at shutdown (or kept while sandboxes outlive the server), and the auto/on/off modes.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  createHostFirewall,
  forwardFenceRuleset,
  type FirewallMode,
} from '../../../../src/node/runtime/host-firewall.js'

// Just enough of iptables -S/-N/-F/-X/-A/-I/-C/-D for one table, after the `-w 5` lock flag.
const FAKE = `
const fs = require('node:fs')
const file = process.env.FAKE_IPTABLES_STATE
const st = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { INPUT: [], FORWARD: [] }
const [, , , , op, chain, ...rest] = process.argv
const save = () => fs.writeFileSync(file, JSON.stringify(st))
const fail = (m) => { process.stderr.write(m + '\\n'); process.exit(1) }
const rule = (args) => ['-A', chain, ...args].join(' ')
switch (op) {
  case '-S': if (!st[chain]) fail('no chain'); process.stdout.write([chain === 'INPUT' || chain === 'FORWARD' ? '-P ' + chain + ' ACCEPT' : '-N ' + chain, ...st[chain]].join('\\n') + '\\n'); break
  case '-N': if (st[chain]) fail('exists'); st[chain] = []; save(); break
  case '-F': if (!st[chain]) fail('no chain'); st[chain] = []; save(); break
  case '-X': if (!st[chain] || Object.values(st).some((rs) => rs.some((r) => r.endsWith('-j ' + chain)))) fail('busy'); delete st[chain]; save(); break
  case '-A': st[chain].push(rule(rest)); save(); break
  case '-I': st[chain].unshift(rule(rest.slice(1))); save(); break
  case '-C': if (!st[chain] || !st[chain].includes(rule(rest))) fail('no rule'); break
  case '-D': { const i = st[chain].indexOf(rule(rest)); if (i < 0) fail('no rule'); st[chain].splice(i, 1); save(); break }
  default: fail('unsupported ' + op)
}
`

// iptables-restore --noflush for the filter table: a chain line creates or flushes it, -A appends.
const FAKE_RESTORE = `
const fs = require('node:fs')
const file = process.env.FAKE_IPTABLES_STATE
const st = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { INPUT: [], FORWARD: [] }
if (!process.argv.includes('--noflush')) { process.stderr.write('expected --noflush\\n'); process.exit(1) }
const lines = fs.readFileSync(0, 'utf8').split('\\n').filter(Boolean)
if (lines[0] !== '*filter' || lines.at(-1) !== 'COMMIT') { process.stderr.write('bad table\\n'); process.exit(1) }
for (const l of lines.slice(1, -1)) {
  if (l.startsWith(':')) st[l.slice(1).split(' ')[0]] = []
  else if (l.startsWith('-A ')) st[l.split(' ')[1]].push(l)
  else { process.stderr.write('unsupported ' + l + '\\n'); process.exit(1) }
}
fs.writeFileSync(file, JSON.stringify(st))
`

const isRoot = process.getuid?.() === 0

async function fakeIptables() {
  const dir = await mkdtemp(join(tmpdir(), 'sandock-ipt-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  const bin = join(dir, 'iptables')
  await writeFile(bin, `#!${process.execPath}\n${FAKE}`)
  await writeFile(`${bin}-restore`, `#!${process.execPath}\n${FAKE_RESTORE}`)
  await chmod(bin, 0o755)
  await chmod(`${bin}-restore`, 0o755)
  const state = join(dir, 'state.json')
  process.env.FAKE_IPTABLES_STATE = state
  onTestFinished(() => void delete process.env.FAKE_IPTABLES_STATE)
  return {
    bin,
    rules: async () =>
      JSON.parse(await readFile(state, 'utf8').catch(() => '{"INPUT":[],"FORWARD":[]}')) as Record<string, string[]>,
    /** Docker's DOCKER-USER chain, as an engine with the iptables backend has it. */
    dockerUser: () =>
      writeFile(
        state,
        JSON.stringify({
          INPUT: [],
          FORWARD: ['-A FORWARD -j DOCKER-USER'],
          'DOCKER-USER': ['-A DOCKER-USER -j RETURN'],
        }),
      ),
  }
}

const firewall = (mode: FirewallMode, bin: string) =>
  createHostFirewall({ mode, instanceId: '0123456789abcdef', log: pino({ level: 'silent' }), iptables: bin })

describe('forward fence ruleset', () => {
  it("passes replies, drops other sandbox bridges and DNAT'ed host ports, opens DNS and the operator's CIDRs, then drops the always-denied ranges", () => {
    const c = 'SANDOCK-FWD-x'
    expect(
      forwardFenceRuleset(c, ['br-a', 'br-b'], { dnsServers: ['10.255.255.53'], allowCidrs: ['10.9.0.0/16'] }).split(
        '\n',
      ),
    ).toEqual([
      '*filter',
      `:${c} - [0:0]`,
      `-A ${c} -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN`,
      `-A ${c} -o br-a -j DROP`,
      `-A ${c} -o br-b -j DROP`,
      `-A ${c} -m conntrack --ctstate DNAT -j DROP`,
      `-A ${c} -d 10.255.255.53 -p udp --dport 53 -j RETURN`,
      `-A ${c} -d 10.255.255.53 -p tcp --dport 53 -j RETURN`,
      `-A ${c} -d 10.9.0.0/16 -j RETURN`,
      ...[
        '0.0.0.0/8',
        '10.0.0.0/8',
        '100.64.0.0/10',
        '127.0.0.0/8',
        '169.254.0.0/16',
        '172.16.0.0/12',
        '192.168.0.0/16',
      ].map((d) => `-A ${c} -d ${d} -j DROP`),
      'COMMIT',
      '',
    ])
  })
})

// Each fake iptables call starts a Node process: generous timeouts for a loaded machine.
describe.skipIf(!isRoot)('host firewall', { timeout: 120_000 }, () => {
  it("removes a killed instance's chain from our bridges, and keeps chains on other bridges", async () => {
    const ipt = await fakeIptables()
    const dead = createHostFirewall({
      mode: 'auto',
      instanceId: 'deaddeaddeaddead',
      log: pino({ level: 'silent' }),
      iptables: ipt.bin,
    })
    const neighbour = createHostFirewall({
      mode: 'auto',
      instanceId: 'beefbeefbeefbeef',
      log: pino({ level: 'silent' }),
      iptables: ipt.bin,
    })
    await dead.install(['br-a', 'br-b'])
    await neighbour.install(['br-x'])
    // The dead server never ran remove(); a new instance (new data dir) takes the same bridges.
    const fw = firewall('auto', ipt.bin)
    await fw.install(['br-a', 'br-b'])
    const rules = await ipt.rules()
    expect(rules.INPUT!.sort()).toEqual([
      `-A INPUT -i br-a -j ${fw.chain}`,
      `-A INPUT -i br-b -j ${fw.chain}`,
      `-A INPUT -i br-x -j ${neighbour.chain}`,
    ])
    expect(rules[dead.chain]).toBeUndefined()
    expect(rules[neighbour.chain]).toHaveLength(3)
    expect(rules.FORWARD!.sort()).toEqual([
      `-A FORWARD -i br-a -j ${fw.forwardChain}`,
      `-A FORWARD -i br-b -j ${fw.forwardChain}`,
      `-A FORWARD -i br-x -j ${neighbour.forwardChain}`,
    ])
    expect(rules[dead.forwardChain]).toBeUndefined()
    expect(rules[neighbour.forwardChain]).toBeDefined()
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
    const other = createHostFirewall({
      mode: 'auto',
      instanceId: 'ffffffffffffffff',
      log: pino({ level: 'silent' }),
      iptables: ipt.bin,
    })
    await other.install(['br-x'])
    const fw = firewall('auto', ipt.bin)
    await fw.install(['br-a'])
    await fw.remove()
    const rules = await ipt.rules()
    expect(rules[fw.chain]).toBeUndefined()
    expect(rules[fw.forwardChain]).toBeUndefined()
    expect(rules.INPUT).toEqual([`-A INPUT -i br-x -j ${other.chain}`])
    expect(rules.FORWARD).toEqual([`-A FORWARD -i br-x -j ${other.forwardChain}`])
    expect(rules[other.chain]).toHaveLength(3)
  })

  it('keeps both chains at shutdown while sandboxes outlive the server', async () => {
    const ipt = await fakeIptables()
    const fw = firewall('auto', ipt.bin)
    await fw.install(['br-a'])
    await fw.remove({ keep: true })
    const rules = await ipt.rules()
    expect(rules.INPUT).toEqual([`-A INPUT -i br-a -j ${fw.chain}`])
    expect(rules.FORWARD).toEqual([`-A FORWARD -i br-a -j ${fw.forwardChain}`])
    expect(rules[fw.forwardChain]!.length).toBeGreaterThan(7)
  })

  it("loads the forward fence and jumps to it from DOCKER-USER (ahead of Docker's RETURN), idempotently", async () => {
    const ipt = await fakeIptables()
    await ipt.dockerUser()
    const fw = firewall('auto', ipt.bin)
    expect(fw.forwardChain).toBe('SANDOCK-FWD-0123456789ab')
    await fw.install(['br-a', 'br-b'], { dnsServers: ['10.255.255.53'], allowCidrs: ['10.9.0.0/16'] })
    await fw.install(['br-b', 'br-c'], { dnsServers: ['10.255.255.53'], allowCidrs: ['10.9.0.0/16'] })
    const rules = await ipt.rules()
    expect(rules.FORWARD).toEqual(['-A FORWARD -j DOCKER-USER'])
    expect(rules['DOCKER-USER']!.slice(0, 2).sort()).toEqual([
      `-A DOCKER-USER -i br-b -j ${fw.forwardChain}`,
      `-A DOCKER-USER -i br-c -j ${fw.forwardChain}`,
    ])
    expect(rules['DOCKER-USER']!.at(-1)).toBe('-A DOCKER-USER -j RETURN')
    expect(rules[fw.forwardChain]).toEqual(
      forwardFenceRuleset(fw.forwardChain, ['br-b', 'br-c'], {
        dnsServers: ['10.255.255.53'],
        allowCidrs: ['10.9.0.0/16'],
      })
        .split('\n')
        .filter((l) => l.startsWith('-A ')),
    )
  })

  it('is off with mode off, skipped with a warning in auto mode without iptables, and fatal in on mode', async () => {
    const ipt = await fakeIptables()
    expect(await firewall('off', ipt.bin).install(['br-a'])).toBe(false)
    expect((await ipt.rules()).INPUT).toEqual([])
    expect(await firewall('auto', '/nonexistent/iptables').install(['br-a'])).toBe(false)
    await expect(firewall('on', '/nonexistent/iptables').install(['br-a'])).rejects.toThrow(/SANDOCK_FIREWALL=on/)
  })
})
