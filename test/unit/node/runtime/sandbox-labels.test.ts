// How a sandbox's spec and a snapshot's description are kept as Docker labels: they read back as
// written, a container from a snapshot image cannot inherit alias or pool, and damaged labels read
// as "no spec" (the container is then removed as a leftover).
import { describe, expect, it } from 'vitest'
import { LABELS } from '../../../../src/node/runtime/labels.js'
import {
  isPoolContainer,
  snapshotFromLabels,
  snapshotLabels,
  specFromLabels,
  specLabels,
} from '../../../../src/node/runtime/sandbox-labels.js'
import type { SandboxSpec } from '../../../../src/node/sandboxes/types.js'

const SPEC: SandboxSpec = {
  sandboxId: 'iabc',
  templateId: 'tid',
  alias: 'app',
  metadata: { 'k"ey': 'v\nal' },
  timeoutMs: 123_000,
  onTimeout: 'pause',
  autoResume: true,
  secure: false,
  allowPublicTraffic: false,
  allowInternetAccess: false,
  cpuCount: 4,
  memoryMB: 2048,
  startedAt: new Date('2026-01-02T03:04:05.678Z'),
  volumeMounts: [
    { name: 'data', path: '/mnt/data', volumeId: '0b2e3c3e-0000-4000-8000-000000000001' },
    { name: 'data', path: '/mnt/again', volumeId: '0b2e3c3e-0000-4000-8000-000000000001' },
  ],
}
const withId = (labels: Record<string, string>, id = 'iabc') => ({ ...labels, [LABELS.sandboxId]: id })

describe('sandbox spec labels', () => {
  it('read back as written, pool or not', () => {
    expect(specFromLabels(withId(specLabels(SPEC, { pool: false })))).toEqual(SPEC)
    expect(isPoolContainer(specLabels(SPEC, { pool: true }))).toBe(true)
    expect(isPoolContainer(specLabels(SPEC, { pool: false }))).toBe(false)
  })

  it("always set alias and pool, so a snapshot image's labels are never inherited", () => {
    const labels = specLabels({ ...SPEC, alias: undefined }, { pool: false })
    expect(labels[LABELS.alias]).toBe('')
    expect(labels[LABELS.pool]).toBe('')
    expect(specFromLabels(withId(labels))!.alias).toBeUndefined()
  })

  it('default what older containers lack', () => {
    const minimal = {
      [LABELS.sandboxId]: 'iold',
      [LABELS.templateId]: 'base',
      [LABELS.startedAt]: '2026-01-01T00:00:00.000Z',
    }
    expect(specFromLabels(minimal)).toEqual({
      sandboxId: 'iold',
      templateId: 'base',
      alias: undefined,
      metadata: {},
      timeoutMs: 300_000,
      onTimeout: 'kill',
      autoResume: false,
      secure: false,
      allowPublicTraffic: true,
      allowInternetAccess: true,
      cpuCount: 1,
      memoryMB: 512,
      startedAt: new Date('2026-01-01T00:00:00.000Z'),
      volumeMounts: [],
    })
  })

  it.each([
    ['no sandbox id', { ...specLabels(SPEC, { pool: false }) }],
    ['no template id', withId({ ...specLabels(SPEC, { pool: false }), [LABELS.templateId]: '' })],
    ['a bad start time', withId({ ...specLabels(SPEC, { pool: false }), [LABELS.startedAt]: 'yesterday' })],
    ['broken metadata', withId({ ...specLabels(SPEC, { pool: false }), [LABELS.metadata]: '{not json' })],
  ])('read as no spec with %s', (_what, labels) => expect(specFromLabels(labels)).toBeUndefined())
})

describe('snapshot labels', () => {
  it("read back as written, a fork's mark included", () => {
    const s = {
      snapshotId: 'sid',
      names: ['n1'],
      sandboxId: 'iabc',
      templateId: 'base',
      cpuCount: 2,
      memoryMB: 1024,
      forkOf: undefined,
    }
    expect(snapshotFromLabels(snapshotLabels(s), 42)).toEqual({ ...s, createdS: 42 })
    expect(snapshotFromLabels(snapshotLabels({ ...s, forkOf: 'iabc' }), 1).forkOf).toBe('iabc')
    // Set empty, not left out: a commit keeps the labels of its container's image (a fork image's mark).
    expect(snapshotLabels(s)[LABELS.forkOf]).toBe('')
    expect(snapshotFromLabels({ ...snapshotLabels(s), [LABELS.forkOf]: '' }, 1).forkOf).toBeUndefined()
  })
})
