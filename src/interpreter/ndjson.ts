// The /execute stream's framing (pure): one JSON object per line, no blank lines (contract §4).

export type StreamLine =
  | { type: 'stdout' | 'stderr'; text: string; timestamp: string }
  | { type: 'error'; name: string; value: string; traceback: string }
  | { type: 'number_of_executions'; execution_count: number }
  | { type: 'keepalive' }
  | { type: 'end_of_execution' }
  | ({ type: 'result' } & Record<string, unknown>)

/**
 * One line, ready to write in a single call (so a multi-byte character is never split across
 * writes: the SDK decodes each chunk on its own). JSON.stringify escapes every newline inside
 * strings, so the only `\n` is the terminator.
 */
export function encodeLine(line: StreamLine): string {
  return `${JSON.stringify(line)}\n`
}

/** Jupyter's `traceback` is a list of (possibly multi-line) strings; the wire wants one string. */
export function joinTraceback(traceback: unknown): string {
  if (Array.isArray(traceback)) return traceback.map(String).join('')
  return typeof traceback === 'string' ? traceback : ''
}
