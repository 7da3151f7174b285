// Types of serve-process.mjs.
import type { ChildProcess } from 'node:child_process'

export declare const ROOT: string
export declare const BUNDLE: string
export declare function portInUse(port: number): Promise<boolean>
export declare function refusedByFetch(port: number): Promise<boolean>

export type Serve = {
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  hasExited(): boolean
  stop(signal?: NodeJS.Signals): Promise<void>
}

export declare function startServe(opts: {
  env: Record<string, string>
  apiUrl: string
  apiKey?: string
  cleanEnv?: boolean
  stdio?: 'pipe' | 'inherit'
  onSpawn?: (child: ChildProcess) => void
  readyTimeoutMs?: number
  bundle?: string
  node?: string
}): Promise<Serve>
