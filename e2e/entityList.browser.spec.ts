import { test } from '@playwright/test'
import { entityListOfflineFlow } from './flows/entityListOfflineFlow'
import { launchAppForEachTest } from './support/browserModeApp'

const app = launchAppForEachTest()

test('first launch lists entities from the local sandbox and keeps them readable offline', async ({
  page,
}) => {
  await page.goto(app().url)
  await entityListOfflineFlow(page, () => app().sandbox.close(), 'browser')
})
