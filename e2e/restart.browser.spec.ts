import { expect, test } from './fixtures/browserModeTest'
import { saveScreen } from './support/screenshots'
import { hostRestartErrors } from './support/consoleErrors'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const queued = 'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw'

// While the host restarts, the open page's calls fail at the network level, and a page of the
// earlier launch is refused (401): Chromium logs both, and both are what this test provokes.
test.use({
  // A list is given with its options: Playwright would read a bare array as [value, options].
  allowedConsoleErrors: [hostRestartErrors, { scope: 'test' }],
})

test('after a restart with default settings, History, cases, entities and the outbox are as they were', async ({
  app,
  shell,
  search,
  history,
  cases,
  entities,
  outbox,
  sandbox,
}) => {
  await entities.open()
  const entityName = (await entities.rowNames())[0] ?? ''
  await cases.open()
  await cases.sayWhoIAm()
  await cases.create('Kept across restarts', 'A wallet', '')
  await search.open()
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await sandbox.suspend()
  await search.search(queued)
  await search.queueForLater()
  await expect(outbox.items('cryptoCheck')).toHaveAttribute('data-state', 'queued')
  const before = new URL(app.url).origin
  // The runner's own attempt, answered, so that none is on the wire when the tab leaves just after:
  // an attempt cut off mid-way is rightly left to the user (issue 11, point 2).
  await outbox.runnerSettles('cryptoCheck')
  await expect(outbox.items('cryptoCheck')).toHaveAttribute('data-state', 'queued')
  await shell.leave()

  // A second start for the same data folder is refused, saying where the running one is.
  const second = await app.startAgain()
  expect(second.code).toBe(1)
  expect(second.stderr).toContain(`already running for this data folder at ${before}/`)

  await app.restart()
  expect(new URL(app.url).origin).toBe(before)

  // The tab of the earlier launch, back at the app without the new address, still holds the
  // earlier secret: it says plainly to open the new address.
  await shell.openExpectingRefusal(`${before}/`)
  await expect(shell.startError).toContainText('from an earlier launch of Compliance Desk')
  await expect(shell.startError).toContainText('latest `npm start`')
  await saveScreen(shell.page, 'restart-01-page-from-earlier-launch')

  // Pasting the new address into that tab changes only its fragment, and is enough.
  await shell.open(app.url)
  await history.open()
  // The check that ran, and the one the service could not take before it was queued.
  await expect(history.rows).toHaveCount(2)
  await expect(history.rows.nth(0)).toHaveAttribute('data-outcome', 'failed')
  await history.filterByOutcome('succeeded')
  await expect(history.rows).toHaveCount(1)
  await history.openRow(0)
  await expect(history.result.root).toContainText(sanctioned)
  await cases.open()
  await cases.openCase('Kept across restarts')
  await expect(cases.detail).toContainText('Kept across restarts')
  await entities.open()
  await expect(entities.offlineBanner).toBeVisible()
  await expect(entities.rows.first()).toContainText(entityName)
  await search.open()
  await expect(outbox.items('cryptoCheck')).toHaveAttribute('data-state', 'queued')
  await expect(outbox.items('cryptoCheck')).toContainText(queued)
  await saveScreen(shell.page, 'restart-02-outbox-kept')
})
