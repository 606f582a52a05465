import { expect, test } from '@playwright/test'
import { SearchPage } from './pages/searchPage'
import { launchAppForEachTest } from './support/browserModeApp'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const queued = 'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw'

const app = launchAppForEachTest()

const checksOf = () =>
  app().sandbox.requests.filter(
    (request) => request.path.endsWith('/crypto/aml-checks') && request.status !== 0,
  ).length

test('offline: history stays readable, and a queued check survives a reload and runs exactly once when the service returns', async ({
  page,
}) => {
  const search = new SearchPage(page)
  await page.goto(app().url)
  await expect(page.locator('html[data-app-state="ready"]')).toHaveCount(1)
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  const before = checksOf()

  await app().sandbox.suspend()
  await page.getByTestId('nav-history').click()
  await page.getByTestId('history-row').first().click()
  await expect(page.getByTestId('check-result')).toHaveAttribute('data-status', 'review_required')
  await expect(page.getByTestId('records-sanctions')).toContainText('us_ofac_sdn')

  await search.open()
  await search.search(queued)
  await expect(search.error).toHaveAttribute('data-error', 'ServiceUnreachableError')
  await expect(search.error).toContainText('cannot be reached')
  await page.getByRole('button', { name: 'Queue it to run when the service is back' }).click()
  const item = page.getByTestId('outbox-cryptoCheck').getByTestId('outbox-item')
  await expect(item).toHaveAttribute('data-state', 'queued')
  await expect(page.getByTestId('connectivity')).toHaveAttribute('data-status', 'offline')
  await saveScreen(page, 'offline-01-queued-check')

  await page.reload()
  await expect(page.locator('html[data-app-state="ready"]')).toHaveCount(1)
  await expect(item).toHaveAttribute('data-state', 'queued')
  expect(checksOf()).toBe(before)

  await app().sandbox.resume()
  await expect(item).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  await saveScreen(page, 'offline-02-queued-check-done')
  await item.getByRole('button', { name: 'View result' }).click()
  await expect(page.getByTestId('check-result')).toHaveAttribute('data-status', 'review_required')
  await expect(page.getByTestId('check-result')).toContainText(queued)

  // Absence can only be shown by waiting: one full queue-runner interval (5 s) must not send it again.
  await page.waitForTimeout(6000)
  const sent = app().sandbox.requests.filter((request) =>
    request.path.endsWith('/crypto/aml-checks'),
  )
  expect(sent).toHaveLength(before + 1)
})
