// The web dashboard end to end: headless Chromium (playwright-core) against the shared `sandock
// serve`, next to the official SDK. Every page must stay on its origin, never carry the API key in
// a URL, report no CSP violation and throw no error. Screenshots of the main views are taken on the way.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Secret, Template, Volume } from 'e2b'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { docker } from '../support/docker.js'
import {
  gotoPage,
  launchBrowser,
  screenshot,
  signIn,
  terminalText,
  waitForTerminal,
  watchedPage,
  type Browser,
  type WatchedPage,
} from '../support/browser.js'
import { unique } from '../support/async.js'
import { createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts } from '../support/control-sdk.js'
import { sharedServer } from '../support/control-server.js'
import type { document as pageDocument, window as pageWindow } from '../support/page-globals.js'

// For the callbacks that run in the page (see page-globals.ts).
declare const document: typeof pageDocument
declare const window: typeof pageWindow

printServerLogsOnFailure()

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => browser?.close())

const dashboardUrl = () => `${sharedServer().apiUrl}/dashboard/`

/** A signed-in page whose hygiene is checked when the test ends. */
async function dashboard(): Promise<WatchedPage> {
  const w = await watchedPage(browser.context)
  onTestFinished(async () => {
    const { apiUrl, apiKey } = sharedServer()
    const origin = new URL(apiUrl).origin
    try {
      expect(
        w.requests.filter((u) => new URL(u).origin !== origin && !u.startsWith('blob:') && !u.startsWith('data:')),
      ).toEqual([])
      expect(w.requests.filter((u) => u.includes(apiKey))).toEqual([])
      expect(w.page.url()).not.toContain(apiKey)
      expect(w.pageErrors).toEqual([])
      expect(await w.cspViolations()).toEqual([])
    } finally {
      await w.page.close()
    }
  })
  await signIn(w.page, dashboardUrl(), sharedServer().apiKey)
  return w
}

async function sandbox(metadata: Record<string, string> = {}) {
  const sbx = await createSandbox({ timeoutMs: 300_000, metadata })
  onTestFinished(() => killQuietly(sbx.sandboxId))
  return sbx
}

const row = (sandboxId: string) => `tr[data-sandbox-id="${sandboxId}"]`

it('refuses a wrong API key with a clear message and keeps nothing', async () => {
  const w = await watchedPage(browser.context)
  onTestFinished(() => w.page.close())
  await gotoPage(w.page, dashboardUrl())
  const wrongKey = `e2b_${'0'.repeat(32)}`
  await w.page.fill('#api-key', wrongKey)
  await w.page.click('button[type=submit]')
  const alert = w.page.locator('[role=alert]')
  await alert.waitFor()
  expect(await alert.textContent()).toMatch(/API key was refused by the server: Invalid API key/)
  expect(await w.page.evaluate(() => Object.keys(sessionStorage))).toEqual([])
  expect(await w.page.locator('table.sandboxes').count()).toBe(0)
  expect(w.requests.filter((u) => u.includes(wrongKey))).toEqual([])
  expect(await w.cspViolations()).toEqual([])
})

it('shows a sandbox created with the SDK without a reload, with its charts, and filters the list', async () => {
  const tag = unique('dash')
  const w = await dashboard()
  const { page } = w
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })
  const sbx = await sandbox({ dashboardTest: tag, role: 'web' })
  const other = await sandbox({ dashboardTest: tag, role: 'worker' })
  await page.waitForSelector(row(sbx.sandboxId), { timeout: 15_000 })
  await page.waitForSelector(row(other.sandboxId))
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  const text = await page.locator(row(sbx.sandboxId)).textContent()
  expect(text).toContain('running')
  expect(text).toContain('base')
  expect(text).toContain(`dashboardTest=${tag}`)
  // Both sparklines (CPU, memory) once the server has sampled the sandbox.
  await page.waitForFunction(
    (sel) => document.querySelectorAll(`${sel} td.metric canvas`).length === 2,
    row(sbx.sandboxId),
    { timeout: 30_000 },
  )
  await page.waitForFunction(
    (sel) => /\d/.test(document.querySelector(`${sel} td.metric span`)?.textContent ?? ''),
    row(sbx.sandboxId),
    { timeout: 30_000 },
  )

  await page.fill('input[name=metadata]', `dashboardTest=${tag}, role=worker`)
  await page.waitForSelector(row(sbx.sandboxId), { state: 'detached' })
  expect(await page.locator(row(other.sandboxId)).count()).toBe(1)
  await page.selectOption('select[name=state]', 'paused')
  await page.waitForSelector(row(other.sandboxId), { state: 'detached' })
  await page.selectOption('select[name=state]', '')
  await page.fill('input[name=metadata]', `dashboardTest=${tag}`)
  await page.waitForSelector(row(sbx.sandboxId))
  await page.waitForTimeout(5500) // a few more samples in the charts
  await screenshot(page, 'sandboxes')
})

it('renders untrusted metadata, file names and file contents as text, never as HTML', async () => {
  const img = '<img src=x onerror="window.__xss=1">'
  const script = '<script>window.__xss=2</script>'
  const sbx = await sandbox({ note: img, other: script })
  await sbx.files.write(`/home/user/${img.replace(/\//g, '')}.txt`, `${script}\n${img}\n`)
  const { page } = await dashboard()
  const noHtml = async () => {
    expect(await page.evaluate(() => document.querySelectorAll('img, script:not([src])').length)).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  }
  await page.waitForSelector(row(sbx.sandboxId))
  const metadata = await page.locator(`${row(sbx.sandboxId)} td.metadata`).textContent()
  expect(metadata).toContain(`note=${img}`)
  expect(metadata).toContain(`other=${script}`)
  await noHtml()

  await gotoPage(page, `${dashboardUrl()}#/sandboxes/${sbx.sandboxId}/files`)
  const fileName = `${img.replace(/\//g, '')}.txt`
  const fileButton = page.locator('button.file', { hasText: fileName })
  await fileButton.waitFor({ timeout: 15_000 })
  expect(await page.locator('dl.facts .metadata').textContent()).toContain(`note=${img}`)
  await fileButton.click()
  await page.waitForSelector('.file-text')
  expect(await page.locator('.file-text').textContent()).toBe(`${script}\n${img}\n`)
  await noHtml()
})

it('opens a terminal in the sandbox, runs a command, follows a resize and re-attaches after a reload', async () => {
  const sbx = await sandbox()
  const { page } = await dashboard()
  await gotoPage(page, `${dashboardUrl()}#/sandboxes/${sbx.sandboxId}/terminal`)
  await waitForTerminal(page)
  const pid = await page.getAttribute('.terminal', 'data-pid')
  await page.click('.terminal')
  await page.keyboard.type('echo dash-$((6*7)) shell-$$\n')
  await page.waitForFunction(() =>
    /dash-42 shell-\d+/.test([...document.querySelectorAll('.xterm-rows > div')].map((r) => r.textContent).join('\n')),
  )
  const shell = /dash-42 (shell-\d+)/.exec(await terminalText(page))![1]!
  await screenshot(page, 'sandbox-terminal')

  const size = async () =>
    [await page.getAttribute('.terminal', 'data-rows'), await page.getAttribute('.terminal', 'data-cols')].join(' ')
  await page.keyboard.type('clear; stty size\n')
  const before = await size()
  await page.waitForFunction(
    (s) => [...document.querySelectorAll('.xterm-rows > div')].some((r) => r.textContent?.trim() === s),
    before,
  )
  await page.setViewportSize({ width: 900, height: 700 })
  await page.waitForFunction(
    (s) => document.querySelector('.terminal')?.getAttribute('data-cols') !== s.split(' ')[1],
    before,
  )
  const after = await size()
  await page.keyboard.type('clear; stty size\n')
  await page.waitForFunction(
    (s) => [...document.querySelectorAll('.xterm-rows > div')].some((r) => r.textContent?.trim() === s),
    after,
  )

  // The pid stays in this tab's sessionStorage: a reload re-attaches to the same shell.
  await page.reload()
  await page.waitForSelector(`.terminal[data-pid="${pid}"]`, { timeout: 15_000 })
  await page.click('.terminal')
  await page.keyboard.type('echo again-$$\n')
  await page.waitForFunction(
    (s) => [...document.querySelectorAll('.xterm-rows > div')].some((r) => r.textContent?.includes(`again-${s}`)),
    shell.slice('shell-'.length),
  )
  await page.setViewportSize({ width: 1400, height: 900 })
})

it('uploads a file the SDK then reads, shows and downloads one the SDK wrote, and deletes it', async () => {
  const sbx = await sandbox()
  await sbx.files.write('from-sdk.txt', 'written by the SDK\n')
  const { page } = await dashboard()
  await gotoPage(page, `${dashboardUrl()}#/sandboxes/${sbx.sandboxId}/files`)
  const sdkRow = 'tr[data-path="/home/user/from-sdk.txt"]'
  await page.waitForSelector(sdkRow, { timeout: 15_000 })
  await page.click(`${sdkRow} button.file`)
  await page.waitForSelector('.file-text')
  expect(await page.locator('.file-text').textContent()).toBe('written by the SDK\n')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${sdkRow} button:has-text("Download")`),
  ])
  expect(download.suggestedFilename()).toBe('from-sdk.txt')
  expect(await readFile((await download.path())!, 'utf8')).toBe('written by the SDK\n')

  const content = `uploaded from the browser ${Date.now()}\n`
  await page.setInputFiles('input[name=upload]', {
    name: 'from-browser.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  })
  await page.waitForSelector('tr[data-path="/home/user/from-browser.txt"]', { timeout: 15_000 })
  expect(await sbx.files.read('/home/user/from-browser.txt')).toBe(content)
  await screenshot(page, 'sandbox-files')

  await page.click(`${sdkRow} button:has-text("Delete")`)
  await page.click(`${sdkRow} button:has-text("Confirm delete")`)
  await page.waitForSelector(sdkRow, { state: 'detached' })
  expect(await sbx.files.exists('from-sdk.txt')).toBe(false)
})

it('pauses, resumes and extends a sandbox from the page', async () => {
  const sbx = await sandbox()
  const { page } = await dashboard()
  const r = page.locator(row(sbx.sandboxId))
  await r.waitFor()
  await r.locator('button:has-text("Pause")').click()
  await page.waitForSelector(`${row(sbx.sandboxId)}[data-state="paused"]`, { timeout: 30_000 })
  expect((await sbx.getInfo()).state).toBe('paused')
  expect(await sbx.isRunning()).toBe(false)
  await r.locator('button:has-text("Resume")').click()
  await page.waitForSelector(`${row(sbx.sandboxId)}[data-state="running"]`, { timeout: 30_000 })
  expect(await sbx.isRunning()).toBe(true)
  const endBefore = (await sbx.getInfo()).endAt.getTime()
  await r.locator('button:has-text("+5 min")').click()
  await expect
    .poll(async () => (await sbx.getInfo()).endAt.getTime(), {
      timeout: 10_000,
      interval: 100,
      message: 'a later deadline',
    })
    .toBeGreaterThanOrEqual(endBefore + 4 * 60_000)
})

it('kills a sandbox from the page, and the SDK sees it stop', async () => {
  const sbx = await sandbox()
  const { page } = await dashboard()
  const r = page.locator(row(sbx.sandboxId))
  await r.waitFor()
  expect(await sbx.isRunning()).toBe(true)
  await r.locator('button:has-text("Kill")').click()
  await r.locator('button:has-text("Confirm kill")').click()
  await page.waitForSelector(row(sbx.sandboxId), { state: 'detached', timeout: 15_000 })
  await expect
    .poll(() => sbx.isRunning(), { timeout: 10_000, interval: 100, message: 'isRunning() to be false' })
    .toBe(false)
})

it("streams a template build's step logs into the page while it runs", async () => {
  const name = unique('dash-tpl-')
  const { apiKey, apiUrl } = sdkOpts()
  onTestFinished(async () => {
    await fetch(`${apiUrl}/templates/${name}`, { method: 'DELETE', headers: { 'x-api-key': apiKey } }).catch(
      () => undefined,
    )
    const instance = (await readFile(join(sharedServer().dataDir, 'instance-id'), 'utf8').catch(() => '')).trim()
    const layers = instance
      ? (
          await docker(
            'images',
            '-q',
            '--filter',
            `label=sandock.instance=${instance}`,
            '--filter',
            'label=sandock.layer',
          )
        )
          .split('\n')
          .filter(Boolean)
      : []
    if (layers.length) await docker('rmi', '-f', ...new Set(layers)).catch(() => undefined)
  })
  const { page } = await dashboard()
  const tpl = Template().fromTemplate('base').runCmd('for i in 1 2 3 4 5 6; do echo dash-build-$i; sleep 1; done')
  const info = await Template.buildInBackground(tpl, name, {
    apiKey,
    apiUrl,
    skipCache: true,
    cpuCount: 1,
    memoryMB: 1024,
  })
  await gotoPage(page, `${dashboardUrl()}#/templates/${info.templateId}/builds/${info.buildId}`)
  const logs = page.locator(`.build-logs[data-build-id="${info.buildId}"]`)
  await logs.locator('.log-line', { hasText: 'dash-build-2' }).waitFor({ timeout: 90_000 })
  // Seen mid-build: the later lines are not there yet and the build still runs.
  expect(await logs.getAttribute('data-status')).toBe('building')
  expect(await logs.locator('.log-line', { hasText: 'dash-build-6' }).count()).toBe(0)
  await logs.locator('.log-line', { hasText: 'dash-build-6' }).waitFor({ timeout: 30_000 })
  await page.waitForSelector(`.build-logs[data-build-id="${info.buildId}"][data-status="ready"]`, { timeout: 120_000 })
  await page.waitForSelector(`tr[data-template-id="${info.templateId}"]`)
  expect(await page.locator(`tr[data-build-id="${info.buildId}"]`).textContent()).toContain('ready')
  await page.waitForSelector('tr[data-tag="default"]')
  await screenshot(page, 'templates')
})

it("lists volumes and secrets by name and metadata, and never a secret's value", async () => {
  const opts = sdkOpts()
  const volume = await Volume.create(unique('dash-vol-'), opts)
  onTestFinished(() =>
    Volume.destroy(volume.volumeId, opts).then(
      () => undefined,
      () => undefined,
    ),
  )
  const value = `dash-secret-value-${unique('')}`
  const secret = await Secret.create(unique('dash-key-'), value, { ...opts, metadata: { owner: '<b>team</b>' } })
  onTestFinished(() =>
    Secret.destroy(secret.secretId, opts).then(
      () => undefined,
      () => undefined,
    ),
  )
  const { page } = await dashboard()

  await gotoPage(page, `${dashboardUrl()}#/volumes`)
  const vrow = page.locator(`tr[data-volume-id="${volume.volumeId}"]`)
  await vrow.waitFor()
  expect(await vrow.textContent()).toContain(volume.name)

  await gotoPage(page, `${dashboardUrl()}#/secrets`)
  const srow = page.locator(`tr[data-secret-id="${secret.secretId}"]`)
  await srow.waitFor()
  const text = await srow.textContent()
  expect(text).toContain(secret.name)
  // Metadata is text (no <b> element made of it), and the value is nowhere on the page.
  expect(text).toContain('owner=<b>team</b>')
  expect(await srow.locator('b').count()).toBe(0)
  expect(await page.content()).not.toContain(value)
  await screenshot(page, 'secrets')
})
