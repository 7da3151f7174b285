// Headless Chromium (Debian's, driven by playwright-core) for the dashboard tests: one browser
// profile per file, pages that record CSP violations, page errors and every request URL, and
// screenshots into SANDOCK_SCREENSHOT_DIR (default test-results/dashboard; docs/dashboard feeds docs/dashboard.md).
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import type { document as pageDocument, window as pageWindow } from './page-globals.js'

declare const document: typeof pageDocument
declare const window: typeof pageWindow

export const CHROMIUM = process.env.SANDOCK_TEST_CHROMIUM || '/usr/bin/chromium'
export const SCREENSHOT_DIR = process.env.SANDOCK_SCREENSHOT_DIR || join('test-results', 'dashboard')

// No network beyond the page's own origin, nothing from Google's services, no first-run UI.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export type Browser = { context: BrowserContext; close(): Promise<void> }

/** A fresh profile in a new empty --user-data-dir; fails with how to fix it when Chromium is missing. */
export async function launchBrowser(opts: { args?: string[]; context?: BrowserContextOptions } = {}): Promise<Browser> {
  await access(CHROMIUM).catch(() => {
    throw new Error(
      `the dashboard tests need Chromium at ${CHROMIUM}: apt-get install -y chromium (or set SANDOCK_TEST_CHROMIUM)`,
    )
  })
  const userDataDir = await mkdtemp(join(tmpdir(), 'sandock-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS, ...(opts.args ?? [])],
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
    ...opts.context,
  })
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

export type WatchedPage = {
  page: Page
  /** Every URL the page requested. */
  requests: string[]
  pageErrors: string[]
  /** CSP violations reported by the page (directive and blocked URI). */
  cspViolations(): Promise<string[]>
}

export async function watchedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage()
  const requests: string[] = []
  const pageErrors: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  return {
    page,
    requests,
    pageErrors,
    cspViolations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  }
}

/** Opens the dashboard at `url` and signs in with `apiKey`; resolves once the sandbox list shows. */
/**
 * page.goto, again when Chromium dropped the navigation with net::ERR_NETWORK_CHANGED: it does when
 * the host's network interfaces change, and every container another test starts adds a veth.
 */
export async function gotoPage(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url)
      return
    } catch (e) {
      if (attempt >= 3 || !/net::ERR_NETWORK_CHANGED/.test((e as Error).message)) throw e
    }
  }
}

export async function signIn(page: Page, url: string, apiKey: string): Promise<void> {
  await gotoPage(page, url)
  await page.fill('#api-key', apiKey)
  await page.click('button[type=submit]')
  await page.waitForSelector('table.sandboxes tbody tr', { timeout: 15_000 })
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path })
  return path
}

/** The terminal's visible text (xterm's DOM renderer keeps one element per row). */
/** Waits for the terminal's shell to connect; on a timeout the error says what the page showed instead. */
export async function waitForTerminal(page: Page, timeout = 30_000): Promise<void> {
  try {
    await page.waitForSelector('.terminal[data-pid]', { timeout })
  } catch (e) {
    const shown = await page
      .locator('main')
      .innerText({ timeout: 1000 })
      .catch(() => '(no page text)')
    throw new Error(`the terminal did not connect within ${timeout} ms; the page showed:\n${shown}`, { cause: e })
  }
}

export async function terminalText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.xterm-rows > div')].map((r) => r.textContent ?? '').join('\n'),
  )
}
