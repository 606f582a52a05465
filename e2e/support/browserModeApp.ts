import { expect, test } from '@playwright/test'
import { startSandbox, type RunningSandbox } from '../../src/sandbox/sandboxServer'
import { startBrowserHostProcess } from './browserHostProcess'

export interface BrowserModeApp {
  url: string
  sandbox: RunningSandbox
  /** The browser host's process: the main side, on its own. */
  hostPid: number
  stop(): Promise<void>
}

/**
 * The app as `npm start` runs it in browser mode, with its Local sandbox pointed at a sandbox
 * this test controls, so the test can stop the service, inject faults and count requests.
 */
export async function launchBrowserModeApp(
  extraEnv: Record<string, string> = {},
): Promise<BrowserModeApp> {
  const sandbox = await startSandbox()
  const host = await startBrowserHostProcess(sandbox.environment('sandbox'), extraEnv)
  return {
    url: host.url,
    sandbox,
    hostPid: host.pid,
    stop: async () => {
      host.stop()
      await sandbox.close()
    },
  }
}

/**
 * A fresh app (its own sandbox and data folder) for every test of the file, stopped after it;
 * with `openInPage`, the test's page is already on it and the app is ready.
 */
export function launchAppForEachTest(
  { openInPage }: { openInPage: boolean } = { openInPage: false },
): () => BrowserModeApp {
  let app: BrowserModeApp | undefined
  test.beforeEach(async ({ page }) => {
    app = await launchBrowserModeApp()
    if (!openInPage) return
    await page.goto(app.url)
    await expect(page.locator('html[data-app-state="ready"]')).toHaveCount(1)
  })
  test.afterEach(async () => {
    await app?.stop()
    app = undefined
  })
  return () => {
    if (!app) throw new Error('the app runs only inside a test')
    return app
  }
}
