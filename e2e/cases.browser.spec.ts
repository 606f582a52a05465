import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { unzipSync, zipSync } from 'fflate'
import { expect, test } from './fixtures/browserModeTest'
import { appPagesOn } from './pages/appPages'
import { investigator, reviewerPerson } from './pages/investigatorForm'
import { saveScreen } from './support/screenshots'
import { verifyBundleCli } from './support/verifyBundleCli'
import { caseWithCheckFlow } from './flows/caseWithCheckFlow'
import { pdfTexts } from '../src/test-support/pdfText'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const caseTitle = 'ACME Ltd — wallet alert'

const workDir = mkdtempSync(join(tmpdir(), 'cd-e2e-bundle-'))

test('a case: link a result and an entity, decide, close, export, verify; a tampered bundle fails; a reviewer imports it read-only', async ({
  cases,
  search,
  verify,
  entities,
  reviewer,
  otherComputer,
  settings,
}) => {
  // Two app instances and a dozen stages in one flow: 30–45 s alone, more on a busy 2-core machine.
  test.slow()
  const page = cases.page
  // Entities fetched once are in the cache the case's entity picker searches.
  await entities.open()
  await expect(entities.rows.first()).toBeVisible()
  const entityName = (await entities.rowNames())[0] ?? ''

  await cases.open()
  await saveScreen(page, 'cases-01-empty')
  await cases.openNewCase()
  await saveScreen(page, 'cases-00-who-works-here')
  await cases.answerWhoIAm(investigator)
  await cases.create(caseTitle, 'ACME Ltd and its director', 'Alert from transaction monitoring.')

  await search.open()
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await search.result.addToCase(caseTitle)
  await expect(search.result.caseMembership).toHaveText(caseTitle)

  await search.result.openCase()
  await expect(cases.detail).toBeVisible()
  await cases.showTab('entities')
  await cases.linkEntity(entityName.split(' ')[0] ?? '')
  await expect(cases.entities).toHaveCount(1)
  await expect(cases.entities).toContainText(entityName)

  await cases.showTab('checks')
  await expect(cases.hits).toHaveCount(1)
  await expect(cases.hitSummary).toContainText('1 hit:')
  await expect(cases.hitSummary).toContainText('1 undecided')
  const hit = cases.hit(0)
  await hit.startDeciding()
  await hit.save()
  await expect(hit.rationale).toHaveAttribute('aria-invalid', 'true')
  await expect(hit.root).toContainText('The rationale is required')
  await hit.cancel()
  await hit.decide('True match', 'Wallet listed by OFAC; owner matches the subject’s director.')
  await expect(hit.decision).toHaveText('True match')
  await expect(cases.hitSummary).toContainText('1 true match')
  await expect(cases.hitSummary).toContainText('0 undecided')

  await cases.moveTo('in_review')
  await expect(cases.state).toHaveText('In review')
  await cases.startClosing()
  await expect(cases.closingOutcome('No concern')).toBeDisabled()
  await expect(cases.closeDialog).toContainText(
    'A case cannot close as “No concern” while 1 hit is a confirmed true match',
  )
  await cases.finishClosing(
    'Reported to the authorities',
    'Sanctioned wallet confirmed; SAR filed.',
  )
  await expect(cases.state).toHaveText('Closed')
  await expect(cases.closure).toContainText('SAR filed')
  // A desk with no team: the four-eyes rule could not apply, and the closure says so.
  await expect(cases.closure).toContainText('Closed without a second review (one-person desk).')
  await saveScreen(page, 'cases-02-closed-case')

  await cases.showTab('timeline')
  await expect(cases.auditChain).toContainText('intact')
  await expect(cases.auditEntries).toHaveCount(6)
  await expect(cases.auditActors).toHaveText(Array<string>(6).fill(investigator.name))
  await saveScreen(page, 'cases-03-timeline')

  // The same wallet checked again: the decision on its record is shown with the new result.
  await search.open()
  await search.search(sanctioned)
  await expect(search.result.earlierDecision).toContainText('Decided before: True match')
  await saveScreen(page, 'cases-04-earlier-decision-in-result')

  await cases.open()
  await cases.openCase(caseTitle)
  const download = await cases.exportBundle()
  const bundlePath = join(workDir, download.suggestedFilename())
  await download.saveAs(bundlePath)
  await expect(cases.exportDone).toContainText('files')
  await expect(cases.exportDone).toContainText(`Signed by ${investigator.name}`)
  // News that goes: the trail's `exported` entry keeps what the notice said.
  await page.clock.runFor(10_000)
  await expect(cases.exportDone).toBeHidden()
  expect(download.suggestedFilename()).toMatch(
    /^CD-[0-9A-Z]{4}-[0-9A-Z]{4} ACME Ltd wallet alert \d{4}-\d{2}-\d{2}\.zip$/,
  )

  await verify.open()
  await verify.check(bundlePath)
  await expect(verify.result).toHaveAttribute('data-ok', 'true')
  await expect(verify.signer).toHaveAttribute('data-trust', 'own')
  await expect(verify.signer).toContainText(`${investigator.name} <${investigator.email}>`)
  await expect(verify.secondReview).toHaveText('Closed without a second review (one-person desk).')
  await saveScreen(page, 'verify-01-passed')
  const fingerprint = (await verify.signerFingerprint.textContent()) ?? ''
  const passed = verifyBundleCli(bundlePath, '--signer', fingerprint)
  expect(passed.stdout).toContain(`Signed by: ${investigator.name}`)
  expect(passed.stdout).toContain('OK: every file matches')
  expect(passed.status).toBe(0)
  expect(verifyBundleCli(bundlePath, '--signer', 'f'.repeat(32)).status).toBe(1)
  await settings.open()
  await expect(settings.signingFingerprint).toHaveText(fingerprint)
  await expect(settings.investigatorCard).toContainText('in the OS keychain')
  await saveScreen(page, 'settings-01-investigator', settings.investigatorCard)
  await verify.open()

  const files = unzipSync(readFileSync(bundlePath))
  const raw = Object.keys(files).find((path) => path.endsWith('/response.raw')) ?? ''
  const bytes = Uint8Array.from(files[raw] ?? [])
  bytes[5] = (bytes[5] ?? 0) ^ 1
  const tamperedPath = join(workDir, 'tampered.zip')
  writeFileSync(tamperedPath, zipSync({ ...files, [raw]: bytes }))
  const failed = verifyBundleCli(tamperedPath)
  expect(failed.status).toBe(1)
  expect(failed.stdout).toContain(`CHANGED ${raw}`)
  await verify.check(tamperedPath)
  await expect(verify.result).toHaveAttribute('data-ok', 'false')
  // The changed bytes, and that they no longer read as the answer its check.json says.
  await expect(verify.problems).toHaveCount(2)
  await expect(verify.problems.first()).toContainText(raw)
  await expect(verify.problemsOfKind('meaning')).toContainText(raw)
  await expect(verify.importButton).toHaveCount(0)
  await saveScreen(page, 'verify-02-tampered')

  // The report, opened as a reviewer would: offline, with no request beyond the file itself.
  const reportPath = join(workDir, 'report.html')
  writeFileSync(reportPath, files['report.html'] ?? new Uint8Array())
  const report = await reviewer.openReport(reportPath)
  await expect(report.heading).toHaveText(caseTitle)
  await expect(report.body).toContainText('Wallet listed by OFAC')
  await expect(report.signature).toContainText(`Signed by ${investigator.name}`)
  await expect(report.signature).toContainText(fingerprint)
  expect(report.requested).toEqual([pathToFileURL(reportPath).href])
  await saveScreen(report.page, 'report-01-rendered')
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await report.pdf(format)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  }
  // The first two printed pages, whole, at both reviewed sizes: the summary page and the next.
  const printed = join(workDir, 'report.pdf')
  writeFileSync(printed, await report.pdf('A4'))
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1440, height: 900 },
  ]) {
    await report.page.setViewportSize(size)
    for (const pageNumber of [1, 2]) {
      await report.savePrintedPage(printed, pageNumber, `report-03-printed-page-${pageNumber}`)
    }
  }

  // A reviewer on another computer (its own app, data folder and signing key), the same bundle.
  const { pages: other } = await otherComputer.open()
  await other.verify.open()
  await other.verify.check(bundlePath)
  await expect(other.verify.result).toHaveAttribute('data-ok', 'true')
  await expect(other.verify.signer).toHaveAttribute('data-trust', 'unknown')
  await other.verify.sayWhoIAm(reviewerPerson)
  await saveScreen(other.verify.page, 'verify-03-unknown-signer')
  await other.verify.startImport()
  await expect(other.verify.signerWarning).toContainText('whose key this computer does not know')
  await saveScreen(other.verify.page, 'verify-04-import-asks-first')
  await other.verify.importAnywayAndOpenCase()
  await expect(other.cases.imported).toBeVisible()
  await expect(other.cases.imported).toHaveAttribute('data-trust', 'unknown')
  await expect(other.cases.imported).toContainText(`imported after a warning`)
  await expect(other.cases.state).toHaveText('Closed')
  await expect(other.cases.hit(0).decision).toHaveText('True match')
  await expect(other.cases.decideButtons).toHaveCount(0)
  await expect(other.cases.closeButton).toHaveCount(0)
  await saveScreen(other.cases.page, 'cases-05-imported-read-only')
})

test('a case with an undecided hit closes only with the reason recorded, and reopening is on the trail; the open tab is kept in the address', async ({
  shell,
  cases,
  search,
}) => {
  await cases.open()
  await cases.sayWhoIAm()
  await cases.create('Undecided hit', 'A wallet', '')
  await search.open()
  await search.search(sanctioned)
  await search.result.addToCase('Undecided hit')
  await search.result.openCase()

  await cases.close('Inconclusive', 'The owner could not be identified.')
  await expect(cases.modalError).toContainText(
    '1 hit has no decision. Give every hit a final decision, or record why the case closes without one.',
  )
  await saveScreen(cases.page, 'cases-06-close-with-undecided-hit')
  await cases.closeLeavingHitsUndecided('The exchange has not answered yet.')
  await expect(cases.state).toHaveText('Closed')
  await expect(cases.closure).toContainText(
    'Hits left undecided because: The exchange has not answered yet.',
  )

  await cases.reopen('The exchange answered.')
  await expect(cases.state).toHaveText('Open')
  await cases.showTab('timeline')
  await expect(cases.auditHeadlines.first()).toHaveText('Reopened')
  await expect(cases.auditEntries.first()).toContainText('Reason: The exchange answered.')
  await expect(cases.auditChain).toContainText('intact')

  // The open tab is in the case's address: a reload, and the address opened in another tab, show
  // the timeline again; another case opens on its checks.
  await shell.reload()
  await expect(cases.tab('timeline')).toHaveAttribute('aria-selected', 'true')
  await expect(cases.auditHeadlines.first()).toHaveText('Reopened')
  const otherTab = appPagesOn(await cases.page.context().newPage())
  await otherTab.shell.open(cases.page.url())
  await expect(otherTab.cases.tab('timeline')).toHaveAttribute('aria-selected', 'true')
  await expect(otherTab.cases.auditHeadlines.first()).toHaveText('Reopened')
  await otherTab.shell.page.close()
  await cases.create('Another case', 'Another wallet', '')
  await expect(cases.tab('checks')).toHaveAttribute('aria-selected', 'true')
})

test('one record in four categories is decided once for all; unlinking offers undo; a move keeps its reason', async ({
  cases,
  search,
  entities,
}) => {
  const pepWallet = '0x5ca1ab1e00000000000000000000000000000001'
  await entities.open()
  await expect(entities.rows.first()).toBeVisible()
  const entityName = (await entities.rowNames())[0] ?? ''
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, 'PEP wallet', pepWallet)

  // Shown once, with a decision row per category: decisions stay per category as trails keep them.
  await expect(cases.records).toHaveCount(1)
  await expect(cases.hits).toHaveCount(4)
  await expect(cases.records.first()).toContainText('Synthetic Politically Exposed Person')
  await cases.decideRecord(0, 'False positive', 'Made-up sandbox wallet, not our subject.')
  for (let index = 0; index < 4; index++) {
    await expect(cases.hit(index).decision).toHaveText('False positive')
  }
  await expect(cases.hitSummary).toContainText('4 hits:')
  await saveScreen(cases.page, 'cases-07-record-in-four-categories', cases.records.first())

  await cases.unlinkCheck(0)
  await expect(cases.linkedChecks).toHaveCount(0)
  await expect(cases.undoNotice).toContainText('unlinked, with 4 decisions on its hits')
  await saveScreen(cases.page, 'cases-08-unlinked-with-undo')
  await cases.undo()
  await expect(cases.undoNotice).toBeHidden()
  await expect(cases.linkedChecks).toHaveCount(1)
  for (let index = 0; index < 4; index++) {
    await expect(cases.hit(index).decision).toHaveText('False positive')
  }

  await cases.showTab('entities')
  await cases.linkEntity(entityName.split(' ')[0] ?? '')
  await expect(cases.entities).toHaveCount(1)
  await saveScreen(cases.page, 'cases-09-linked-entity')
  await cases.unlinkEntity(0)
  await expect(cases.entities).toHaveCount(0)
  await cases.undo()
  await expect(cases.entities).toHaveCount(1)

  await cases.moveTo('in_review', 'Waiting for the bank’s statements.')
  await expect(cases.state).toHaveText('In review')
  await cases.showTab('timeline')
  await expect(cases.auditHeadlines.first()).toHaveText('Moved from Open to In review')
  await expect(cases.auditEntries.first()).toContainText(
    'Reason: Waiting for the bank’s statements.',
  )
  // Unlinking and its undoing are both on the trail, and the chain holds.
  await expect(cases.auditEntries.filter({ hasText: 'unlinked' })).toHaveCount(2)
  await expect(cases.auditChain).toContainText('intact')
  await saveScreen(cases.page, 'cases-10-timeline-with-undo')

  // Checked again: the four decisions, alike, are said once beside the record.
  await search.open()
  await search.search(pepWallet)
  await expect(search.result.earlierDecision).toHaveCount(1)
  await expect(search.result.earlierDecision).toContainText(
    'Decided before (PEP, Government, Role, Person of interest): False positive',
  )
})

test('one wallet the list gives for ARB, BSC and ETH is three records with their chains, decided one by one; a same re-screen changes nothing; the bundle names the case and the match', async ({
  cases,
  search,
  rescreen,
  reviewer,
}) => {
  test.slow()
  // OFAC lists one wallet of "Sim, Hyon Sop" for ARB, BSC and ETH.
  const multiChain = '0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c'
  const chains = ['ARB', 'BSC', 'ETH']
  const title = 'Sim wallet alert'
  await cases.open()
  await cases.sayWhoIAm()
  await cases.create(title, 'ACME Ltd', 'Alert from monitoring.')
  await search.open()
  await search.search(multiChain)
  await search.expectStatus('review_required')
  const cards = search.result.recordCards
  await expect(cards).toHaveCount(3)
  for (const [index, chain] of chains.entries()) {
    await expect(search.result.holderOf(cards.nth(index))).toHaveText('Sim, Hyon Sop')
    await expect(search.result.chainsOf(cards.nth(index))).toHaveText(chain)
    await expect(cards.nth(index)).toContainText('US OFAC SDN list')
  }
  await saveScreen(search.page, 'result-02-one-wallet-three-chains', cards.first())
  await search.result.addToCase(title)
  await search.result.openCase()

  await expect(cases.number).toHaveText(/^CD-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
  const number = (await cases.number.textContent()) ?? ''
  await saveScreen(cases.page, 'cases-11-number-in-header')
  await expect(cases.records).toHaveCount(3)
  await expect(cases.hits).toHaveCount(3)
  for (const [index, chain] of chains.entries()) {
    await expect(cases.chainsOf(cases.records.nth(index))).toHaveText(chain)
    await expect(cases.records.nth(index)).toContainText('Sim, Hyon Sop')
  }
  await cases.decideHit(2, 'True match', 'The ETH wallet is the director’s.')
  await expect(cases.hit(2).decision).toHaveText('True match')
  await expect(cases.hit(0).decision).toHaveText('Undecided')
  await expect(cases.hit(1).decision).toHaveText('Undecided')
  await expect(cases.hitSummary).toContainText('2 undecided')
  await expect(cases.state).toHaveText('Open')
  await saveScreen(cases.page, 'cases-12-one-wallet-three-chains', cases.records.first())

  // The service answers exactly as before: nothing changed, the one decision carried.
  await rescreen.rescreenAll()
  await expect(rescreen.outcomes).toHaveText([
    new RegExp(`${multiChain} — nothing changed, 1 decision carried`),
  ])
  await rescreen.close()
  await cases.showTab('timeline')
  await expect(cases.auditEntries.first()).toContainText(
    `Re-screened ${multiChain}: nothing changed, 1 decision carried`,
  )

  // The review does not double: the wallet is shown once, by its later check, with the earlier
  // one folded under it; the decision came with the record, and two hits still wait, not five.
  await cases.showTab('checks')
  await expect(cases.wallets).toHaveCount(1)
  await expect(cases.linkedChecks).toHaveCount(1)
  await expect(cases.earlierToggles).toHaveText('Show 1 earlier check')
  await expect(cases.hits).toHaveCount(3)
  await expect(cases.hit(2).decision).toHaveText('True match')
  await expect(cases.hit(2).carried).toBeVisible()
  await expect(cases.hitSummary).toContainText('3 hits:')
  await expect(cases.hitSummary).toContainText('2 undecided')
  await saveScreen(cases.page, 'cases-13-after-same-rescreen', cases.records.first())
  // The tab counts what it lists: one wallet, however many of its checks the case holds.
  await expect(cases.tab('checks')).toHaveText('Checks and hits (1)')
  // The earlier check's own decision goes with it; the one the re-screen carried to the later
  // check is that check's, and stays, as the dialog says before anything is done.
  await cases.earlierToggles.click()
  await cases.unlinkButton(1).click()
  await expect(cases.unlinkEffect).toHaveText([
    'This withdraws 1 decision on its hits.',
    'The 1 decision carried from it to a later check of this wallet stays.',
  ])
  await saveScreen(cases.page, 'cases-13b-unlink-earlier-check-asks')
  await cases.unlinkConfirm.click()
  await expect(cases.unlinkDialog).toBeHidden()
  await expect(cases.earlierToggles).toHaveCount(0)
  await expect(cases.hit(2).decision).toHaveText('True match')
  await expect(cases.hitSummary).toContainText('2 undecided')
  await expect(cases.tab('checks')).toHaveText('Checks and hits (1)')
  // Deciding every chain at once is a choice of its own, and the trail says so.
  await cases.decideEveryChain(0, 'True match', 'One holder on every chain.')
  await cases.showTab('timeline')
  await expect(
    cases.auditEntries.filter({
      hasText: 'Decided with the others: all 3 chains of this record.',
    }),
  ).toHaveCount(3)
  await expect(cases.hitSummary).toContainText('0 undecided')

  // The case list finds the case by the holder its checks name.
  await cases.open()
  await cases.searchList('hyon sop')
  await expect(cases.listItems).toHaveCount(1)
  await expect(cases.listItems.first()).toContainText(number)
  await cases.searchList('someone unlisted')
  await expect(cases.listItems).toHaveCount(0)
  await cases.clearListFilters()
  await cases.openCase(title)

  const download = await cases.exportBundle()
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${number} Sim wallet alert \\d{4}-\\d{2}-\\d{2}\\.zip$`),
  )
  const bundlePath = join(workDir, 'multi-chain.zip')
  await download.saveAs(bundlePath)
  expect(verifyBundleCli(bundlePath).status).toBe(0)
  const files = unzipSync(readFileSync(bundlePath))
  expect(JSON.parse(new TextDecoder().decode(files['case.json']))).toMatchObject({
    caseNumber: number,
  })
  const csv = new TextDecoder().decode(files['hits.csv'])
  for (const chain of chains) {
    expect(csv).toContain(`"Sim, Hyon Sop","${multiChain}","${chain}","US OFAC SDN list"`)
  }

  const reportPath = join(workDir, 'multi-chain-report.html')
  writeFileSync(reportPath, files['report.html'] ?? new Uint8Array())
  const report = await reviewer.openReport(reportPath)
  await expect(report.caseNumber).toHaveText(number)
  for (const chain of chains) await expect(report.hitRows).toContainText([chain])
  await expect(report.hitRows.first()).toContainText('Sim, Hyon Sop')
  await saveScreen(report.page, 'report-02-one-wallet-three-chains', report.hitRows.first())
  // Printed, every page says which case and which page it is.
  const pages = pdfTexts(await report.pdf('A4'))
  expect(pages.some((text) => /Page 1 of \d+/.test(text))).toBe(true)
  expect(pages.some((text) => text.includes(number))).toBe(true)
})

test('by keyboard: Decide takes the focus to its choice, Save moves it to the next hit to decide; Unlink asks first, a key pressed again unlinks nothing, and the focus moves on', async ({
  cases,
  search,
}) => {
  const pepWallet = '0x5ca1ab1e00000000000000000000000000000001'
  const page = cases.page
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, 'Keyboard review', pepWallet)
  await expect(cases.hits).toHaveCount(4)

  // A laptop screen: the open case has the width to itself, its first hit's Decide in view.
  await page.setViewportSize({ width: 1024, height: 700 })
  await expect(cases.backToList).toBeVisible()
  await expect(cases.hit(0).decideButton).toBeInViewport()
  // Below a compact header, the whole first wallet, its four hits included, is in view.
  await expect(cases.wallets.first()).toBeInViewport({ ratio: 1 })
  await saveScreen(page, 'cases-14-first-hit-in-view')

  // Deciding the whole record, then cancelled: the focus goes to the choice and back.
  await cases.decideAllButton(0).press('Enter')
  await expect(cases.recordChoice(0)).toBeFocused()
  await cases.cancelRecordDecision(0)
  await expect(cases.decideAllButton(0)).toBeFocused()

  await cases.hit(0).decideButton.press('Enter')
  await expect(cases.hit(0).chosen).toBeFocused()
  await cases.hit(0).rationale.fill('Made-up sandbox wallet.')
  await cases.hit(0).saveButton.press('Enter')
  await expect(cases.hit(0).decision).toHaveText('Needs review')
  await expect(cases.hit(1).decideButton).toBeFocused()
  // Cancelled, the editor gives the focus back to the hit's own Decide.
  await page.keyboard.press('Enter')
  await cases.hit(1).cancel()
  await expect(cases.hit(1).decideButton).toBeFocused()
  for (const index of [1, 2, 3]) {
    await page.keyboard.press('Enter')
    await cases.hit(index).rationale.fill('Made-up sandbox wallet.')
    await cases.hit(index).saveButton.press('Enter')
    await expect(cases.hit(index).decision).toHaveText('Needs review')
  }
  // Nothing is left to decide: the focus stays with the hit just decided.
  await expect(cases.hit(3).decideButton).toBeFocused()
  await expect(cases.hit(3).decideButton).toHaveText('Change')

  // Space on Unlink asks; Space again closes the question (its first control) and the check
  // stays; the focus is back on Unlink, where Space asks again.
  await cases.unlinkButton(0).focus()
  await page.keyboard.press('Space')
  await expect(cases.unlinkDialog).toBeVisible()
  await expect(cases.unlinkEffect).toHaveText(['This withdraws 4 decisions on its hits.'])
  await page.keyboard.press('Space')
  await expect(cases.unlinkDialog).toBeHidden()
  await expect(cases.unlinkButton(0)).toBeFocused()
  await page.keyboard.press('Space')
  await expect(cases.unlinkDialog).toBeVisible()
  await saveScreen(page, 'cases-15-unlink-asks')
  await cases.unlinkConfirm.press('Enter')
  await expect(cases.unlinkDialog).toBeHidden()
  await expect(cases.linkedChecks).toHaveCount(0)
  // No wallet is left: the focus goes to where the next one is linked.
  await expect(cases.linkCheckButton).toBeFocused()
  await expect(cases.undoNotice).toContainText('unlinked, with 4 decisions on its hits')
  await cases.showTab('timeline')
  await expect(cases.auditHeadlines.filter({ hasText: 'Check unlinked' })).toHaveCount(1)
})

test('the timeline says each change in full: the record and category decided with its rationale, the note’s text, the state and its reason, who; it filters by kind and by person', async ({
  cases,
  search,
}) => {
  const title = 'Full trail'
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, title, sanctioned)
  // A bidi override in text from outside would make it read as other text: it is shown escaped.
  await cases.decideHit(0, 'False positive', 'Another holder: see \u202Eexe.tnemucod')
  await expect(cases.hit(0).decision).toHaveText('False positive')
  await expect(cases.hit(0).root).toContainText('Another holder: see \\u{202e}exe.tnemucod')
  await cases.addNote('Called the exchange.\nThey confirm the owner.')
  await expect(cases.notes).toHaveCount(1)
  await cases.showTab('checks')
  await cases.moveTo('in_review', 'Statements requested.')
  await cases.showTab('timeline')
  await expect(cases.auditHeadlines).toHaveText([
    'Moved from Open to In review',
    'Note added',
    new RegExp(`^False positive: Sanctions hit on ${sanctioned}( held by .+)?( on .+)?$`),
    `Check linked: ${sanctioned}`,
    `Case opened: ${title}`,
  ])
  await expect(cases.auditEntries.nth(0)).toContainText('Reason: Statements requested.')
  await expect(cases.auditDetails(1)).toHaveText('Called the exchange.They confirm the owner.')
  await expect(cases.auditEntries.nth(2)).toContainText(
    'Rationale: Another holder: see \\u{202e}exe.tnemucod',
  )
  await expect(cases.auditActors).toHaveText(Array<string>(5).fill(investigator.name))
  await saveScreen(cases.page, 'cases-16-timeline-in-full')

  await cases.filterTimeline('Show', 'Notes')
  await expect(cases.auditHeadlines).toHaveText(['Note added'])
  await cases.filterTimeline('Show', 'Decisions')
  await expect(cases.auditHeadlines).toHaveText([/^False positive: Sanctions hit/])
  await cases.filterTimeline('Show', 'Every change')
  await cases.filterTimeline('By', investigator.name)
  await expect(cases.auditEntries).toHaveCount(5)
})

test('a later check of a wallet linked by hand: the tab counts the wallet once, and unlinking the earlier check says the decision the later one kept from it goes', async ({
  cases,
  search,
}) => {
  const title = 'Checked twice'
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, title, sanctioned)
  await cases.decideHit(0, 'True match', 'Wallet listed by OFAC.')
  await expect(cases.hit(0).decision).toHaveText('True match')
  await search.open()
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await search.result.addToCase(title)
  await search.result.openCase()

  // The later check keeps the decision made on the earlier one by record, not carried.
  await expect(cases.wallets).toHaveCount(1)
  await expect(cases.tab('checks')).toHaveText('Checks and hits (1)')
  await expect(cases.hit(0).decision).toHaveText('True match')
  await expect(cases.hit(0).carried).toContainText('kept from the check of')
  await cases.earlierToggles.click()
  await cases.unlinkButton(1).click()
  await expect(cases.unlinkEffect).toHaveText([
    'This withdraws 1 decision on its hits, which the latest check of this wallet kept.',
    'That hit then needs a decision again.',
  ])
  await saveScreen(cases.page, 'cases-17-unlink-earlier-check-kept-decision')
  await cases.unlinkConfirm.click()
  await expect(cases.unlinkDialog).toBeHidden()
  await expect(cases.hit(0).decision).toHaveText('Undecided')
  await expect(cases.hitSummary).toContainText('1 undecided')
})
