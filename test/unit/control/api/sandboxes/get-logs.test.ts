// toLogEntry(): a container log line as the logs routes answer it (envd's pino JSON parsed,
// anything else plain output at info).
import { describe, expect, it } from 'vitest'
import { toLogEntry } from '../../../../../src/control/api/sandboxes/get-logs.js'

const NOW = new Date('2026-02-03T04:05:06.000Z')

describe('toLogEntry', () => {
  it.each([
    ['plain text', 'hello world', { timestamp: NOW.toISOString(), message: 'hello world', level: 'info', fields: {} }],
    ['pino JSON', JSON.stringify({ level: 50, time: Date.UTC(2026, 0, 1), msg: 'boom', pid: 3, err: { message: 'x' }, name: 'envd' }),
      { timestamp: '2026-01-01T00:00:00.000Z', message: 'boom', level: 'error', fields: { pid: '3', err: '{"message":"x"}', name: 'envd' } }],
    ['pino JSON without time, at debug', JSON.stringify({ level: 20, msg: 'fine' }), { timestamp: NOW.toISOString(), message: 'fine', level: 'debug', fields: {} }],
    ['an unknown level', JSON.stringify({ level: 99, msg: 'odd' }), { timestamp: NOW.toISOString(), message: 'odd', level: 'info', fields: {} }],
    ['JSON without msg', JSON.stringify({ level: 30, text: 'no msg' }), { timestamp: NOW.toISOString(), message: '{"level":30,"text":"no msg"}', level: 'info', fields: {} }],
    ['a JSON scalar', '42', { timestamp: NOW.toISOString(), message: '42', level: 'info', fields: {} }],
    ['JSON null', 'null', { timestamp: NOW.toISOString(), message: 'null', level: 'info', fields: {} }],
  ])('reads %s', (_what, line, want) => expect(toLogEntry(line, NOW)).toEqual(want))
})
