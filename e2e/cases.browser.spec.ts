import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from '@playwright/test'
import { unzipSync, zipSync } from 'fflate'
import { CasesPage } from './pages/casesPage'
import { EntityListPage } from './pages/entityListPage'
import { SearchPage } from './pages/searchPage'
import { VerifyPage } from './pages/verifyPage'
import { launchAppForEachTest } from './support/browserModeApp'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const caseTitle = 'ACME Ltd — wallet alert'

const workDir = mkdtempSync(join(tmpdir(), 'cd-e2e-bundle-'))

const verifyBundleCli = (path: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verifyBundle.ts', path], {
    encoding: 'utf8',
  })

const app = launchAppForEachTest({ openInPage: true })

test('a case: link a result and an entity, decide, close, export, verify; a tampered bundle fails; a reviewer imports it read-only', async ({
  page,
  browser,
}) => {
  const cases = new CasesPage(page)
  const search = new SearchPage(page)
  const verify = new VerifyPage(page)

  // Entities fetched once are in the cache the case's entity picker searches.
  const entities = new EntityListPage(page)
  await entities.open()
  await expect(entities.rows.first()).toBeVisible()
  const entityName = (await entities.rowNames())[0] ?? ''

  await cases.open()
  await saveScreen(page, 'cases-01-empty')
  await cases.create(caseTitle, 'ACME Ltd and its director', 'Alert from transaction monitoring.')

  await search.open()
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await page.getByTestId('add-to-case-button').click()
  await page.getByTestId('add-to-case-option').filter({ hasText: caseTitle }).click()
  await expect(page.getByTestId('case-membership')).toHaveText(caseTitle)

  await page.getByTestId('case-membership').click()
  await expect(cases.detail).toBeVisible()
  await cases.showTab('entities')
  await page.getByTestId('case-link-entity').click()
  await page.getByTestId('link-entity-filter').fill(entityName.split(' ')[0] ?? '')
  await page.getByTestId('link-entity').first().click()
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByTestId('case-entity')).toHaveCount(1)

  await cases.showTab('checks')
  await expect(cases.hits).toHaveCount(1)
  await cases.hits.first().getByTestId('hit-decide').click()
  await cases.hits.first().getByTestId('hit-save').click()
  await expect(cases.hits.first().getByTestId('hit-rationale')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(cases.hits.first()).toContainText('The rationale is required')
  await cases.hits.first().getByRole('button', { name: 'Cancel' }).click()
  await cases.decideHit(
    0,
    'True match',
    'Wallet listed by OFAC; owner matches the subject’s director.',
  )
  await expect(cases.hits.first().getByTestId('hit-decision')).toHaveText('True match')

  await page.getByTestId('case-move-in_review').click()
  await expect(cases.state).toHaveText('In review')
  await cases.close('Reported to the authorities', 'Sanctioned wallet confirmed; SAR filed.')
  await expect(cases.state).toHaveText('Closed')
  await expect(page.getByTestId('case-closure')).toContainText('SAR filed')
  await saveScreen(page, 'cases-02-closed-case')

  await cases.showTab('timeline')
  await expect(page.getByTestId('audit-chain')).toContainText('intact')
  await expect(page.getByTestId('audit-entry')).toHaveCount(6)
  await saveScreen(page, 'cases-03-timeline')

  // The same wallet checked again: the decision on its record is shown with the new result.
  await search.open()
  await search.search(sanctioned)
  await expect(page.getByTestId('earlier-decision')).toContainText('Decided before: True match')
  await saveScreen(page, 'cases-04-earlier-decision-in-result')

  await cases.open()
  await page.getByTestId('case-list-item').filter({ hasText: caseTitle }).click()
  const download = page.waitForEvent('download')
  await page.getByTestId('case-export').click()
  const bundlePath = join(workDir, (await download).suggestedFilename())
  await (await download).saveAs(bundlePath)
  await expect(page.getByTestId('export-done')).toContainText('files')
  expect((await download).suggestedFilename()).toMatch(
    /^ACME Ltd wallet alert \d{4}-\d{2}-\d{2}\.zip$/,
  )

  const passed = verifyBundleCli(bundlePath)
  expect(passed.stdout).toContain('OK: every file matches')
  expect(passed.status).toBe(0)
  await verify.open()
  await verify.check(bundlePath)
  await expect(verify.result).toHaveAttribute('data-ok', 'true')
  await saveScreen(page, 'verify-01-passed')

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
  await expect(verify.problems).toHaveCount(1)
  await expect(verify.problems.first()).toContainText(raw)
  await expect(page.getByTestId('import-bundle')).toHaveCount(0)
  await saveScreen(page, 'verify-02-tampered')

  // The report, opened as a reviewer would: offline, with no request beyond the file itself.
  const reportPath = join(workDir, 'report.html')
  writeFileSync(reportPath, files['report.html'] ?? new Uint8Array())
  const report = await browser.newPage()
  const requested: string[] = []
  report.on('request', (request) => requested.push(request.url()))
  await report.goto(pathToFileURL(reportPath).href)
  await expect(report.locator('h1')).toHaveText(caseTitle)
  await expect(report.locator('body')).toContainText('Wallet listed by OFAC')
  expect(requested).toEqual([pathToFileURL(reportPath).href])
  await saveScreen(report, 'report-01-rendered')
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await report.pdf({ format, printBackground: true })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  }
  await report.close()

  // A reviewer on another computer: a fresh profile, the same bundle.
  const reviewerContext = await browser.newContext()
  const reviewer = await reviewerContext.newPage()
  await reviewer.goto(app().url)
  await expect(reviewer.locator('html[data-app-state="ready"]')).toHaveCount(1)
  const reviewerVerify = new VerifyPage(reviewer)
  await reviewerVerify.open()
  await reviewerVerify.check(bundlePath)
  await expect(reviewerVerify.result).toHaveAttribute('data-ok', 'true')
  await reviewer.getByTestId('import-bundle').click()
  await reviewer.getByTestId('import-open-case').click()
  const reviewerCases = new CasesPage(reviewer)
  await expect(reviewer.getByTestId('case-imported')).toBeVisible()
  await expect(reviewerCases.state).toHaveText('Closed')
  await expect(reviewerCases.hits.first().getByTestId('hit-decision')).toHaveText('True match')
  await expect(reviewer.getByTestId('hit-decide')).toHaveCount(0)
  await expect(reviewer.getByTestId('case-close')).toHaveCount(0)
  await saveScreen(reviewer, 'cases-05-imported-read-only')
  await reviewerContext.close()
})

test('a case with an undecided hit closes only with the reason recorded, and reopening is on the trail', async ({
  page,
}) => {
  const cases = new CasesPage(page)
  const search = new SearchPage(page)
  await cases.open()
  await cases.create('Undecided hit', 'A wallet', '')
  await search.open()
  await search.search(sanctioned)
  await page.getByTestId('add-to-case-button').click()
  await page.getByTestId('add-to-case-option').filter({ hasText: 'Undecided hit' }).click()
  await page.getByTestId('case-membership').click()

  await cases.close('Inconclusive', 'The owner could not be identified.')
  await expect(page.getByTestId('modal-error')).toContainText(
    '1 hit(s) have no decision. Decide them, or record why the case closes without them.',
  )
  await saveScreen(page, 'cases-06-close-with-undecided-hit')
  await page.getByTestId('close-undecided-reason').fill('The exchange has not answered yet.')
  await page.getByTestId('close-confirm').click()
  await expect(cases.state).toHaveText('Closed')
  await expect(page.getByTestId('case-closure')).toContainText(
    'Hits left undecided because: The exchange has not answered yet.',
  )

  await page.getByTestId('case-reopen').click()
  await page.getByTestId('reopen-reason').fill('The exchange answered.')
  await page.getByTestId('reopen-confirm').click()
  await expect(cases.state).toHaveText('Open')
  await cases.showTab('timeline')
  await expect(page.getByTestId('audit-entry').first()).toContainText(
    'Reopened: The exchange answered.',
  )
  await expect(page.getByTestId('audit-chain')).toContainText('intact')
})
