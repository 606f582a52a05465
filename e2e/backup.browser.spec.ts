import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync, zipSync } from 'fflate'
import { investigator, reviewerPerson } from './pages/investigatorForm'
import { caseWithCheckFlow } from './flows/caseWithCheckFlow'
import { expect, test } from './fixtures/browserModeTest'
import { saveScreen } from './support/screenshots'
import { hostRestartErrors } from './support/consoleErrors'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const queued = 'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw'
const caseTitle = 'Backed up: ACME wallet'
const productionUrl = 'https://api.example.com/v2/api'

const workDir = mkdtempSync(join(tmpdir(), 'cd-e2e-backup-'))

/** The backup with one byte of its checks changed, stored uncompressed so the byte is found. */
const withChangedCheck = (backup: Uint8Array): Uint8Array => {
  const stored = zipSync(unzipSync(backup), { level: 0 })
  const entry = Buffer.from(stored).indexOf('tables/checks/00001.ndjson')
  const at = Buffer.from(stored).indexOf('"localId"', entry) + 1
  stored[at] = stored[at]! ^ 0x01
  return stored
}

test('back up everything, restore it into a fresh profile on another computer, and it is all there; a damaged copy changes nothing', async ({
  shell,
  search,
  history,
  cases,
  entities,
  outbox,
  settings,
  sandbox,
  otherComputer,
}) => {
  // Two app instances and a dozen stages in one flow: 30–45 s alone, more on a busy 2-core machine.
  test.slow()
  // Data of every kind: a cached entity list, a check, a case with a decision, a note and its
  // trail, a queued check in the outbox, and settings with an address and a key.
  await entities.open()
  const entityName = (await entities.rowNames())[0] ?? ''
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, caseTitle, sanctioned)
  await cases.decideHit(0, 'True match', 'Listed by OFAC.')
  await cases.addNote('Reported to the FIU.')
  await expect(cases.notes).toHaveCount(1)
  await cases.moveTo('in_review')
  await expect(cases.state).toHaveText('In review')
  await cases.showTab('timeline')
  // Created, check linked, hit decided, note added, moved to review.
  const trailLength = 5
  await expect(cases.auditEntries).toHaveCount(trailLength)
  await settings.open()
  await settings.saveBaseUrl('production', productionUrl)
  await settings.saveKey('production', 'sk_live_e2e_backup_key_1234')
  await expect(settings.keyLast4('production')).toHaveText('••••1234')
  await settings.changeAlertsSwitch.click()
  await expect(settings.changeAlertsSwitch).not.toBeChecked()
  await saveScreen(shell.page, 'backup-01-idle', settings.backup.root)
  const publicKey = (await settings.signingPublicKey.textContent()) ?? ''
  await sandbox.suspend()
  await search.open()
  await search.search(queued)
  await search.queueForLater()
  await expect(outbox.items('cryptoCheck')).toHaveAttribute('data-state', 'queued')
  // The runner's own attempt, once it has settled (its attempt gone from History). The page's time
  // stands still from then until the backup is made, so that the runner starts no turn of its own
  // meanwhile (one on the wire would be restored as interrupted), however slow the machine; its
  // data still settles, while what is on screen waits for the clock.
  await outbox.runnerSettles('cryptoCheck')
  await shell.holdClock()
  await shell.letChangesShow()
  // The check that ran, and the search the service could not take, remain.
  await history.open()
  await expect(history.rows).toHaveCount(2)
  await settings.open()
  const download = await settings.backup.backUp()
  await expect(settings.backup.done).toContainText(download.suggestedFilename())
  await expect(settings.backup.done).toContainText('2 checks, 1 case and')
  await shell.releaseClock()
  await saveScreen(shell.page, 'backup-02-done', settings.backup.root)
  // Its time running again, the page shows the item waiting, as the backup holds it.
  await search.open()
  await expect(outbox.items('cryptoCheck')).toHaveAttribute('data-state', 'queued')
  const backupPath = join(workDir, download.suggestedFilename())
  await download.saveAs(backupPath)
  const backup = new Uint8Array(readFileSync(backupPath))
  expect(Buffer.from(backup).includes('sk_live_e2e_backup_key_1234')).toBe(false)

  // Another computer, with a case of its own and its service out of reach, so the restored
  // outbox item stays queued where the test can see it.
  const other = await otherComputer.open()
  await other.app.sandbox.suspend()
  await other.pages.cases.open()
  await other.pages.cases.sayWhoIAm(reviewerPerson)
  await other.pages.cases.create('Here before', 'Someone else', '')
  await other.pages.settings.open()
  // The backups are signed by the first computer's key, which the user trusts here first, as
  // moving to another computer means.
  await other.pages.settings.trustSigner(investigator, publicKey)
  const otherBackup = other.pages.settings.backup

  // A damaged copy is refused, naming the entry, and nothing changes.
  const damagedPath = join(workDir, 'damaged.zip')
  writeFileSync(damagedPath, withChangedCheck(backup))
  await otherBackup.chooseFile(damagedPath)
  await expect(otherBackup.refused).toContainText(
    'entry tables/checks/00001.ndjson is damaged and cannot be read',
  )
  await expect(otherBackup.refused).toContainText('Nothing was changed.')
  await saveScreen(other.pages.shell.page, 'backup-03-refused', otherBackup.root)
  await other.pages.cases.open()
  await other.pages.cases.openCase('Here before')
  await expect(other.pages.cases.detail).toContainText('Here before')

  // A second tab, left open on History: it follows the restore on its own.
  const otherTab = await other.newTab()
  await otherTab.history.open()
  await expect(otherTab.history.empty).toBeVisible()
  const replaced = await other.pages.shell.appDatabases()
  expect(replaced).toHaveLength(1)

  // The intact file: checked, then restored only once the user agrees to replace what is here and
  // ticks which of its settings to take.
  await other.pages.settings.open()
  await otherBackup.chooseFile(backupPath)
  await expect(otherBackup.verified).toContainText('every entry matches its SHA-256')
  await expect(otherBackup.verified).toContainText('2 checks, 1 case and')
  await otherBackup.restore()
  await expect(otherBackup.confirmation).toContainText('replaces the 0 checks, 1 case and')
  await saveScreen(other.pages.shell.page, 'backup-04-confirmation')
  await otherBackup.cancelReplace()
  await expect(otherBackup.confirmation).toBeHidden()
  // Written into a database of its own while the user decides; given up when they leave.
  await expect.poll(() => other.pages.shell.appDatabases()).toHaveLength(2)
  await other.pages.cases.open()
  await expect.poll(() => other.pages.shell.appDatabases()).toEqual(replaced)
  await other.pages.settings.open()
  await otherBackup.chooseFile(backupPath)
  await otherBackup.restore()
  await otherBackup.tickChange('baseUrl:production')
  await otherBackup.confirmReplace()
  await expect(otherBackup.restored).toContainText('2 checks, 1 case and')
  await expect(otherBackup.keysNeeded).toContainText('enter the key again for Production')
  // The page reloaded onto the restored data, at the top of Settings, where it says so.
  await expect(otherBackup.restored).toBeInViewport()
  await saveScreen(other.pages.shell.page, 'backup-05-restored')
  await expect(other.pages.settings.baseUrlInput('production')).toHaveValue(productionUrl)
  await expect(other.pages.settings.keyStatus('production')).toContainText('No key set')
  // The page started again on the restored data and settings.
  await expect(other.pages.settings.changeAlertsSwitch).not.toBeChecked()
  // The data it replaced is deleted, not left behind on this computer; the other tab reloaded.
  await expect.poll(() => other.pages.shell.appDatabases()).not.toContain(replaced[0])
  expect(await other.pages.shell.appDatabases()).toHaveLength(1)
  await expect(otherTab.history.rows).toHaveCount(2)
  // The page finds its database by a copy of the pointer; one lost is corrected from the pointer.
  await otherTab.shell.reloadWithoutDatabaseNameCopy()
  await otherTab.history.open()
  await expect(otherTab.history.rows).toHaveCount(2)

  // Everything as it was on the first computer.
  await other.pages.history.open()
  // The check that ran, and the attempt the service could not take before it was queued.
  await expect(other.pages.history.rows).toHaveCount(2)
  await expect(other.pages.history.rows.nth(0)).toHaveAttribute('data-outcome', 'failed')
  await other.pages.history.filterByOutcome('succeeded')
  await expect(other.pages.history.rows).toHaveCount(1)
  await other.pages.history.openRow(0)
  await expect(other.pages.history.result.root).toContainText(sanctioned)
  await other.pages.cases.open()
  await expect(other.pages.cases.listItems).toHaveCount(1)
  await other.pages.cases.openCase(caseTitle)
  await expect(other.pages.cases.state).toHaveText('In review')
  await expect(other.pages.cases.hit(0).decision).toHaveText('True match')
  await other.pages.cases.showTab('notes')
  await expect(other.pages.cases.notes).toHaveText(/Reported to the FIU\./)
  await other.pages.cases.showTab('timeline')
  await expect(other.pages.cases.auditEntries).toHaveCount(trailLength)
  await expect(other.pages.cases.auditActors.first()).toHaveText(investigator.name)
  await expect(other.pages.cases.auditChain).toContainText('intact')
  await other.pages.entities.open()
  await expect(other.pages.entities.offlineBanner).toBeVisible()
  await expect(other.pages.entities.rows.first()).toContainText(entityName)
  await other.pages.search.open()
  // The computer that made the backup may still send the queued check: here it is held, and
  // nothing leaves until the user sends it from here.
  await expect(other.pages.outbox.items('cryptoCheck')).toHaveAttribute('data-state', 'held')
  await expect(other.pages.outbox.items('cryptoCheck')).toContainText(queued)
  await expect(other.pages.outbox.items('cryptoCheck')).toContainText('which may still send it')
  const leaves = other.pages.outbox.sendLeaves(2_000)
  await other.pages.outbox.runRetryInterval()
  expect(await leaves, 'a held item sent without the user').toBe(false)
  await other.pages.outbox.sendFromHere(other.pages.outbox.items('cryptoCheck'))
  // Sent from here now; the service is out of reach, so it waits again.
  await expect(other.pages.outbox.items('cryptoCheck')).toHaveAttribute('data-state', 'queued')
})

test.describe('a restore cut between the data and the settings', () => {
  // Killing the host is logged by Chromium as a refused load, and the page of the earlier launch
  // as refused (401) until it is given the new address: this test provokes both.
  test.use({
    allowedConsoleErrors: [hostRestartErrors, { scope: 'test' }],
  })

  test('the host killed after the switch and before the settings: every start says the settings did not come back, and "Finish the restore" brings them', async ({
    app,
    shell,
    cases,
    settings,
  }) => {
    const backedUpUrl = 'https://backed-up.example.com/v2/api'
    const changedUrl = 'https://changed-since.example.com/v2/api'
    await settings.backup.routeCallsThroughTheTest()
    await shell.reload()
    await cases.open()
    await cases.sayWhoIAm()
    await cases.create('Before the backup', 'ACME', '')
    await settings.open()
    await settings.saveBaseUrl('production', backedUpUrl)
    const download = await settings.backup.backUp()
    await expect(settings.backup.done).toContainText(download.suggestedFilename())
    const backupPath = join(workDir, `cut-${download.suggestedFilename()}`)
    await download.saveAs(backupPath)
    await settings.saveBaseUrl('production', changedUrl)
    await cases.open()
    await cases.create('After the backup', 'ACME', '')

    await settings.open()
    await settings.backup.chooseFile(backupPath)
    await settings.backup.restore()
    await settings.backup.tickChange('baseUrl:production')
    await settings.backup.confirmReplaceCutBeforeSettings(() => app.crashAndStart())
    // The page reloaded onto the restored data; its host started again at a new address.
    await expect(shell.startError).toContainText('from an earlier launch of Compliance Desk')
    await shell.open(app.url)
    await expect(settings.backup.unfinished).toContainText(
      'brought back the data but not the settings',
    )
    await saveScreen(shell.page, 'backup-06-unfinished', settings.backup.unfinished)
    await cases.open()
    await expect(cases.listItems).toHaveCount(1)
    await expect(cases.listItems).toContainText('Before the backup')
    await settings.open()
    await expect(settings.baseUrlInput('production')).toHaveValue(changedUrl)
    await expect(settings.backup.restored).toContainText('but not the backup’s settings')
    // Said again at the next start, until finished.
    await shell.reload()
    await expect(settings.backup.unfinished).toContainText('Finish the restore')
    await saveScreen(shell.page, 'backup-07-unfinished-on-settings', settings.backup.unfinished)

    // Finished, the page starts again on the backup's settings, and says so once.
    await settings.backup.finishRestore()
    await expect(settings.backup.finished).toContainText('data and settings are both')
    await expect(settings.baseUrlInput('production')).toHaveValue(backedUpUrl)
    await saveScreen(shell.page, 'backup-08-finished', settings.backup.finished)
    await shell.reload()
    await expect(settings.backup.noneUnfinished).toHaveCount(1)
    await expect(settings.backup.unfinished).toBeHidden()
    await expect(settings.backup.finished).toBeHidden()
  })
})
