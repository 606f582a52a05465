import { expect, test } from './fixtures/browserModeTest'
import { cryptoChecksSent } from './support/sandboxWallets'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const clean = '0x0000000000000000000000000000000000000001'

test('a data folder the app cannot write: said above every screen, History readable, a search refused with nothing sent', async ({
  app,
  shell,
  search,
  history,
  sandbox,
}) => {
  await search.open()
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await shell.leave()

  await app.restartReadOnly()
  await shell.open(app.url)
  await expect(shell.readOnlyBanner).toContainText('Compliance Desk is read-only')
  await expect(shell.readOnlyProblem).toContainText(
    'so Compliance Desk started read-only: what it keeps can be read, but nothing can be sent or saved',
  )
  const problem = (await shell.readOnlyProblem.textContent()) ?? ''

  // History is read as before, under the banner.
  await history.open()
  await expect(shell.readOnlyBanner).toBeVisible()
  await expect(history.rows).toHaveCount(1)
  await saveScreen(shell.page, 'storage-01-read-only-history')
  await history.openRow(0)
  await expect(history.result.root).toContainText(sanctioned)

  // A search is refused in the banner's words, and nothing reaches the service.
  const sent = cryptoChecksSent(sandbox)
  await search.open()
  await search.search(clean)
  await expect(search.error).toHaveAttribute('data-error', 'StorageError')
  await expect(search.error).toContainText('This computer could not record the check')
  await expect(search.error).toContainText(problem)
  await expect(search.error).not.toContainText('billed')
  expect(cryptoChecksSent(sandbox)).toEqual(sent)
  await saveScreen(search.page, 'storage-02-search-refused', search.error)
})

test('the browser’s storage full: a search is not sent, and says so', async ({
  shell,
  search,
  history,
  sandbox,
}) => {
  await search.open()
  await shell.fillBrowserStorage()
  await search.search(clean)
  await expect(search.error).toHaveAttribute('data-error', 'StorageError')
  await expect(search.error).toContainText(
    'This computer’s storage for Compliance Desk is full, so the check was not sent: nothing was sent and nothing billed. Free some disk space, then run it again.',
  )
  await expect(search.error).not.toContainText('may have been billed')
  expect(cryptoChecksSent(sandbox)).toEqual([])
  await saveScreen(search.page, 'storage-03-browser-storage-full', search.error)
  await history.open()
  await expect(history.empty).toBeVisible()
})
