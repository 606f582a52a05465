import { expect, test } from '@playwright/test'
import { SearchPage } from './pages/searchPage'
import { SettingsPage } from './pages/settingsPage'
import { launchAppForEachTest, type BrowserModeApp } from './support/browserModeApp'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const clean = '0x0000000000000000000000000000000000000001'
const badChecksum = '0x04DBA1194ee10112fE6C3207C0687DEf0e78bACf'
const checkRequests = (running: BrowserModeApp) =>
  running.sandbox.requests.filter((request) => request.path.endsWith('/crypto/aml-checks'))

const app = launchAppForEachTest({ openInPage: true })

test('a sanctioned wallet shows its hit and dataset, a clean one none, a bad checksum is refused before any request', async ({
  page,
}) => {
  const search = new SearchPage(page)
  await search.open()
  await saveScreen(page, 'search-01-empty-form')

  await search.fill(badChecksum)
  await expect(search.addressCheck).toHaveAttribute('data-state', 'invalid')
  await expect(search.addressCheck).toContainText(
    'looks like an Ethereum address but its checksum is wrong',
  )
  await search.consent()
  await search.run()
  await saveScreen(page, 'search-02-bad-checksum')
  expect(checkRequests(app())).toHaveLength(0)

  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await expect(page.getByTestId('check-status')).toHaveText('Review required')
  await expect(page.getByTestId('category-sanctions')).toContainText('1')
  await expect(page.getByTestId('category-pep')).toContainText('0')
  const record = page.getByTestId('records-sanctions').getByTestId('match-record')
  await expect(record).toContainText('us_ofac_sdn')
  await expect(record).toContainText('Peijnenburg, Alex Adrianus Martinus')
  await expect(record).toContainText('ETH')
  await saveScreen(page, 'search-03-sanctioned-hit')

  await page.getByRole('button', { name: 'View raw response' }).click()
  await expect(page.getByTestId('raw-evidence')).toContainText('"statusCode": 200')
  await saveScreen(page, 'search-04-raw-response')
  await page.keyboard.press('Escape')

  await search.search(clean)
  await search.expectStatus('no_match')
  await expect(page.getByTestId('check-total')).toHaveText('0 matches')
  await saveScreen(page, 'search-05-clean')
  expect(checkRequests(app())).toHaveLength(2)

  await page.getByTestId('nav-history').click()
  const rows = page.getByTestId('history-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText(clean)
  await saveScreen(page, 'history-01-list')
  await page.getByLabel('Search history').fill('us_ofac')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(sanctioned)
  await rows.first().click()
  await expect(page.getByTestId('history-fetched-note')).toContainText(
    'A saved check from History, as fetched',
  )
  await expect(page.getByTestId('check-result')).toHaveAttribute('data-status', 'review_required')
  await saveScreen(page, 'history-02-past-check')
})

test('a wrong key and a rate limit are explained in place, and what was typed survives', async ({
  page,
}) => {
  const search = new SearchPage(page)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.saveKey('local', 'sk_test_definitely_wrong_1234')
  await expect(settings.card('local').getByTestId('key-last4')).toHaveText('••••1234')
  await search.open()
  await search.search(sanctioned)
  await expect(search.error).toHaveAttribute('data-error', 'UnauthorizedError')
  await expect(search.error).toContainText('Check the secret key for Local sandbox in Settings')
  await expect(page.getByLabel('Wallet identifier')).toHaveValue(sanctioned)
  await saveScreen(page, 'search-06-wrong-key')

  await settings.open()
  await settings.deleteKey('local')
  await search.open()
  app().sandbox.injectFault({ kind: 'rateLimit', retryAfterS: 30 }, { times: 1 })
  await search.run()
  await expect(search.error).toHaveAttribute('data-error', 'RateLimitError')
  await expect(page.getByTestId('retry-countdown')).toContainText(/You can retry in \d+ s/)
  await expect(search.error.getByRole('button', { name: 'Retry' })).toBeDisabled()
  await saveScreen(page, 'search-07-rate-limited')
})

test('production: the check is billed only after confirmation, and an earlier check is offered before paying again', async ({
  page,
}) => {
  const search = new SearchPage(page)
  const settings = new SettingsPage(page)
  const production = app().sandbox.environment('production')
  await settings.open()
  await settings.saveBaseUrl('production', production.baseUrl)
  await settings.saveKey('production', production.secretKey)
  await expect(settings.card('production').getByTestId('key-last4')).toBeVisible()
  await settings.activate('Production')
  await expect(page.getByTestId('active-environment')).toContainText('Production')

  await search.open()
  await search.search(sanctioned)
  const guard = page.getByRole('dialog', { name: 'Run a billed check?' })
  await expect(guard).toContainText('billed to your account')
  await saveScreen(page, 'search-08-billed-guard')
  expect(app().sandbox.billedChecks()).toBe(0)
  await guard.getByRole('button', { name: 'Run billed check' }).click()
  await search.expectStatus('review_required')
  expect(app().sandbox.billedChecks()).toBe(1)

  await search.run()
  await expect(guard.getByTestId('earlier-check')).toContainText(
    'You can read that result without paying again',
  )
  await saveScreen(page, 'search-09-billed-guard-earlier-check')
  await guard.getByRole('button', { name: 'Show earlier result' }).click()
  await search.expectStatus('review_required')
  expect(app().sandbox.billedChecks()).toBe(1)

  app().sandbox.setProductionBalance(0)
  await search.run()
  await guard.getByRole('button', { name: 'Pay for a new check' }).click()
  await expect(search.error).toHaveAttribute('data-error', 'PaymentRequiredError')
  await expect(search.error).toContainText('Top up the account')
  await saveScreen(page, 'search-10-payment-required')
  expect(app().sandbox.billedChecks()).toBe(1)
})
