import { expect } from '@playwright/test'
import type { AppPages } from '../pages/appPages'
import { saveScreen } from '../support/screenshots'

/**
 * First launch on the Local sandbox → entity list shown → service stopped → the same list still
 * readable from the cache, with the offline banner and the time it was fetched. Shared by the
 * browser-mode and Electron specs.
 */
export async function entityListOfflineFlow(
  { entities, settings, shell }: Pick<AppPages, 'entities' | 'settings' | 'shell'>,
  stopService: () => Promise<void>,
  screenPrefix: string,
): Promise<void> {
  const page = entities.page
  await entities.open()
  await expect(shell.activeEnvironment).toContainText('Local sandbox')
  await expect(entities.rows).toHaveCount(20)
  await expect(entities.range).toHaveText('Rows 1–20 of 300')
  await expect(shell.connectivity).toHaveAttribute('data-status', 'online')
  const firstPage = await entities.rowNames()
  await saveScreen(page, `${screenPrefix}-01-entity-list`)

  await entities.next()
  await expect(entities.range).toHaveText('Rows 21–40 of 300')
  const secondPage = await entities.rowNames()
  expect(secondPage).not.toEqual(firstPage)
  await entities.previous()
  await expect(entities.range).toHaveText('Rows 1–20 of 300')

  await settings.open()
  await expect(settings.keyStatus('local')).toContainText('built-in test key')
  await saveScreen(page, `${screenPrefix}-02-settings`)
  await entities.open()

  await stopService()
  await entities.refresh()
  await expect(entities.offlineBanner).toBeVisible()
  await expect(entities.offlineBanner).toContainText('cannot be reached')
  await expect(entities.offlineFetchedAt).toContainText('This page was fetched')
  await expect(shell.connectivity).toHaveAttribute('data-status', 'offline')
  await expect(entities.rows).toHaveCount(20)
  expect(await entities.rowNames()).toEqual(firstPage)
  await saveScreen(page, `${screenPrefix}-03-entity-list-offline`)

  await entities.next()
  await expect(entities.range).toHaveText('Rows 21–40 of 300')
  expect(await entities.rowNames()).toEqual(secondPage)
  await entities.next()
  await expect(entities.offlineFetchedAt).toContainText('has not been fetched before')
  await expect(entities.rows).toHaveCount(0)
  await saveScreen(page, `${screenPrefix}-04-entity-list-offline-uncached`)
}
