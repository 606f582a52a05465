import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/browserModeTest'
import { saveScreen } from './support/screenshots'

test('keys are entered per environment, shown only by their last 4 characters, and used for requests', async ({
  entities,
  settings,
  shell,
  sandbox,
}) => {
  const page = settings.page
  await entities.open()
  await expect(entities.rows).toHaveCount(20)

  const wrongKey = 'sk_test_not_the_right_key_W7x2'
  await settings.open()
  // The app asked the browser to keep its data, and says what the browser answered.
  const kept = await settings.browserKeepsData()
  await expect(settings.storagePersistence).toHaveAttribute(
    'data-state',
    kept ? 'persistent' : 'best-effort',
  )
  await expect(settings.storagePersistence).toContainText(
    kept ? 'kept until you delete them' : 'may clear checks, cases and entities',
  )
  await settings.saveKey('local', wrongKey)
  await expect(settings.keyLast4('local')).toHaveText('••••W7x2')
  await expect(settings.keyInput('local')).toHaveValue('')
  expect(await page.content()).not.toContain(wrongKey)
  await saveScreen(page, 'browser-05-settings-key-set')

  await entities.open()
  await entities.refresh()
  await expect(entities.error).toContainText('rejected the API key (401)')
  await expect(entities.error).toContainText('Check the secret key for Local sandbox in Settings')
  // The service answered, refusing the key: reachable, but nothing works until the key is fixed.
  await expect(shell.connectivity).toHaveAttribute('data-status', 'unauthorised')
  await expect(shell.connectivity).toHaveText('Key refused')
  await saveScreen(page, 'browser-06-entity-list-401')

  await settings.open()
  await settings.deleteKey('local')
  await expect(settings.keyStatus('local')).toContainText('built-in test key')

  await settings.saveBaseUrl('sandbox', 'http://api.example.com/')
  await expect(settings.baseUrlInput('sandbox')).toHaveAccessibleDescription(/must use https/)
  await expect(settings.baseUrlInput('sandbox')).toHaveAttribute('aria-invalid', 'true')

  const remote = sandbox.environment('production')
  await settings.saveBaseUrl('sandbox', remote.baseUrl)
  await settings.saveKey('sandbox', remote.secretKey)
  await expect(settings.keyLast4('sandbox')).toHaveText(`••••${remote.secretKey.slice(-4)}`)
  await settings.activate('Sandbox')
  await expect(shell.activeEnvironment).toContainText('Sandbox')
  expect(await page.content()).not.toContain(remote.secretKey)

  await entities.open()
  await expect(entities.range).toHaveText('Rows 1–20 of 100')
  await saveScreen(page, 'browser-07-entity-list-sandbox-environment')

  // A key belongs to the address it was entered for: moving the address elsewhere removes it.
  await settings.open()
  await settings.saveBaseUrl('sandbox', 'https://collector.example.net/')
  await expect(settings.keyRemoved('sandbox')).toContainText('The stored key was removed')
  await expect(settings.keyStatus('sandbox')).toContainText('No key set')
  await saveScreen(page, 'browser-08-settings-key-removed-with-address')
})

test('change notifications can be turned off, and the choice outlives a restart', async ({
  app,
  settings,
  shell,
}) => {
  await settings.open()
  await expect(settings.changeAlertsSwitch).toBeChecked()
  await expect(settings.changeAlerts).toContainText('The browser mode shows no OS notifications')
  await settings.changeAlertsSwitch.click()
  await expect(settings.changeAlertsSwitch).not.toBeChecked()
  await saveScreen(settings.page, 'settings-07-change-notifications-off', settings.changeAlerts)

  await app.restart()
  await shell.open(app.url)
  await settings.open()
  await expect(settings.changeAlertsSwitch).not.toBeChecked()
})

test('a key saved before its address is sent nowhere until the user confirms the address it belongs to', async ({
  entities,
  settings,
  sandbox,
}) => {
  const remote = sandbox.environment('production')
  const toRemote = () => sandbox.requests.filter(({ environment }) => environment === 'production')
  await settings.open()
  await settings.saveKey('sandbox', remote.secretKey)
  await expect(settings.keyAddressConfirmation('sandbox')).toContainText('saved before any address')
  await settings.saveBaseUrl('sandbox', remote.baseUrl)
  const origin = new URL(remote.baseUrl).origin
  await expect(settings.keyAddressConfirmation('sandbox')).toContainText(
    `not entered for ${origin}`,
  )
  await saveScreen(settings.page, 'settings-08-key-awaits-its-address', settings.card('sandbox'))
  await settings.activate('Sandbox')

  await entities.open()
  await entities.refresh()
  await expect(entities.error).toContainText(`has not been confirmed for ${origin}`)
  expect(toRemote()).toHaveLength(0)

  await settings.open()
  await settings.confirmKeyAddress('sandbox')
  await entities.open()
  await entities.refresh()
  await expect(entities.range).toHaveText('Rows 1–20 of 100')
  expect(toRemote().length).toBeGreaterThan(0)
})

test('a backup written and a restore done are news that goes by itself within 10 s; a refused file stays until dismissed', async ({
  cases,
  settings,
}) => {
  const workDir = mkdtempSync(join(tmpdir(), 'cd-e2e-settings-notices-'))
  const clock = settings.page.clock
  await cases.open()
  await cases.sayWhoIAm()
  await cases.create('Kept through the restore', 'ACME Ltd', '')
  await settings.open()
  const backupPath = join(workDir, 'backup.zip')
  await (await settings.backup.backUp()).saveAs(backupPath)
  await expect(settings.backup.done).toContainText('Downloaded as')
  await clock.runFor(10_000)
  await expect(settings.backup.done).toBeHidden()

  const damagedPath = join(workDir, 'damaged.zip')
  writeFileSync(damagedPath, 'not a backup')
  await settings.backup.chooseFile(damagedPath)
  await expect(settings.backup.refused).toBeVisible()
  await clock.runFor(10_000)
  await expect(settings.backup.refused).toBeVisible()

  // Restored here, with no key to enter again: only good news, so it goes too.
  await settings.backup.chooseFile(backupPath)
  await settings.backup.restore()
  await settings.backup.confirmReplace()
  await expect(settings.backup.restored).toContainText('are on this computer now')
  await clock.runFor(10_000)
  await expect(settings.backup.restored).toBeHidden()
})
