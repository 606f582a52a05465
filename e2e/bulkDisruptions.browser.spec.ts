import { expect, test } from './fixtures/browserModeTest'
import {
  cryptoCheckArrivals as arrivals,
  cryptoCheckPath as checkPath,
  cryptoChecksAnswered as answered,
  cryptoChecksSent as checksSent,
  sanctionedWallets as wallets,
} from './support/sandboxWallets'
import { hostRestartErrors } from './support/consoleErrors'
import { saveScreen } from './support/screenshots'

// Killing the host is logged by Chromium as failed loads: this file provokes it on purpose.
test.use({
  allowedConsoleErrors: [[...hostRestartErrors, /Failed to load resource/], { scope: 'test' }],
})

/** Well over what a job has on its way at once, so a kill, a pause or a cancel comes mid-job. */
const listSize = 60

test('a job cut by killing the host resumes after the restart, and each unique address reaches the service exactly once', async ({
  app,
  bulk,
  shell,
  sandbox,
}) => {
  // Slow answers, so sends are on the wire when the process dies.
  sandbox.injectFault({ kind: 'delay', ms: 700 }, { times: 100 })
  await bulk.open()
  await bulk.paste(wallets(listSize).join('\n'))
  await expect(bulk.planSummary).toContainText(`${listSize} unique addresses to check`)
  await bulk.start()
  await expect(bulk.count('done')).not.toHaveAttribute('data-count', '0', { timeout: 20_000 })
  // Mid-job: the kill must cut it.
  await expect(bulk.count('remaining')).not.toHaveAttribute('data-count', '0')
  await app.crashAndStart()
  await shell.open(app.url)
  await bulk.openJob('pasted list')
  await expect(bulk.jobState).toHaveAttribute('data-state', 'finished', { timeout: 60_000 })
  await expect(bulk.count('remaining')).toHaveAttribute('data-count', '0')
  // What was on the wire when the host died may have run: it is never sent again and its outcome
  // is unknown, and what never left is sent once. The host puts a send on record before it goes,
  // so one killed in between leaves an address the service never saw among the unknown ones: the
  // service saw each address at most once, every answered one, and none beyond the unknown.
  await expect(bulk.count('failed')).toHaveAttribute('data-count', '0')
  const done = Number(await bulk.count('done').getAttribute('data-count'))
  const unknown = listSize - done
  if (unknown > 0) await expect(bulk.count('unknown')).toHaveAttribute('data-count', `${unknown}`)
  const sent = checksSent(sandbox)
  expect(new Set(sent).size).toBe(sent.length)
  expect(sent.length).toBeGreaterThanOrEqual(done)
  expect(sent.length).toBeLessThanOrEqual(listSize)
})

test('a 429 storm slows a job down without failing a row', async ({ bulk, sandbox }) => {
  sandbox.injectFault({ kind: 'rateLimit', retryAfterS: 1 }, { times: 12, pathPrefix: checkPath })
  await bulk.open()
  await bulk.paste(wallets(12).join('\n'))
  await bulk.start()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'finished', { timeout: 60_000 })
  await expect(bulk.count('done')).toHaveAttribute('data-count', '12')
  await expect(bulk.count('failed')).toHaveAttribute('data-count', '0')
  expect(answered(sandbox, 429)).toBe(12)
  expect(answered(sandbox, 200)).toBe(12)
  // It slowed down as told: after a 429 asking for a second's pause, nothing more was sent for
  // that second but what was already on its way, in the same few milliseconds.
  const seen = arrivals(sandbox)
  for (const limited of seen.filter(({ status }) => status === 429)) {
    const sentAfter = seen.filter(
      ({ receivedAt }) =>
        receivedAt > limited.receivedAt + onTheWayMs && receivedAt < limited.receivedAt + 1_000,
    )
    expect(sentAfter).toEqual([])
  }
  const first429 = seen.find(({ status }) => status === 429)!
  const first200 = seen.find(({ status }) => status === 200)!
  expect(first200.receivedAt - first429.receivedAt).toBeGreaterThanOrEqual(1_000 - onTheWayMs)
})

/** Requests already sent when a 429 came back arrive within this of it, on loopback. */
const onTheWayMs = 50

test('a job is paused, resumed and cancelled, and what was not sent stays unsent', async ({
  bulk,
  sandbox,
}) => {
  // A job sends 16 checks at once (bulkConcurrency), all of them on the page's socket at once, so
  // a list and answers long enough that a resumed job is still sending when the cancel comes,
  // however slow the machine is to see that it resumed.
  const longList = 200
  sandbox.injectFault({ kind: 'delay', ms: 1500 }, { times: 1000 })
  await bulk.open()
  await bulk.paste(wallets(longList).join('\n'))
  await bulk.start()
  await expect(bulk.count('done')).not.toHaveAttribute('data-count', '0', { timeout: 20_000 })
  await bulk.pause()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'paused')
  // What was on its way when paused settles; nothing more leaves.
  await expect.poll(() => bulk.runningCount(), { timeout: 10_000 }).toBe(0)
  const sentWhenPaused = checksSent(sandbox).length
  expect(sentWhenPaused).toBeLessThan(longList)
  await bulk.resume()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'running')
  await expect
    .poll(() => checksSent(sandbox).length, { timeout: 20_000 })
    .toBeGreaterThan(sentWhenPaused)
  await bulk.cancel()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'cancelled')
  await expect.poll(() => bulk.runningCount(), { timeout: 10_000 }).toBe(0)
  const sentWhenCancelled = checksSent(sandbox).length
  expect(sentWhenCancelled).toBeLessThan(longList)
  await expect(bulk.count('remaining')).toHaveAttribute(
    'data-count',
    String(longList - Number(await bulk.count('done').getAttribute('data-count'))),
  )
  await saveScreen(bulk.page, 'bulk-05-cancelled')
  expect(checksSent(sandbox)).toHaveLength(sentWhenCancelled)
  expect(new Set(checksSent(sandbox)).size).toBe(sentWhenCancelled)
})

test('in Production a job runs only after its summary is confirmed, stops at its budget cap, goes on when the cap is raised, and stops on a 402 keeping what was done', async ({
  bulk,
  settings,
  shell,
  sandbox,
}) => {
  await settings.useProduction(sandbox.environment('production'))
  await expect(shell.activeEnvironment).toContainText('Production')
  sandbox.setProductionBalance(6)
  await bulk.open()
  await bulk.paste(wallets(10).join('\n'))
  await expect(bulk.sendSummary).toContainText('10 billed checks will run')
  const confirmation = await bulk.startBilled(3)
  await expect(confirmation).toContainText('This job runs in Production: 10 billed checks will run')
  await saveScreen(bulk.page, 'bulk-06-production-confirm')
  expect(checksSent(sandbox)).toHaveLength(0)
  await bulk.confirmBilled()

  await expect(bulk.jobState).toHaveAttribute('data-state', 'stopped', { timeout: 30_000 })
  await expect(bulk.stopped).toContainText('The budget cap of 3 billed checks is reached')
  await expect(bulk.count('done')).toHaveAttribute('data-count', '3')
  expect(sandbox.billedChecks()).toBe(3)
  await saveScreen(bulk.page, 'bulk-07-budget-cap')

  // The cap raised: the job goes on until the account runs dry (402), keeping what was done.
  await bulk.raiseBudget(10)
  await expect(bulk.jobState).toHaveAttribute('data-state', 'stopped', { timeout: 30_000 })
  await expect(bulk.stopped).toContainText('The account has no funds left for billed checks')
  await expect(bulk.stopped).toContainText('6 checks done so far are kept')
  await expect(bulk.count('done')).toHaveAttribute('data-count', '6')
  await expect(bulk.count('failed')).toHaveAttribute('data-count', '0')
  expect(sandbox.billedChecks()).toBe(6)
  expect(answered(sandbox, 402)).toBeGreaterThanOrEqual(1)
  await saveScreen(bulk.page, 'bulk-08-no-funds')
})
