import { expect, test } from '@playwright/test'
import { EntityListPage } from './pages/entityListPage'
import { SettingsPage } from './pages/settingsPage'
import { launchAppForEachTest } from './support/browserModeApp'
import { saveScreen } from './support/screenshots'

const app = launchAppForEachTest({ openInPage: true })

test('keys are entered per environment, shown only by their last 4 characters, and used for requests', async ({
  page,
}) => {
  const entities = new EntityListPage(page)
  const settings = new SettingsPage(page)
  await entities.open()
  await expect(entities.rows).toHaveCount(20)

  const wrongKey = 'sk_test_not_the_right_key_W7x2'
  await settings.open()
  await settings.saveKey('local', wrongKey)
  await expect(settings.card('local').getByTestId('key-last4')).toHaveText('••••W7x2')
  await expect(
    settings.card('local').getByPlaceholder('Paste the secret key from the dashboard'),
  ).toHaveValue('')
  expect(await page.content()).not.toContain(wrongKey)
  await saveScreen(page, 'browser-05-settings-key-set')

  await entities.open()
  await entities.refresh()
  await expect(page.getByTestId('entity-error')).toContainText('rejected the API key (401)')
  await expect(page.getByTestId('entity-error')).toContainText(
    'Check the secret key for Local sandbox in Settings',
  )
  await saveScreen(page, 'browser-06-entity-list-401')

  await settings.open()
  await settings.deleteKey('local')
  await expect(settings.card('local').getByTestId('key-status')).toContainText('built-in test key')

  await settings.saveBaseUrl('sandbox', 'http://api.example.com/')
  await expect(settings.card('sandbox').getByTestId('settings-error')).toContainText(
    'must use https',
  )

  const remote = app().sandbox.environment('production')
  await settings.saveBaseUrl('sandbox', remote.baseUrl)
  await settings.saveKey('sandbox', remote.secretKey)
  await expect(settings.card('sandbox').getByTestId('key-last4')).toHaveText(
    `••••${remote.secretKey.slice(-4)}`,
  )
  await settings.activate('Sandbox')
  await expect(entities.activeEnvironment).toContainText('Sandbox')
  expect(await page.content()).not.toContain(remote.secretKey)

  await entities.open()
  await expect(entities.range).toHaveText('Rows 1–20 of 100')
  await saveScreen(page, 'browser-07-entity-list-sandbox-environment')
})
