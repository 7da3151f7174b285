// The host firewall against a fake iptables and iptables-restore (in this process): idempotent
// install of both chains (INPUT and the forward fence), stale jumps removed, everything removed at
// shutdown (or kept while sandboxes outlive the server), and the auto/on/off modes. The real
// programs' runner (child processes) against two shell scripts.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  createHostFirewall,
  forwardFenceRuleset,
  type FirewallMode,
  type IptablesRunner,
  processRunner,
} from '../../../../src/node/runtime/host-firewall.js'

type Rules = Record<string, string[]>

const isRoot = process.getuid?.() === 0

/**
 * A fake iptables and iptables-restore for one filter table, in this process (a real program per
 * call made this file slow). Just enough of iptables -S/-N/-F/-X/-A/-I/-C/-D after the `-w 5`
 * lock flag, and of iptables-restore --noflush (a chain line creates or flushes it, -A appends).
 * A failing call rejects (iptables) or exits 1 (iptables-restore) with a message, as the real ones.
 */
function fakeIptables() {
  const bin = '/fake/sbin/iptables'
  let st: Rules = { INPUT: [], FORWARD: [] }
  const fail = (m: string): never => {
    throw new Error(`Command failed: ${m}`)
  }
  const iptables = (args: readonly string[]): string => {
    const [, , op, chain = '', ...rest] = args
    const rule = (a: readonly string[]) => ['-A', chain, ...a].join(' ')
    const rules = st[chain]
    switch (op) {
      case '-S':
        if (!rules) fail('no chain')
        return `${[chain === 'INPUT' || chain === 'FORWARD' ? `-P ${chain} ACCEPT` : `-N ${chain}`, ...rules!].join('\n')}\n`
      case '-N':
        if (rules) fail('exists')
        st[chain] = []
        return ''
      case '-F':
        if (!rules) fail('no chain')
        st[chain] = []
        return ''
      case '-X':
        if (!rules || Object.values(st).some((rs) => rs.some((r) => r.endsWith(`-j ${chain}`)))) fail('busy')
        delete st[chain]
        return ''
      case '-A':
        rules!.push(rule(rest))
        return ''
      case '-I':
        rules!.unshift(rule(rest.slice(1)))
        return ''
      case '-C':
        if (!rules?.includes(rule(rest))) fail('no rule')
        return ''
      case '-D': {
        const i = rules ? rules.indexOf(rule(rest)) : -1
        if (i < 0) fail('no rule')
        rules!.splice(i, 1)
        return ''
      }
      default:
        return fail(`unsupported ${op}`)
    }
  }
  const restore = (args: readonly string[], input: string): { code: number; stderr: string } => {
    if (!args.includes('--noflush')) return { code: 1, stderr: 'expected --noflush\n' }
    const lines = input.split('\n').filter(Boolean)
    if (lines[0] !== '*filter' || lines.at(-1) !== 'COMMIT') return { code: 1, stderr: 'bad table\n' }
    const next: Rules = structuredClone(st)
    for (const l of lines.slice(1, -1)) {
      const target = l.startsWith(':') ? undefined : next[l.split(' ')[1]!]
      if (l.startsWith(':')) next[l.slice(1).split(' ')[0]!] = []
      else if (l.startsWith('-A ') && target) target.push(l)
      else return { code: 1, stderr: `unsupported ${l}\n` }
    }
    st = next
    return { code: 0, stderr: '' }
  }
  const runner: IptablesRunner = {
    run: async (file, args) => (file === bin ? iptables(args) : fail(`${file}: not found`)),
    feed: async (file, args, input) =>
      file === `${bin}-restore` ? restore(args, input) : { code: null, stderr: `spawn ${file} ENOENT` },
  }
  return {
    bin,
    runner,
    rules: async (): Promise<Rules> => structuredClone(st),
    /** Docker's DOCKER-USER chain, as an engine with the iptables backend has it. */
    dockerUser: async () => {
      st = { INPUT: [], FORWARD: ['-A FORWARD -j DOCKER-USER'], 'DOCKER-USER': ['-A DOCKER-USER -j RETURN'] }
    },
  }
}

type Fake = ReturnType<typeof fakeIptables>

const firewall = (mode: FirewallMode, ipt: Fake, instanceId = '0123456789abcdef') =>
  createHostFirewall({ mode, instanceId, log: pino({ level: 'silent' }), iptables: ipt.bin, runner: ipt.runner })

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

describe.skipIf(!isRoot)('host firewall', () => {
  it("removes a killed instance's chain from our bridges, and keeps chains on other bridges", async () => {
    const ipt = fakeIptables()
    const dead = createHostFirewall({
      mode: 'auto',
      instanceId: 'deaddeaddeaddead',
      log: pino({ level: 'silent' }),
      iptables: ipt.bin,
      runner: ipt.runner,
    })
    const neighbour = createHostFirewall({
      mode: 'auto',
      instanceId: 'beefbeefbeefbeef',
      log: pino({ level: 'silent' }),
      iptables: ipt.bin,
      runner: ipt.runner,
    })
    await dead.install(['br-a', 'br-b'])
    await neighbour.install(['br-x'])
    // The dead server never ran remove(); a new instance (new data dir) takes the same bridges.
    const fw = firewall('auto', ipt)
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
    const ipt = fakeIptables()
    const fw = firewall('auto', ipt)
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
    const ipt = fakeIptables()
    const other = createHostFirewall({
      mode: 'auto',
      instanceId: 'ffffffffffffffff',
      log: pino({ level: 'silent' }),
      iptables: ipt.bin,
      runner: ipt.runner,
    })
    await other.install(['br-x'])
    const fw = firewall('auto', ipt)
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
    const ipt = fakeIptables()
    const fw = firewall('auto', ipt)
    await fw.install(['br-a'])
    await fw.remove({ keep: true })
    const rules = await ipt.rules()
    expect(rules.INPUT).toEqual([`-A INPUT -i br-a -j ${fw.chain}`])
    expect(rules.FORWARD).toEqual([`-A FORWARD -i br-a -j ${fw.forwardChain}`])
    expect(rules[fw.forwardChain]!.length).toBeGreaterThan(7)
  })

  it("loads the forward fence and jumps to it from DOCKER-USER (ahead of Docker's RETURN), idempotently", async () => {
    const ipt = fakeIptables()
    await ipt.dockerUser()
    const fw = firewall('auto', ipt)
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
    const ipt = fakeIptables()
    expect(await firewall('off', ipt).install(['br-a'])).toBe(false)
    expect((await ipt.rules()).INPUT).toEqual([])
    // No runner: the real one, which finds no such program.
    const missing = (mode: FirewallMode) =>
      createHostFirewall({
        mode,
        instanceId: '0123456789abcdef',
        log: pino({ level: 'silent' }),
        iptables: '/nonexistent/iptables',
      })
    expect(await missing('auto').install(['br-a'])).toBe(false)
    await expect(missing('on').install(['br-a'])).rejects.toThrow(/SANDOCK_FIREWALL=on/)
  })
})

describe('the real programs runner', () => {
  async function scripts() {
    const dir = await mkdtemp(join(tmpdir(), 'sandock-ipt-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const bin = join(dir, 'iptables')
    // iptables prints its arguments (exit 3 on `-C`); iptables-restore keeps its stdin, or fails on `--fail`.
    await writeFile(bin, '#!/bin/sh\n[ "$3" = "-C" ] && { echo "no rule" >&2; exit 3; }\necho "$@"\n')
    await writeFile(
      `${bin}-restore`,
      `#!/bin/sh\ncase " $* " in *" --fail "*) echo "bad table" >&2; exit 2;; esac\ncat > "${dir}/restored"\n`,
    )
    await chmod(bin, 0o755)
    await chmod(`${bin}-restore`, 0o755)
    return { bin, restored: () => readFile(join(dir, 'restored'), 'utf8') }
  }

  it('gives the stdout of a call and rejects on a non-zero exit, or a missing program', async () => {
    const { bin } = await scripts()
    expect(await processRunner.run(bin, ['-w', '5', '-S', 'INPUT'])).toBe('-w 5 -S INPUT\n')
    await expect(processRunner.run(bin, ['-w', '5', '-C', 'INPUT'])).rejects.toThrow(/no rule/)
    await expect(processRunner.run('/nonexistent/iptables', ['-S'])).rejects.toThrow(/ENOENT/)
  })

  it("feeds the input on stdin, and gives the exit code and stderr (null when the program doesn't start)", async () => {
    const { bin, restored } = await scripts()
    expect(await processRunner.feed(`${bin}-restore`, ['--noflush'], '*filter\nCOMMIT\n')).toEqual({
      code: 0,
      stderr: '',
    })
    expect(await restored()).toBe('*filter\nCOMMIT\n')
    expect(await processRunner.feed(`${bin}-restore`, ['--fail'], 'x')).toEqual({ code: 2, stderr: 'bad table\n' })
    const missing = await processRunner.feed('/nonexistent/iptables-restore', [], 'x')
    expect(missing.code).toBeNull()
    expect(missing.stderr).toMatch(/ENOENT/)
  })
})
