import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { messyWalletFile } from '../src/test-support/messyWalletList'
import { expect, test } from './fixtures/browserModeTest'
import { appPagesOn } from './pages/appPages'
import { investigator } from './pages/investigatorForm'
import { cryptoChecksSent as checksSent, sanctionedWallets } from './support/sandboxWallets'
import { saveScreen } from './support/screenshots'
import { verifyBundleCli } from './support/verifyBundleCli'

const uniqueInMessyFile = [
  '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
  '123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX',
  'TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
]

test('a messy spreadsheet export is previewed, checked once per unique address, its results downloaded and filtered, and its hits put on a case that exports and verifies', async ({
  shell,
  bulk,
  cases,
  sandbox,
}) => {
  await cases.open()
  await cases.sayWhoIAm(investigator)
  await bulk.open()
  await expect(bulk.title).toHaveText('Bulk screening')
  await bulk.chooseFile('withdrawals.csv', messyWalletFile)
  await expect(bulk.readSummary).toContainText(
    '13 lines read, separated by semicolons, with a header row',
  )
  // Every line accounted for: 1 header + 2 blank + 1 inside a quoted cell + 9 rows.
  await expect(bulk.accounting).toHaveAttribute('data-lines', '13')
  await expect(bulk.accounted('screened')).toHaveAttribute('data-count', '4')
  await expect(bulk.accounted('duplicate')).toHaveAttribute('data-count', '3')
  await expect(bulk.accounted('invalid')).toHaveAttribute('data-count', '2')
  await expect(bulk.accounted('blank')).toHaveAttribute('data-count', '2')
  await expect(bulk.accounted('continued')).toHaveAttribute('data-count', '1')
  await expect(bulk.previewRows).toHaveCount(5)
  await expect(bulk.previewRows.first()).toContainText('Exchange; hot wallet')
  await expect(bulk.invalidRows).toHaveCount(2)
  await expect(bulk.invalidRows.nth(0)).toContainText('Line 8')
  await expect(bulk.invalidRows.nth(0)).toContainText('checksum is wrong')
  await expect(bulk.invalidRows.nth(1)).toContainText('Line 12')
  await expect(bulk.planSummary).toContainText('4 unique addresses to check; 3 duplicate rows')
  await expect(bulk.sendSummary).toContainText('4 checks will run; 0 earlier checks are reused')
  await saveScreen(bulk.page, 'bulk-01-preview')

  await bulk.start()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'finished', { timeout: 30_000 })
  await expect(bulk.count('done')).toHaveAttribute('data-count', '4')
  await expect(bulk.count('hits')).toHaveAttribute('data-count', '3')
  await expect(bulk.progress).toHaveAttribute('aria-valuenow', '100')
  await expect(bulk.resultRows).toHaveCount(9)
  await expect(bulk.finishedNotice).toContainText('Bulk screening finished')
  await saveScreen(bulk.page, 'bulk-02-finished')
  // News that goes: the notice closes by itself, and the results stay on the job's screen.
  await bulk.page.clock.runFor(10_000)
  await expect(bulk.finishedNotice).toBeHidden()
  await expect(bulk.resultRows).toHaveCount(9)

  // Each unique address went to the service exactly once, as written in its first row.
  expect([...checksSent(sandbox)].sort()).toEqual([...uniqueInMessyFile].sort())

  const download = await bulk.downloadResults()
  const csv = Papa.parse<Record<string, string>>(readFileSync(await download.path(), 'utf8'), {
    header: true,
    skipEmptyLines: true,
  })
  // Every input column is carried through by default, after the input line.
  expect(csv.meta.fields).toEqual([
    'line',
    'Customer ref',
    'Wallet address',
    'Label',
    'status',
    'chain',
    'hits',
    'holder',
    'lists',
    'chain on the list',
    'categories',
    'check id',
    'checked at',
    'environment',
    'reused',
    'error',
  ])
  expect(csv.data.map((row) => [row['Customer ref'], row.status])).toEqual([
    ['C-001', 'done'],
    ['C-002', 'done'],
    ['C-003', 'done'],
    ['C-004', 'invalid'],
    ['C-005', 'done'],
    ['C-006', 'done'],
    ['C-007', 'done'],
    ['C-008', 'invalid'],
    ['C-009', 'done'],
  ])
  expect(csv.data.map((row) => row.line)).toEqual(['2', '4', '5', '8', '9', '10', '11', '12', '13'])
  expect(csv.data[0]?.categories).toContain('sanctions')
  expect(csv.data[0]?.chain).toBe('Ethereum')
  expect(csv.data[0]?.holder).toContain('Peijnenburg')
  expect(csv.data[0]?.lists).toContain('US OFAC SDN list')
  expect(csv.data[0]?.['chain on the list']).toBe('ETH')
  expect(csv.data[0]?.['check id']).toMatch(/^[0-9a-f]{24}$/)
  expect(csv.data[1]?.['check id']).toBe(csv.data[0]?.['check id'])
  expect(csv.data[3]?.error).toContain('checksum is wrong')

  // The results' filters are in the job's address: a reload, and the address opened in another
  // tab, show the same rows.
  const withHits = csv.data.filter((row) => Number(row.hits) > 0).length
  expect(withHits).toBeGreaterThan(0)
  await bulk.hitsOnly.check()
  await expect(bulk.resultRows).toHaveCount(withHits)
  await shell.reload()
  await expect(bulk.hitsOnly).toBeChecked()
  await expect(bulk.resultRows).toHaveCount(withHits)
  const otherTab = appPagesOn(await bulk.page.context().newPage())
  await otherTab.shell.open(bulk.page.url())
  await expect(otherTab.bulk.hitsOnly).toBeChecked()
  await expect(otherTab.bulk.resultRows).toHaveCount(withHits)
  await otherTab.shell.page.close()

  // Every address with hits goes on a new case, with the job on its trail; the case exports a
  // bundle that verifies.
  await bulk.linkToNewCase('hits', 'Withdrawals screening', 'Daily withdrawal addresses')
  await expect(cases.linkedChecks).toHaveCount(3)
  await cases.showTab('timeline')
  await expect(cases.auditChain).toContainText('intact')
  await expect(cases.auditEntries.first()).toContainText(
    'Bulk screening of withdrawals.csv linked: 3 checks added; 9 rows, 4 unique addresses, 4 done, 3 hits, 0 failed, 0 reused',
  )
  const fileSha256 = createHash('sha256').update(Buffer.from(messyWalletFile, 'utf8')).digest('hex')
  await expect(cases.bulkJobEntry).toContainText(fileSha256)
  await expect(cases.bulkJobEntry).toContainText(`ran by ${investigator.name}`)
  await saveScreen(bulk.page, 'bulk-04-linked-case-timeline')
  const bundle = await cases.exportBundle()
  const bundlePath = test.info().outputPath('bulk-case.zip')
  await bundle.saveAs(bundlePath)
  const verified = verifyBundleCli(bundlePath)
  expect(verified.stdout).toContain('OK: every file matches')
  expect(verified.status).toBe(0)

  // The same list again within the freshness window reuses every check: nothing is sent.
  await bulk.open()
  await bulk.chooseFile('withdrawals-again.csv', messyWalletFile)
  await expect(bulk.sendSummary).toContainText('0 checks will run; 4 earlier checks are reused')
})

/**
 * A pasted list with a stray quote, values that are no address, a formula and a blank line: every
 * line is accounted for, the stray quote takes no line after it, and the values that are no
 * address go only once the user chooses to send them.
 */
const pastedWithJunk = [
  '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
  '=HYPERLINK("http://x","open")',
  'TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP',
  '0x123',
  'not-an-address',
  "=cmd|' /C calc'!A0",
  '',
  '123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX',
  '0x123',
  '0x04dba1194ee10112fe6c3207c0687def0e78bacf',
].join('\n')

test('a pasted list with a stray quote and values that are no address accounts for every line, and sends those values only when chosen', async ({
  bulk,
  sandbox,
}) => {
  await bulk.open()
  await bulk.paste(pastedWithJunk)
  await expect(bulk.accounting).toHaveAttribute('data-lines', '10')
  await expect(bulk.accounted('screened')).toHaveAttribute('data-count', '3')
  await expect(bulk.accounted('duplicate')).toHaveAttribute('data-count', '1')
  await expect(bulk.accounted('invalid')).toHaveAttribute('data-count', '2')
  await expect(bulk.accounted('unrecognised')).toHaveAttribute('data-count', '3')
  await expect(bulk.accounted('blank')).toHaveAttribute('data-count', '1')
  await expect(bulk.accounting).toContainText(
    '10 lines = 3 addresses to screen + 1 duplicate of an earlier line + 2 invalid lines + 3 unrecognised values + 1 blank line',
  )
  await expect(bulk.invalidRows).toHaveCount(2)
  await expect(bulk.invalidRows.nth(0)).toContainText('Line 2')
  await expect(bulk.invalidRows.nth(0)).toContainText('quote')
  await expect(bulk.invalidRows.nth(1)).toContainText('Line 6')
  await expect(bulk.unrecognisedRows).toHaveText([
    'Line 4: 0x123',
    'Line 5: not-an-address',
    'Line 9: 0x123',
  ])
  await expect(bulk.sendSummary).toContainText('3 checks will run; 0 earlier checks are reused')
  await saveScreen(bulk.page, 'bulk-10-preview-accounting', bulk.unrecognisedRows.first())
  await saveScreen(bulk.page, 'bulk-11-preview-set-aside', bulk.invalidList)

  await bulk.sendUnrecognised()
  await expect(bulk.sendSummary).toContainText(
    '5 checks will run (2 unrecognised values sent as they are); 0 earlier checks are reused',
  )
  // Choosing to send them changes what is sent, not how the lines are accounted for.
  await expect(bulk.accounted('unrecognised')).toHaveAttribute('data-count', '3')
  await bulk.start()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'finished', { timeout: 30_000 })
  await expect(bulk.resultRows).toHaveCount(9)
  expect([...checksSent(sandbox)].sort()).toEqual(
    [
      '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
      'TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP',
      '123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX',
      '0x123',
      'not-an-address',
    ].sort(),
  )
})

test('values that are no address are not sent unless chosen', async ({ bulk, sandbox }) => {
  await bulk.open()
  await bulk.paste(pastedWithJunk)
  await expect(bulk.unrecognisedRows).toHaveCount(3)
  await bulk.start()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'finished', { timeout: 30_000 })
  await expect(bulk.resultOnLine(4)).toHaveAttribute('data-status', 'not sent')
  await saveScreen(bulk.page, 'bulk-12-results-unrecognised')
  expect(checksSent(sandbox)).toHaveLength(3)
  expect(checksSent(sandbox)).not.toContain('0x123')
})

test('in Production the unrecognised values chosen are billed and counted in the confirmation', async ({
  bulk,
  settings,
  shell,
  sandbox,
}) => {
  await settings.useProduction(sandbox.environment('production'))
  await expect(shell.activeEnvironment).toContainText('Production')
  await bulk.open()
  await bulk.paste(pastedWithJunk)
  await expect(bulk.sendSummary).toContainText('3 billed checks will run;')
  await bulk.sendUnrecognised()
  const confirmation = await bulk.startBilled()
  await expect(confirmation).toContainText(
    'This job runs in Production: 5 billed checks will run (2 unrecognised values sent as they are)',
  )
  await saveScreen(bulk.page, 'bulk-13-production-confirm-unrecognised')
  expect(checksSent(sandbox)).toHaveLength(0)
  await bulk.confirmBilled()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'finished', { timeout: 30_000 })
  expect(sandbox.billedChecks()).toBe(5)
})

test('a job interrupted by a reload resumes, and each unique address is sent exactly once', async ({
  bulk,
  shell,
  sandbox,
}) => {
  // Several times what a job has on its way at once, so the reload comes mid-job.
  const wallets = sanctionedWallets(96)
  // Slow answers, so sends are on the wire when the page goes.
  sandbox.injectFault({ kind: 'delay', ms: 700 }, { times: 100 })
  await bulk.open()
  await bulk.paste(wallets.join('\n'))
  await expect(bulk.planSummary).toContainText('96 unique addresses to check')
  await bulk.start()
  await expect(bulk.count('done')).not.toHaveAttribute('data-count', '0', { timeout: 20_000 })
  await saveScreen(bulk.page, 'bulk-03-running')
  await expect(bulk.jobState).toHaveAttribute('data-state', 'running')
  await expect(bulk.count('remaining')).not.toHaveAttribute('data-count', '0')
  await shell.reload()
  await expect(bulk.jobState).toHaveAttribute('data-state', 'finished', { timeout: 60_000 })
  await expect(bulk.count('done')).toHaveAttribute('data-count', '96')
  const sent = checksSent(sandbox)
  expect(sent).toHaveLength(96)
  expect(new Set(sent).size).toBe(96)
})
