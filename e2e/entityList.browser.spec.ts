import { test } from '@playwright/test'
import { entityListOfflineFlow } from './flows/entityListOfflineFlow'
import { launchBrowserModeApp, type BrowserModeApp } from './support/browserModeApp'

let app: BrowserModeApp

test.beforeEach(async () => {
  app = await launchBrowserModeApp()
})

test.afterEach(async () => {
  await app.stop()
})

test('first launch lists entities from the local sandbox and keeps them readable offline', async ({
  page,
}) => {
  await page.goto(app.url)
  await entityListOfflineFlow(page, () => app.sandbox.close(), 'browser')
})
