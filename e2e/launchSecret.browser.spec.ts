import { expect, test } from './fixtures/browserModeTest'
import { appPagesOn } from './pages/appPages'
import { saveScreen } from './support/screenshots'

// A page whose launch code is refused logs the host's 403: the tests below provoke it on purpose
// in a profile of their own, which the console watch does not follow.

test('the printed address opens the app once: the code leaves the address bar, and a case link works in a new tab', async ({
  app,
  shell,
  cases,
  context,
}) => {
  // The code was taken out of the address before anything else read it: history keeps none.
  expect(new URL(shell.page.url()).searchParams.has('launch')).toBe(false)

  await cases.open()
  await cases.sayWhoIAm()
  await cases.create('Opened from a link', 'A wallet', '')
  const caseLink = shell.page.url()
  expect(new URL(caseLink).hash).toMatch(/^#\/cases\/.+/)

  // The link in a new tab of the same browser: the session cookie opens it, no address needed.
  const tab = appPagesOn(await context.newPage())
  await tab.shell.open(caseLink)
  await expect(tab.cases.detail).toContainText('Opened from a link')
  await tab.shell.reload()
  await expect(tab.cases.detail).toContainText('Opened from a link')
  await saveScreen(tab.shell.page, 'launch-01-case-link-in-new-tab')

  // The same browser opening the printed address again (from its history) is let in: it already
  // holds the session that address gave it.
  await shell.open(app.url)
})

test('the printed address replayed in another browser profile is refused, saying what to do; a new address opens it there', async ({
  app,
  shell,
  browser,
}) => {
  // This browser opened the printed address (the app is on show): its code is spent.
  await expect(shell.startError).toHaveCount(0)
  const other = await browser.newContext()
  try {
    const elsewhere = appPagesOn(await other.newPage())
    await elsewhere.shell.openExpectingRefusal(app.url)
    await expect(elsewhere.shell.startError).toContainText('already been used')
    await expect(elsewhere.shell.startError).toContainText('npm start')
    await saveScreen(elsewhere.shell.page, 'launch-02-replayed-address-refused')

    // A deep link in a new tab, without a session of this launch, is refused too, and says which
    // address to open.
    const linked = appPagesOn(await other.newPage())
    await linked.shell.openExpectingRefusal(`${new URL(app.url).origin}/#/cases`)
    await expect(linked.shell.startError).toContainText('latest `npm start`')

    // A new one-time address, asked for in the host's terminal, opens the app in that profile.
    await elsewhere.shell.open(await app.newLaunchAddress())
    await expect(elsewhere.shell.startError).toHaveCount(0)
  } finally {
    await other.close()
  }
})
