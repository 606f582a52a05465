import type { RunningSandbox } from '../src/sandbox/sandboxServer'
import { expect, test } from './fixtures/browserModeTest'
import { cryptoChecksSent } from './support/sandboxWallets'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const clean = '0x0000000000000000000000000000000000000001'
const badChecksum = '0x04DBA1194ee10112fE6C3207C0687DEf0e78bACf'
/** On the OFAC list (and so in the sandbox) in lower case, as bech32 addresses are written. */
const sanctionedBech32 = 'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw'
const checkRequests = (sandbox: RunningSandbox) =>
  sandbox.requests.filter((request) => request.path.endsWith('/crypto/aml-checks'))

test('a sanctioned wallet shows its hit and dataset, a clean one none, a bad checksum is refused before any request', async ({
  search,
  history,
  sandbox,
}) => {
  await search.open()
  await saveScreen(search.page, 'search-01-empty-form')

  await search.fill(badChecksum)
  await expect(search.addressCheck).toHaveAttribute('data-state', 'invalid')
  await expect(search.addressCheck).toContainText(
    'looks like an Ethereum address but its checksum is wrong',
  )
  await search.consent()
  await search.run()
  await saveScreen(search.page, 'search-02-bad-checksum')
  expect(checkRequests(sandbox)).toHaveLength(0)

  await search.search(sanctioned)
  await search.expectStatus('review_required')
  const result = search.result
  await expect(result.status).toHaveText('Review required')
  await expect(result.category('sanctions')).toContainText('1')
  await expect(result.category('pep')).toContainText('0')
  const record = result.records('sanctions')
  await expect(record).toContainText('us_ofac_sdn')
  await expect(record).toContainText('Peijnenburg, Alex Adrianus Martinus')
  await expect(record).toContainText('ETH')
  await saveScreen(search.page, 'search-03-sanctioned-hit')

  await result.showRawResponse()
  // The bytes as received first (the sandbox sends compact JSON), an indented view on request.
  await expect(result.rawBody).toContainText('"statusCode":200')
  await expect(result.rawBody).not.toContainText('"statusCode": 200')
  await saveScreen(search.page, 'search-04-raw-response')
  await result.showFormattedRawResponse()
  await expect(result.rawBody).toContainText('"statusCode": 200')
  await result.closeRawResponse()
  await expect(result.rawEvidence).toBeHidden()

  await search.search(clean)
  await search.expectStatus('no_match')
  await expect(result.total).toHaveText('0 matched records')
  await saveScreen(search.page, 'search-05-clean')
  expect(checkRequests(sandbox)).toHaveLength(2)

  await history.open()
  await expect(history.rows).toHaveCount(2)
  await expect(history.rows.first()).toContainText(clean)
  await saveScreen(history.page, 'history-01-list')
  await history.filter('us_ofac')
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(sanctioned)
  await history.openRow(0)
  await expect(history.fetchedNote).toContainText('A saved check from History, as fetched')
  await expect(history.result.root).toHaveAttribute('data-status', 'review_required')
  await saveScreen(history.page, 'history-02-past-check')
})

test('a wrong key and a rate limit are explained in place, and what was typed survives', async ({
  search,
  settings,
  sandbox,
}) => {
  await settings.open()
  await settings.saveKey('local', 'sk_test_definitely_wrong_1234')
  await expect(settings.keyLast4('local')).toHaveText('••••1234')
  await search.open()
  await search.search(sanctioned)
  await expect(search.error).toHaveAttribute('data-error', 'UnauthorizedError')
  await expect(search.error).toContainText('Check the secret key for Local sandbox in Settings')
  await expect(search.identifier).toHaveValue(sanctioned)
  await saveScreen(search.page, 'search-06-wrong-key')

  await settings.open()
  await settings.deleteKey('local')
  await search.open()
  sandbox.injectFault({ kind: 'rateLimit', retryAfterS: 30 }, { times: 1 })
  await search.run()
  await expect(search.error).toHaveAttribute('data-error', 'RateLimitError')
  await expect(search.retryCountdown).toContainText(/You can retry in \d+ s/)
  await expect(search.retryButton).toBeDisabled()
  await saveScreen(search.page, 'search-07-rate-limited')
})

test('a check the service failed once (503) and answered on its second try keeps both tries in its evidence', async ({
  search,
  sandbox,
}) => {
  await search.open()
  sandbox.injectFault({ kind: 'serverError', status: 503 }, { times: 1 })
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  expect(checkRequests(sandbox)).toHaveLength(2)
  const result = search.result
  await result.showRawResponse()
  await expect(result.rawEvidence).toContainText('after 2 attempts')
  await expect(result.earlierTries).toContainText('Try 1')
  await expect(result.earlierTries).toContainText('the service answered HTTP 503')
  await saveScreen(search.page, 'search-08-earlier-tries', result.earlierTries)
})

test('production: the check is billed only after confirmation, and an earlier check is offered before paying again', async ({
  search,
  settings,
  shell,
  sandbox,
}) => {
  await settings.useProduction(sandbox.environment('production'))
  await expect(shell.activeEnvironment).toContainText('Production')

  await search.open()
  await search.search(sanctioned)
  const guard = search.billedGuard
  await expect(guard.root).toContainText('billed to your account')
  await saveScreen(search.page, 'search-08-billed-guard')
  expect(sandbox.billedChecks()).toBe(0)
  await guard.runBilledCheck()
  await search.expectStatus('review_required')
  expect(sandbox.billedChecks()).toBe(1)

  await search.run()
  await expect(guard.earlierCheck).toContainText('You can read that result without paying again')
  await saveScreen(search.page, 'search-09-billed-guard-earlier-check')
  await guard.showEarlierResult()
  await search.expectStatus('review_required')
  expect(sandbox.billedChecks()).toBe(1)

  sandbox.setProductionBalance(0)
  await search.run()
  await guard.payForNewCheck()
  await expect(search.error).toHaveAttribute('data-error', 'PaymentRequiredError')
  await expect(search.error).toContainText('Top up the account')
  await saveScreen(search.page, 'search-10-payment-required')
  expect(sandbox.billedChecks()).toBe(1)
})

test('a first run: sample wallets to try, one card per record with its categories and why it matched, plain words for what the address is', async ({
  search,
  sandbox,
}) => {
  await search.open()
  await expect(search.emptyResults).toContainText('No result yet')
  await expect(search.sampleWallets).toHaveCount(3)
  await saveScreen(search.page, 'search-06-first-run')

  await search.trySample('Politically exposed person')
  await expect(search.identifier).toHaveValue('0x5ca1ab1e00000000000000000000000000000001')
  // All in one letter case: valid, but nothing guards it against a mistyped digit.
  await expect(search.addressCheck).toHaveAttribute('data-checksum', 'absent')
  await expect(search.addressCheck).toContainText('it carries no checksum')
  await expect(search.addressCheck).not.toContainText('checksum verified')
  await search.consent()
  await search.run()
  await search.expectStatus('review_required')
  const result = search.result
  // One record under four categories: one match, said the same in the heading and above the record.
  await expect(result.total).toHaveText('1 matched record in 4 categories')
  await expect(result.recordsHeading).toHaveText('1 matched record in 4 categories')
  await expect(result.recordCards).toHaveCount(1)
  const card = result.recordCards.first()
  await expect(result.categoriesOf(card)).toHaveText([
    'PEP',
    'Government',
    'Role',
    'Person of interest',
  ])
  await expect(card).toContainText('Synthetic Politically Exposed Person')
  await expect(card).toContainText('Politically exposed person')
  await expect(card).toContainText('role.pep')
  await expect(card).toContainText('Synthetic PEP register')
  await expect(result.reasonOf(card)).toHaveText(
    'Exact match of the address with the record’s publicKey.',
  )
  await expect(result.syntheticMarksOf(card)).toHaveCount(1)
  await saveScreen(search.page, 'search-07-pep-one-record', card)

  await search.trySample('Sanctioned wallet')
  // Another subject: the consent given for the last one is asked for again.
  await expect(search.consentBox).not.toBeChecked()
  await search.consent()
  await search.run()
  await expect(result.recordCards).toHaveCount(1)
  const sanctionedCard = result.records('sanctions')
  await expect(sanctionedCard).toContainText('US OFAC SDN list')
  await expect(sanctionedCard).toContainText(/\d ETH/)
  await expect(sanctionedCard).toContainText(/\$[\d,]+\.\d{2}/)
  // The public data has no balance: the local sandbox makes up balance and value.
  await expect(result.syntheticMarksOf(sanctionedCard)).toHaveCount(2)
  await expect(search.addressCheck).toContainText('Ethereum address, checksum verified.')
  await saveScreen(search.page, 'search-08-sanctioned-explained', sanctionedCard)

  await search.trySample('Clean wallet')
  await search.consent()
  await search.run()
  await search.expectStatus('no_match')

  // Over the service's length limit: refused at the input, nothing sent.
  const sent = checkRequests(sandbox).length
  await search.fill('x'.repeat(201))
  await expect(search.identifierError).toContainText('at most 200 characters')
  await search.run()
  expect(checkRequests(sandbox)).toHaveLength(sent)
  await saveScreen(search.page, 'search-09-query-too-long')
})

test('a sanctioned bech32 address typed in upper case finds its hit and is sent in lower case; one with a space inside is refused, nothing sent', async ({
  search,
  history,
  sandbox,
}) => {
  await search.open()
  const upperCase = sanctionedBech32.toUpperCase()
  // Valid under BIP-173, as it is printed in QR codes; pasted with a blank around it.
  await search.fill(` ${upperCase}\t`)
  await expect(search.addressCheck).toHaveAttribute('data-state', 'valid')
  await expect(search.addressCheck).toContainText('Bitcoin address, checksum verified.')
  await expect(search.sentAs).toHaveText(sanctionedBech32)
  await search.consent()
  await search.run()
  await search.expectStatus('review_required')
  await expect(search.result.records('sanctions')).toContainText('Wang, Yunhe')
  await saveScreen(search.page, 'search-11-upper-case-bech32-hit')
  // The consent was for that subject: another wallet asks for it again, the same one keeps it.
  await search.fill(sanctionedBech32.toUpperCase())
  await expect(search.consentBox).toBeChecked()
  await search.fill(sanctionedBech32.slice(0, -1))
  await expect(search.consentBox).not.toBeChecked()
  // The sandbox's own log of what it was asked: the listed, lower-case form, once.
  expect(cryptoChecksSent(sandbox)).toEqual([sanctionedBech32])

  await search.fill(`${upperCase.slice(0, 20)} ${upperCase.slice(20)}`)
  await expect(search.addressCheck).toHaveAttribute('data-state', 'invalid')
  await expect(search.addressCheck).toContainText('It has a space inside it')
  await expect(search.addressCheck).toContainText('Nothing has been sent.')
  await search.consent()
  await search.run()
  await saveScreen(search.page, 'search-12-space-inside-refused')
  expect(cryptoChecksSent(sandbox)).toEqual([sanctionedBech32])

  await history.open()
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(sanctionedBech32)
})
