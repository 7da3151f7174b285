// toLogEntry(): a container log line as the logs routes answer it: the v1 `line` in upstream's
// shape (JSON, string level, `message`), and the SandboxLogEntry (envd's pino JSON read, anything
// else plain output at info). The time is Docker's receive time.
import { describe, expect, it } from 'vitest'
import { toLogEntry } from '../../../../../src/control/api/sandboxes/get-logs.js'

const AT = new Date('2026-02-03T04:05:06.789Z')
const T = AT.toISOString()

describe('toLogEntry', () => {
  it.each([
    [
      'plain text',
      'hello world',
      { level: 'info', message: 'hello world' },
      { timestamp: T, message: 'hello world', level: 'info', fields: {} },
    ],
    [
      'pino JSON',
      JSON.stringify({
        level: 50,
        time: Date.UTC(2026, 0, 1),
        msg: 'boom',
        pid: 3,
        err: { message: 'x' },
        name: 'envd',
      }),
      { level: 'error', time: T, logger: 'envd', message: 'boom', pid: 3, err: { message: 'x' }, name: 'envd' },
      { timestamp: T, message: 'boom', level: 'error', fields: { pid: '3', err: '{"message":"x"}', name: 'envd' } },
    ],
    [
      'pino JSON at debug',
      JSON.stringify({ level: 20, msg: 'fine' }),
      { level: 'debug', time: T, message: 'fine' },
      { timestamp: T, message: 'fine', level: 'debug', fields: {} },
    ],
    [
      'pino trace and fatal',
      JSON.stringify({ level: 60, msg: 'dead' }),
      { level: 'error', time: T, message: 'dead' },
      { timestamp: T, message: 'dead', level: 'error', fields: {} },
    ],
    [
      'an unknown level',
      JSON.stringify({ level: 99, msg: 'odd' }),
      { level: 'info', time: T, message: 'odd' },
      { timestamp: T, message: 'odd', level: 'info', fields: {} },
    ],
    [
      'upstream-shaped JSON (string level, message)',
      JSON.stringify({ level: 'warn', logger: 'processSvc', message: 'slow' }),
      { level: 'warn', time: T, logger: 'processSvc', message: 'slow' },
      { timestamp: T, message: 'slow', level: 'warn', fields: { logger: 'processSvc' } },
    ],
    [
      'JSON without a message',
      JSON.stringify({ level: 30, text: 'no msg' }),
      { level: 'info', message: '{"level":30,"text":"no msg"}' },
      { timestamp: T, message: '{"level":30,"text":"no msg"}', level: 'info', fields: {} },
    ],
    [
      'a JSON scalar',
      '42',
      { level: 'info', message: '42' },
      { timestamp: T, message: '42', level: 'info', fields: {} },
    ],
    [
      'JSON null',
      'null',
      { level: 'info', message: 'null' },
      { timestamp: T, message: 'null', level: 'info', fields: {} },
    ],
  ])('reads %s', (_what, line, wantLine, wantEntry) => {
    const out = toLogEntry({ timestamp: AT, line })
    expect(JSON.parse(out.line)).toEqual(wantLine)
    expect(out.entry).toEqual(wantEntry)
  })
})
