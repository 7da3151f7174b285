// GET /metrics: CPU, memory and disk of this container (cgroup v2 or v1), not of the host.
import { readFile, statfs } from 'node:fs/promises'
import { availableParallelism, totalmem, freemem } from 'node:os'
import type { Routes } from './router.js'

const read = (p: string) =>
  readFile(p, 'utf8').then(
    (s) => s.trim(),
    () => undefined,
  )
const num = (s: string | undefined) => (s !== undefined && /^\d+$/.test(s) ? Number(s) : undefined)
const statField = (text: string | undefined, key: string) => num(text?.match(new RegExp(`^${key} (\\d+)$`, 'm'))?.[1])

type Sample = { cpuCount: number; cpuUsageNs: number | undefined; memTotal: number; memUsed: number; memCache: number }

async function sampleCgroup(): Promise<Sample> {
  const hostCpus = availableParallelism()
  // cgroup v2 (unified)
  const v2Cur = num(await read('/sys/fs/cgroup/memory.current'))
  if (v2Cur !== undefined) {
    const [max, stat, cpuMax, cpuStat] = await Promise.all([
      read('/sys/fs/cgroup/memory.max'),
      read('/sys/fs/cgroup/memory.stat'),
      read('/sys/fs/cgroup/cpu.max'),
      read('/sys/fs/cgroup/cpu.stat'),
    ])
    const [quota, period] = (cpuMax ?? 'max').split(' ')
    const cpuCount =
      quota && quota !== 'max' && period ? Math.max(1, Math.ceil(Number(quota) / Number(period))) : hostCpus
    const usageUsec = statField(cpuStat, 'usage_usec')
    const cache = statField(stat, 'file') ?? 0
    return {
      cpuCount,
      cpuUsageNs: usageUsec !== undefined ? usageUsec * 1000 : undefined,
      memTotal: Math.min(num(max) ?? Infinity, totalmem()),
      memUsed: Math.max(0, v2Cur - cache),
      memCache: cache,
    }
  }
  // cgroup v1
  const [usage, limit, stat, quota, period, cpuacct] = await Promise.all([
    read('/sys/fs/cgroup/memory/memory.usage_in_bytes'),
    read('/sys/fs/cgroup/memory/memory.limit_in_bytes'),
    read('/sys/fs/cgroup/memory/memory.stat'),
    read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'),
    read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'),
    read('/sys/fs/cgroup/cpuacct/cpuacct.usage'),
  ])
  const q = Number(quota)
  const p = Number(period)
  const cpuCount = q > 0 && p > 0 ? Math.max(1, Math.ceil(q / p)) : hostCpus
  const used = num(usage)
  if (used === undefined) {
    return { cpuCount, cpuUsageNs: undefined, memTotal: totalmem(), memUsed: totalmem() - freemem(), memCache: 0 }
  }
  const cache = statField(stat, 'total_cache') ?? statField(stat, 'cache') ?? 0
  return {
    cpuCount,
    cpuUsageNs: num(cpuacct),
    memTotal: Math.min(num(limit) ?? Infinity, totalmem()),
    memUsed: Math.max(0, used - cache),
    memCache: cache,
  }
}

/** A sampler that remembers the previous CPU reading, so each call reports usage since the last. */
export function createMetricsSampler() {
  let last: { at: bigint; usageNs: number } | undefined
  return async () => {
    const s = await sampleCgroup()
    const now = process.hrtime.bigint()
    let cpuPct = 0
    if (s.cpuUsageNs !== undefined) {
      if (last) {
        const wallNs = Number(now - last.at)
        if (wallNs > 0) cpuPct = Math.min(100, ((s.cpuUsageNs - last.usageNs) / (wallNs * s.cpuCount)) * 100)
      }
      last = { at: now, usageNs: s.cpuUsageNs }
    }
    const disk = await statfs('/').catch(() => undefined)
    const diskTotal = disk ? disk.blocks * disk.bsize : 0
    return {
      ts: Math.floor(Date.now() / 1000),
      cpu_count: s.cpuCount,
      cpu_used_pct: Math.round(Math.max(0, cpuPct) * 100) / 100,
      mem_total: s.memTotal,
      mem_used: s.memUsed,
      mem_cache: s.memCache,
      mem_total_mib: Math.floor(s.memTotal / 1048576),
      mem_used_mib: Math.floor(s.memUsed / 1048576),
      disk_used: disk ? diskTotal - disk.bfree * disk.bsize : 0,
      disk_total: diskTotal,
    }
  }
}

export function metricsRoute(app: Routes) {
  const sample = createMetricsSampler()
  app.get('/metrics', async (_req, reply) => reply.header('cache-control', 'no-store').send(await sample()))
}
