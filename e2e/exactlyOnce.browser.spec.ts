import type { RunningSandbox } from '../src/sandbox/sandboxServer'
import { expect, test } from './fixtures/browserModeTest'
import { hostRestartErrors } from './support/consoleErrors'
import { saveScreen } from './support/screenshots'

const wallets = [
  '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
  'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw',
  '0x1111111111111111111111111111111111111111',
]

const checksOf = (sandbox: RunningSandbox, wallet: string) =>
  sandbox.requests.filter(
    (request) => request.path.endsWith('/crypto/aml-checks') && request.subject === wallet,
  )
const creations = (sandbox: RunningSandbox) =>
  sandbox.requests.filter(
    (request) => request.method === 'POST' && request.path.endsWith('/entities'),
  )

/** A small seeded generator, so a failing order of disruptions can be replayed from its seed. */
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}

// A tab closed or reloaded mid-call, and a host killed outright, are logged by Chromium as failed
// loads: this test provokes both.
test.use({
  allowedConsoleErrors: [[...hostRestartErrors, /Failed to load resource/], { scope: 'test' }],
})

test('queued checks and an entity arrive exactly once through reloads and closed tabs mid-send, and none waits for the user', async ({
  app,
  shell,
  search,
  entities,
  outbox,
  sandbox,
}) => {
  const seed = Number(process.env.EXACTLY_ONCE_SEED ?? Date.now() % 100_000)
  const random = seeded(seed)
  test.info().annotations.push({ type: 'seed', description: String(seed) })

  await sandbox.suspend()
  await search.open()
  for (const wallet of wallets) {
    await search.search(wallet)
    await expect(search.error).toHaveAttribute('data-error', 'ServiceUnreachableError')
    await search.queueForLater()
  }
  await entities.open()
  await entities.newEntity.open()
  await entities.newEntity.fillIndividual({ firstName: 'Ada', lastName: 'Lovelace' })
  await entities.newEntity.consent()
  await entities.newEntity.submit('individual')
  await expect(entities.newEntity.error).toContainText('cannot be reached')
  await entities.newEntity.queueForLater()
  await search.open()
  await expect(outbox.items('cryptoCheck')).toHaveCount(3)

  // The service comes back slow, so each send is still on the wire when the tab goes.
  await sandbox.resume()
  sandbox.injectFault({ kind: 'delay', ms: 600 }, { times: 50 })
  // Each round: a send leaves, and the tab goes while it is on the wire. The next send may leave
  // as the new page starts, so its wait is set up before the tab goes.
  let disruptions = 0
  let leaves = outbox.sendLeaves(5_000)
  await outbox.runRetryInterval()
  while ((await leaves) && disruptions < 6) {
    disruptions += 1
    leaves = outbox.sendLeaves(5_000)
    if (random() < 0.5) await shell.reload()
    else await shell.closeAndReopen(app.url)
    await search.open()
    await outbox.runRetryInterval()
  }
  expect(disruptions, 'sends cut off by a reload or a closed tab').toBeGreaterThanOrEqual(3)

  // Every item settles on its own: nothing is left for the user to decide.
  const settled = async (kind: 'cryptoCheck' | 'createEntity') => {
    await outbox.runRetryInterval()
    return outbox.states(kind)
  }
  await expect
    .poll(() => settled('cryptoCheck'), { timeout: 30_000 })
    .toEqual(['done', 'done', 'done'])
  await entities.open()
  await expect.poll(() => settled('createEntity'), { timeout: 30_000 }).toEqual(['done'])
  await saveScreen(search.page, 'exactly-once-01-all-done')

  for (const wallet of wallets) expect(checksOf(sandbox, wallet), wallet).toHaveLength(1)
  expect(creations(sandbox)).toHaveLength(1)
})

test('a billed check cut off by the app’s own process dying may have been billed: said in search and History, and run again only deliberately', async ({
  app,
  shell,
  search,
  history,
  settings,
  sandbox,
}) => {
  await settings.useProduction(sandbox.environment('production'))
  await expect(shell.activeEnvironment).toContainText('Production')

  // The service runs (and bills) the check, then is slow to answer: the host dies meanwhile.
  sandbox.injectFault({ kind: 'delay', ms: 5_000 }, { times: 1 })
  await search.open()
  await search.search(wallets[0]!)
  await search.billedGuard.runBilledCheck()
  await expect.poll(() => sandbox.billedChecks()).toBe(1)
  await app.crashAndStart()

  await expect(search.error).toContainText('may have been billed')
  await expect(search.runAgainAnyway).toBeVisible()
  await expect(search.retryButton).toHaveCount(0)
  await saveScreen(search.page, 'nothing-lost-01-search-cut-off')

  await shell.open(app.url)
  await history.open()
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toHaveAttribute('data-outcome', 'unknown')
  await expect(history.rows.first()).toContainText('May have been billed')
  await history.filterByOutcome('unknown')
  await expect(history.rows).toHaveCount(1)
  await saveScreen(history.page, 'nothing-lost-02-history-outcome-unknown')
  await history.openRow(0)
  await expect(history.attemptNotice).toContainText('This check may have been billed')
  await expect(history.attemptNotice).toContainText('stopped while this check was being sent')
  await saveScreen(history.page, 'nothing-lost-03-attempt')
  expect(sandbox.billedChecks()).toBe(1)

  await history.runAttemptAgainAnyway('Run a new billed check')
  await expect(history.result.root).toHaveAttribute('data-status', 'review_required')
  expect(sandbox.billedChecks()).toBe(2)
  await history.open()
  await history.filterByOutcome('all')
  await expect(history.rows).toHaveCount(2)
})

test('an unreadable answer to a billed check is kept, byte for byte, on the attempt in History', async ({
  search,
  history,
  settings,
  shell,
  sandbox,
}) => {
  await settings.useProduction(sandbox.environment('production'))
  await expect(shell.activeEnvironment).toContainText('Production')

  sandbox.injectFault({ kind: 'malformedJson' }, { times: 1 })
  await search.open()
  await search.search(wallets[1]!)
  await search.billedGuard.runBilledCheck()
  await expect(search.error).toContainText('may have been billed')
  await expect(search.error).toHaveAttribute('data-error', 'OutcomeUnknownError')
  expect(sandbox.billedChecks()).toBe(1)

  await history.open()
  await expect(history.rows.first()).toHaveAttribute('data-outcome', 'unknown')
  await history.openRow(0)
  await expect(history.attempt).toContainText('answered HTTP 200')
  await history.result.showRawResponse()
  // Half a JSON document, as the service sent it: exactly the evidence an investigator needs.
  await expect(history.result.rawBody).toContainText('{"success":true,"statusCode":200')
  await expect(history.result.rawBody).not.toContainText('"links"')
  await saveScreen(history.page, 'nothing-lost-04-unreadable-answer-kept')
})
