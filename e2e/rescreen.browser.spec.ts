import { expect, test } from './fixtures/browserModeTest'
import { caseWithCheckFlow } from './flows/caseWithCheckFlow'
import { cryptoChecksSent } from './support/sandboxWallets'
import { saveScreen } from './support/screenshots'

// A Tornado Cash wallet: on the SDN list from 2022-11-08 until 2025-03-21.
const tornado = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'
// A wallet designated on 2025-09-16.
const designated = '0x532B77B33A040587e9FD1800088225f99b8B0E8A'
// The sandbox's made-up PEP wallet, under four categories whatever the day.
const pep = '0x5ca1ab1e00000000000000000000000000000001'
const caseTitle = 'Mixer withdrawals'

test('re-screening a case: a wallet delisted since keeps its decision, a newly designated one needs one, and a watched case’s changes reach the inbox', async ({
  appPage,
  cases,
  search,
  rescreen,
  changes,
  sandbox,
}) => {
  // Checked "in 2024": the Tornado Cash wallet is sanctioned, the other not yet.
  sandbox.setAsOf('2024-06-01')
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, caseTitle, tornado)
  await cases.decideHit(0, 'True match', 'Tornado Cash router, on the SDN list.')
  await expect(cases.hit(0).decision).toHaveText('True match')
  await search.open()
  await search.search(designated)
  await search.expectStatus('no_match')
  await search.result.addToCase(caseTitle)
  await search.open()
  await search.search(pep)
  await search.result.addToCase(caseTitle)
  await search.result.openCase()
  await cases.decideRecord(1, 'False positive', 'A made-up register: not our customer.')

  // Today's lists: one hit gone, one new, four the same.
  sandbox.setAsOf(undefined)
  await rescreen.rescreenAll()
  await expect(rescreen.outcomes).toHaveText([
    new RegExp(`${tornado} — 1 hit no longer listed`),
    new RegExp(`${designated} — 1 new hit`),
    new RegExp(`${pep} — nothing changed, 4 decisions carried`),
  ])
  await saveScreen(appPage, 'rescreen-01-outcome')
  await rescreen.close()
  // Each wallet once, by its latest check: the record no longer listed keeps its decision in view
  // (not to decide again); the PEP record's decisions come with it to the later check; only the
  // new hit waits for a decision. The earlier checks are folded under their wallet as history.
  await expect(cases.wallets).toHaveCount(3)
  await expect(cases.hits).toHaveCount(6)
  await expect(cases.hit(0).decision).toHaveText('True match')
  await expect(cases.hit(0).lostSince).toBeVisible()
  await expect(cases.hit(0).decideButton).toHaveCount(0)
  await expect(cases.carriedDecisions).toHaveCount(4)
  await expect(cases.hitSummary).toContainText('5 hits:')
  await expect(cases.hitSummary).toContainText('1 undecided')
  await expect(cases.earlierToggles).toHaveText(Array<string>(3).fill('Show 1 earlier check'))
  await expect(cases.earlierChecks).toHaveCount(0)
  await saveScreen(appPage, 'rescreen-02-case-after')
  await cases.earlierToggles.nth(2).click()
  await expect(cases.earlierChecks).toHaveCount(1)
  await expect(cases.earlierChecks).toContainText('4 hits then')
  await expect(cases.hits).toHaveCount(6)
  await saveScreen(appPage, 'rescreen-02b-earlier-check-unfolded', cases.earlierChecks)
  await cases.showTab('timeline')
  // Newest first.
  await expect(cases.auditEntries.filter({ hasText: 'Re-screened' })).toHaveText([
    new RegExp(`Re-screened ${pep}: nothing changed, 4 decisions carried`),
    new RegExp(`Re-screened ${designated}: 1 new hit`),
    new RegExp(`Re-screened ${tornado}: 1 hit no longer listed`),
  ])
  await expect(cases.auditChain).toContainText('intact')

  // Watched daily: a day later the lists have moved back to March 2025, and the inbox says so.
  await rescreen.watch('Daily')
  await expect(rescreen.nextRun).toBeVisible()
  await changes.open()
  await expect(changes.empty).toBeVisible()
  await saveScreen(appPage, 'changes-01-empty')
  sandbox.setAsOf('2025-03-20')
  await changes.letTimePass(24)
  await expect(changes.items).toHaveCount(2)
  await expect(changes.badge).toHaveText('2')
  // Back in March 2025 the Tornado Cash wallet was listed again, and the other not yet.
  await expect(changes.items.filter({ hasText: tornado })).toContainText('1 new hit (sanctions)')
  await expect(changes.items.filter({ hasText: designated })).toContainText(
    '1 hit no longer listed (sanctions)',
  )
  await saveScreen(appPage, 'changes-02-found')
  await changes.acknowledge(0)
  await expect(changes.items).toHaveCount(1)
  await expect(changes.badge).toHaveText('1')
})

test('re-screening two History rows: each wallet’s difference in the dialog, new and removed hits in Changes', async ({
  appPage,
  search,
  history,
  rescreen,
  changes,
  sandbox,
}) => {
  sandbox.setAsOf('2024-06-01')
  for (const wallet of [tornado, designated]) {
    await search.open()
    await search.search(wallet)
  }
  await search.expectStatus('no_match')
  sandbox.setAsOf(undefined)
  await history.open()
  await history.select(tornado)
  await history.select(designated)
  await expect(history.selection).toContainText('2 checks selected')
  await saveScreen(appPage, 'history-rescreen-01-selected')
  await rescreen.rescreenSelected()
  await expect(rescreen.outcomes).toHaveText([
    new RegExp(`${tornado} — 1 hit no longer listed`),
    new RegExp(`${designated} — 1 new hit`),
  ])
  await expect(rescreen.summary).toHaveText(
    '2 of 2 wallets checked; new or removed hits for 2 wallets, in Changes',
  )
  await saveScreen(appPage, 'history-rescreen-02-outcome')
  await rescreen.openChanges()
  await expect(changes.items).toHaveCount(2)
  await expect(changes.badge).toHaveText('2')
})

test('re-screening in Production: the billed checks are counted, capped and confirmed as a bulk job’s, and the run stops at the cap until it is raised', async ({
  appPage,
  search,
  history,
  settings,
  shell,
  rescreen,
  sandbox,
}) => {
  await settings.useProduction(sandbox.environment('production'))
  await expect(shell.activeEnvironment).toContainText('Production')
  for (const [wallet, status] of [
    [tornado, 'no_match'],
    [designated, 'review_required'],
    [pep, 'review_required'],
  ] as const) {
    await search.open()
    await search.search(wallet)
    await search.billedGuard.runBilledCheck()
    await search.expectStatus(status)
  }
  await history.open()
  for (const wallet of [tornado, designated, pep]) await history.select(wallet)
  await rescreen.openSelected()
  await expect(rescreen.billedNotice).toContainText(
    '3 checks will run in Production and be billed to your account',
  )
  // The cap offered is every billed wallet; nothing starts before the explicit confirmation.
  await expect(rescreen.cap).toHaveValue('3')
  await expect(rescreen.startButton).toBeDisabled()
  await rescreen.confirmBilled(2)
  await expect(rescreen.billedNotice).toContainText('Run 2 billed checks')
  await saveScreen(appPage, 'rescreen-03-production-confirm', rescreen.dialog)
  const sentBefore = cryptoChecksSent(sandbox).length

  await rescreen.start()
  await expect(rescreen.capReached).toContainText(
    'The budget cap of 2 billed checks is reached: 1 wallet was not checked. Raise the cap to go on.',
  )
  await expect(rescreen.outcomes).toHaveText([
    new RegExp(`${tornado} — nothing changed`),
    new RegExp(`${designated} — nothing changed`),
    new RegExp(`${pep} — not checked: cap reached`),
  ])
  // Three billed wallets, a cap of two: exactly two reached the service.
  expect(cryptoChecksSent(sandbox).slice(sentBefore)).toEqual([tornado, designated])
  expect(sandbox.billedChecks()).toBe(5)
  await saveScreen(appPage, 'rescreen-04-production-cap-reached', rescreen.dialog)

  await rescreen.raiseCap(3)
  await expect(rescreen.summary).toHaveText('3 of 3 wallets checked')
  expect(cryptoChecksSent(sandbox).slice(sentBefore)).toEqual([tornado, designated, pep])
  expect(sandbox.billedChecks()).toBe(6)
})

test('watching in Production waits for an opt-in with a monthly cap, whose use is shown as watches spend it', async ({
  appPage,
  cases,
  search,
  settings,
  rescreen,
  changes,
  shell,
  sandbox,
}) => {
  await cases.open()
  await cases.sayWhoIAm()
  await settings.useProduction(sandbox.environment('production'))
  await search.open()
  await search.search(pep)
  await search.billedGuard.runBilledCheck()
  await search.expectStatus('review_required')
  await expect(rescreen.billedWatch).toContainText('runs only after you opt in')
  await expect(rescreen.cadence('Daily')).toBeDisabled()
  await saveScreen(appPage, 'watch-01-production-needs-opt-in', rescreen.watchControl)

  await rescreen.openAllowance()
  const allowance = settings.scheduledRescreens
  await expect(allowance.state).toContainText('Opted out')
  await allowance.optIn(200)
  await expect(allowance.use).toHaveText('0 of 200 billed checks this month')
  await saveScreen(appPage, 'watch-02-production-opted-in', allowance.root)

  await shell.back()
  await expect(rescreen.billedWatch).toContainText('0 of 200 billed checks this month')
  await rescreen.watch('Daily')
  await changes.letTimePass(24)
  await expect(rescreen.billedWatch).toContainText('1 of 200 billed checks this month')
  expect(sandbox.billedChecks()).toBe(2)
  await saveScreen(appPage, 'watch-03-production-watch-spent-one', rescreen.watchControl)
})
