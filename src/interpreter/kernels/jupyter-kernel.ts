// A Jupyter kernel driven over Jupyter Server's `/api/kernels/<id>/channels` WebSocket (the JSON
// message protocol v5.3): execute requests out, iopub and shell replies back, matched by msg_id.
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { MimeBundle } from '../mime.js'
import { joinTraceback } from '../ndjson.js'
import type { JupyterServer } from './jupyter-server.js'
import { restartingError, type ExecuteOpts, type Kernel, type KernelEvent } from './kernel.js'

/** How long a cell whose execute_reply arrived may wait for iopub's idle before it ends anyway. */
const IDLE_GRACE_MS = 3000

type JupyterMessage = {
  header: { msg_id: string; msg_type: string; date?: string }
  parent_header: { msg_id?: string }
  content: Record<string, unknown>
  channel?: string
  msg_type?: string
}

type Pending = {
  opts: ExecuteOpts
  graceTimer?: NodeJS.Timeout
  replied: boolean
  idle: boolean
  errored: boolean
  finish: () => void
}

/** Starts a kernel of `kernelName` and resolves once it answers kernel_info over its WebSocket. */
export async function startJupyterKernel(
  server: JupyterServer,
  kernelName: string,
  log: Logger,
): Promise<JupyterKernel> {
  const id = await server.startKernel(kernelName)
  const kernel = new JupyterKernel(server, id, log.child({ kernelId: id }))
  try {
    await kernel.connect()
  } catch (e) {
    await server.remove(id).catch(() => undefined)
    throw e
  }
  return kernel
}

export class JupyterKernel implements Kernel {
  private ws: WebSocket | undefined
  private readonly session = randomUUID()
  private readonly pending = new Map<string, Pending>()
  private infoWaiter: { msgId: string; shell: boolean; iopub: boolean; resolve: () => void } | undefined
  private closed = false
  private ready: Promise<void> = Promise.resolve()
  generation = 0

  constructor(
    private readonly server: JupyterServer,
    readonly id: string,
    private readonly log: Logger,
  ) {}

  /** Opens the channels socket and waits for kernel_info_reply (the kernel is then ready for cells). */
  async connect(timeoutMs = 60_000): Promise<void> {
    const ws = new WebSocket(`${this.server.wsUrl}/api/kernels/${this.id}/channels?session_id=${this.session}`)
    this.ws = ws
    ws.addEventListener('message', (ev) => this.onMessage(String(ev.data)))
    ws.addEventListener('close', () => this.onClose(ws))
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve(), { once: true })
      ws.addEventListener('error', () => reject(new Error('kernel channels socket failed to open')), { once: true })
    })
    await this.waitForInfo(ws, timeoutMs)
  }

  /** A kernel still booting drops requests sent before it listens: ask until it answers. */
  private async waitForInfo(ws: WebSocket, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const msgId = randomUUID()
      const answered = new Promise<void>((resolve) => {
        this.infoWaiter = { msgId, shell: false, iopub: false, resolve }
      })
      this.send('shell', 'kernel_info_request', {}, msgId)
      const ok = await Promise.race([
        answered.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 1000)),
      ])
      if (ok) return
      if (Date.now() > deadline || ws.readyState !== WebSocket.OPEN)
        throw new Error('kernel did not answer kernel_info_request')
    }
  }

  async execute(code: string, opts: ExecuteOpts): Promise<void> {
    // After an automatic restart (the kernel died), wait until the new process answers.
    await this.ready.catch(() => undefined)
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      opts.onEvent(restartingError('the kernel connection is closed'))
      return Promise.resolve()
    }
    const msgId = randomUUID()
    return new Promise<void>((resolve) => {
      this.pending.set(msgId, {
        opts,
        replied: false,
        idle: false,
        errored: false,
        finish: () => {
          const p = this.pending.get(msgId)
          clearTimeout(p?.graceTimer)
          this.pending.delete(msgId)
          resolve()
        },
      })
      // compat: upstream's cell options (messaging.py _get_execute_request).
      this.send(
        'shell',
        'execute_request',
        {
          code,
          silent: opts.silent,
          store_history: !opts.silent,
          user_expressions: {},
          allow_stdin: false,
          stop_on_error: true,
        },
        msgId,
      )
    })
  }

  async interrupt(): Promise<void> {
    await this.server.interrupt(this.id)
  }

  async restart(): Promise<void> {
    await this.server.restart(this.id)
    this.generation++
    // The server keeps the channels socket through a restart; cells in flight end here.
    this.failPending('the kernel was restarted')
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) await this.connect()
    else await this.waitForInfo(this.ws, 60_000)
  }

  async shutdown(): Promise<void> {
    this.closed = true
    this.failPending('the context was removed')
    this.ws?.close()
    await this.server.remove(this.id)
  }

  private send(channel: string, msgType: string, content: Record<string, unknown>, msgId: string): void {
    this.ws?.send(
      JSON.stringify({
        header: {
          msg_id: msgId,
          username: 'sandock',
          session: this.session,
          msg_type: msgType,
          version: '5.3',
          date: new Date().toISOString(),
        },
        parent_header: {},
        metadata: {},
        content,
        channel,
        buffers: [],
      }),
    )
  }

  private onMessage(data: string): void {
    let msg: JupyterMessage
    try {
      msg = JSON.parse(data) as JupyterMessage
    } catch {
      return
    }
    const type = msg.header?.msg_type ?? msg.msg_type
    const parentId = msg.parent_header?.msg_id
    // Ready means both channels answer: the reply on shell, and its busy/idle on iopub (a SUB
    // socket that reconnects after a restart misses what the kernel published before).
    const waiter = this.infoWaiter
    if (waiter && parentId === waiter.msgId) {
      if (type === 'kernel_info_reply') waiter.shell = true
      else if (msg.channel === 'iopub') waiter.iopub = true
      if (waiter.shell && waiter.iopub) {
        waiter.resolve()
        this.infoWaiter = undefined
      }
      return
    }
    if (type === 'status' && (msg.content.execution_state === 'restarting' || msg.content.execution_state === 'dead')) {
      // The process died (e.g. os._exit): Jupyter Server starts a new one behind the same id.
      this.generation++
      this.failPending(`the kernel ${msg.content.execution_state === 'dead' ? 'died' : 'restarted'}`)
      const ws = this.ws
      if (ws && msg.content.execution_state === 'restarting') {
        this.ready = new Promise((r) => setTimeout(r, 200)).then(() => this.waitForInfo(ws, 60_000))
        this.ready.catch((err: unknown) => this.log.warn({ err }, 'kernel did not come back after a restart'))
      }
      return
    }
    const p = parentId ? this.pending.get(parentId) : undefined
    if (!p) return
    const emit = (e: KernelEvent) => p.opts.onEvent(e)
    const c = msg.content
    switch (type) {
      case 'stream':
        emit({
          type: 'stream',
          name: c.name === 'stderr' ? 'stderr' : 'stdout',
          text: String(c.text ?? ''),
          timestamp: msg.header.date ?? new Date().toISOString(),
        })
        break
      case 'execute_input':
        emit({ type: 'execute_input', executionCount: Number(c.execution_count) })
        break
      case 'execute_result':
      case 'display_data':
        emit({ type: 'result', bundle: (c.data ?? {}) as MimeBundle, isMain: type === 'execute_result' })
        break
      case 'error':
        // compat: one error per run: the iopub error, else the reply's.
        if (!p.errored)
          emit({
            type: 'error',
            name: String(c.ename ?? ''),
            value: String(c.evalue ?? ''),
            traceback: joinTraceback(c.traceback),
          })
        p.errored = true
        break
      case 'execute_reply':
        p.replied = true
        // The reply is in; should iopub's idle never come (a lost message), do not wait forever.
        if (!p.idle) p.graceTimer = setTimeout(() => p.finish(), IDLE_GRACE_MS)
        if (c.status === 'error' && !p.errored) {
          p.errored = true
          emit({
            type: 'error',
            name: String(c.ename ?? ''),
            value: String(c.evalue ?? ''),
            traceback: joinTraceback(c.traceback),
          })
        } else if (c.status === 'aborted' || c.status === 'abort') {
          if (!p.errored)
            emit({ type: 'error', name: 'ExecutionAborted', value: 'Execution was aborted', traceback: '' })
          p.errored = true
        }
        break
      case 'status':
        if (c.execution_state === 'idle') p.idle = true
        break
      default:
        return
    }
    // compat: a run ends at iopub idle for its msg_id; the reply must be in too (different channels, either order).
    if (p.replied && p.idle) p.finish()
  }

  private onClose(ws: WebSocket): void {
    if (ws !== this.ws) return
    this.ws = undefined
    this.failPending('the kernel connection closed')
    if (!this.closed) {
      this.log.warn('kernel channels socket closed; reconnecting')
      this.connect().catch((err: unknown) => this.log.error({ err }, 'kernel reconnect failed'))
    }
  }

  private failPending(detail: string): void {
    for (const p of [...this.pending.values()]) {
      if (!p.errored) p.opts.onEvent(restartingError(detail))
      p.finish()
    }
  }
}
