// The line protocol between the interpreter and its Java kernel (SandockJShell.java), pure.
// Every payload is base64, so no line ever holds a newline or a space of the user's.

export type JavaEvent =
  | { type: 'ready' }
  | { type: 'execute_input'; executionCount: number }
  | { type: 'stdout' | 'stderr'; bytes: Buffer }
  | { type: 'result'; text: string }
  | { type: 'error'; name: string; value: string; traceback: string }
  | { type: 'done'; id: number }

const text = (b64: string | undefined) => Buffer.from(b64 ?? '', 'base64').toString('utf8')

/** The command that runs a cell (`E <id> <silent> <base64 code>`). */
export function encodeJavaCell(id: number, code: string, silent: boolean): string {
  return `E ${id} ${silent ? 1 : 0} ${Buffer.from(code, 'utf8').toString('base64')}\n`
}

/** One event line from the kernel; undefined for a line this side does not know. */
export function parseJavaLine(line: string): JavaEvent | undefined {
  const [tag, a, b, c] = line.split(' ')
  switch (tag) {
    case 'R':
      return { type: 'ready' }
    case 'X':
      return { type: 'execute_input', executionCount: Number(a) }
    case 'O':
      return { type: 'stdout', bytes: Buffer.from(a ?? '', 'base64') }
    case 'E':
      return { type: 'stderr', bytes: Buffer.from(a ?? '', 'base64') }
    case 'V':
      return { type: 'result', text: text(a) }
    case 'F':
      return { type: 'error', name: text(a), value: text(b), traceback: text(c) }
    case 'D':
      return { type: 'done', id: Number(a) }
    default:
      return undefined
  }
}
