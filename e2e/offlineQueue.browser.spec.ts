import type { RunningSandbox } from '../src/sandbox/sandboxServer'
import { expect, test } from './fixtures/browserModeTest'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const queued = 'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw'

const checksSent = (sandbox: RunningSandbox) =>
  sandbox.requests.filter((request) => request.path.endsWith('/crypto/aml-checks'))
const checksAnswered = (sandbox: RunningSandbox) =>
  checksSent(sandbox).filter((request) => request.status !== 0).length

test('offline: history stays readable, and a queued check survives a reload and runs exactly once when the service returns', async ({
  search,
  history,
  outbox,
  shell,
  sandbox,
}) => {
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  const before = checksAnswered(sandbox)

  await sandbox.suspend()
  await history.open()
  await history.openRow(0)
  await expect(history.result.root).toHaveAttribute('data-status', 'review_required')
  await expect(history.result.records('sanctions')).toContainText('us_ofac_sdn')

  await search.open()
  await search.search(queued)
  await expect(search.error).toHaveAttribute('data-error', 'ServiceUnreachableError')
  await expect(search.error).toContainText('cannot be reached')
  await search.queueForLater()
  const item = outbox.items('cryptoCheck')
  await expect(item).toHaveAttribute('data-state', 'queued')
  await expect(shell.connectivity).toHaveAttribute('data-status', 'offline')
  await saveScreen(search.page, 'offline-01-queued-check')

  // The runner's own attempt while the service is away, answered, so none is under way when the
  // page reloads just after (a reload mid-attempt rightly leaves the item for the user to check).
  await outbox.runnerSettles('cryptoCheck')
  await expect(item).toHaveAttribute('data-state', 'queued')
  await shell.reload()
  // The reloaded page's first turn tries once more, its retries taking seconds on a busy machine:
  // the item is back to queued once that attempt is over, and nothing was answered meanwhile.
  await expect(item).toHaveAttribute('data-state', 'queued', { timeout: 20_000 })
  expect(checksAnswered(sandbox)).toBe(before)

  await sandbox.resume()
  await outbox.runRetryInterval()
  await expect(item).toHaveAttribute('data-state', 'done')
  await saveScreen(search.page, 'offline-02-queued-check-done')
  await outbox.viewResult(item)
  await expect(search.result.root).toHaveAttribute('data-status', 'review_required')
  await expect(search.result.root).toContainText(queued)
  // A check's result has its own address in History; Back returns to the search and its outbox.
  await shell.back()

  // The runner's next turns, brought forward by the page's clock, must not send it again.
  await outbox.runRetryInterval()
  await outbox.runRetryInterval()
  await expect(item).toHaveAttribute('data-state', 'done')
  expect(checksSent(sandbox)).toHaveLength(before + 1)
})
