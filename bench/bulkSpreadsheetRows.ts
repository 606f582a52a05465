import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import Papa from 'papaparse'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { BulkPage } from '../e2e/pages/bulkPage'
import { cryptoCheckPath } from '../e2e/support/sandboxWallets'
import { randomEvmAddresses } from '../src/test-support/bulkScreening'
import { loadAppIn } from './appPage'
import { oneReading, type BenchRow } from './benchStats'

const rowCount = 10_000
/** The sandbox's default limit, requests a second. */
const limitPerSecond = 50
/** The host is killed once this many addresses are done. */
const killAfter = 2_500
const fileName = 'customer-wallets.csv'

/**
 * A customer book as a spreadsheet exports it ("CSV UTF-8"): a byte-order mark, CRLF, commas,
 * names with commas in quotes, a chain column, some customers sharing a wallet (one written in
 * lower case), real sanctioned wallets among made-up ones.
 */
function customerBook(): { text: string; unique: number } {
  const sanctioned = (
    JSON.parse(readFileSync('/work/shared/data/sanctioned-wallets.json', 'utf8')) as Array<{
      publicKey: string
    }>
  )
    .map((wallet) => wallet.publicKey)
    .filter((key) => key.startsWith('0x'))
  const made = randomEvmAddresses(Math.round(rowCount * 0.8) - sanctioned.length)
  const wallets = [...sanctioned, ...made]
  const lines = ['Customer ID,Customer name,Wallet address,Chain,Opened']
  for (let index = 0; index < rowCount; index += 1) {
    // One row in five is a customer sharing an earlier customer's wallet.
    const shared = index % 5 === 4
    const wallet = shared
      ? wallets[(index * 7) % wallets.length]!.toLowerCase()
      : wallets[index - Math.floor(index / 5)]!
    const name = index % 3 === 0 ? `"Doe, Customer ${index}"` : `Customer ${index}`
    lines.push(`C-${100_000 + index},${name},${wallet},Ethereum,2024-0${(index % 9) + 1}-15`)
  }
  const unique = new Set(lines.slice(1).map((line) => line.split(',').at(-3)!.toLowerCase())).size
  return { text: `\ufeff${lines.join('\r\n')}\r\n`, unique }
}

/**
 * Issue 14's "done when": a 10,000-row spreadsheet goes in through the Bulk screen, the host is
 * killed mid-job and started again, and the job finishes. Every row must have a result in the
 * results file, every unique address must have reached the service exactly once and be in
 * History, or this throws; the rows are the pace against the sandbox's limit.
 */
export async function bulkSpreadsheetAtScale(): Promise<BenchRow[]> {
  const { text, unique } = customerBook()
  const app = await launchBrowserModeApp()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await loadAppIn(
      await browser.newPage({ viewport: { width: 1360, height: 860 } }),
      app.url,
    )
    const bulk = new BulkPage(page)
    await bulk.open()
    await bulk.chooseFile(fileName, text)
    await bulk.planSummary.waitFor()
    const started = performance.now()
    await bulk.start()
    await page.waitForFunction(
      (count) =>
        Number(
          document.querySelector('[data-testid="bulk-count-done"]')?.getAttribute('data-count'),
        ) >= count,
      killAfter,
      { timeout: 120_000 },
    )
    await app.crashAndStart()
    await loadAppIn(page, app.url)
    await bulk.openJob(fileName)
    await page
      .locator('[data-testid="bulk-job-state"][data-state="finished"]')
      .first()
      .waitFor({ timeout: 600_000 })
    const seconds = (performance.now() - started) / 1000

    // Checks the sandbox processed: a request it refused unread (its own rate limit's 429) names
    // no address and was sent again.
    const processed = app.sandbox.requests.filter(
      (request) => request.path === cryptoCheckPath && request.subject !== undefined,
    )
    const limited = app.sandbox.requests.filter(
      (request) => request.path === cryptoCheckPath && request.status === 429,
    ).length
    const sent = processed.map((request) => request.subject!.toLowerCase())
    const twice = sent.length - new Set(sent).size
    if (twice > 0) throw new Error(`${twice} addresses were sent twice`)
    const resultsFile = readFileSync(await (await bulk.downloadResults()).path(), 'utf8')
    const results = Papa.parse<Record<string, string>>(resultsFile, {
      header: true,
      skipEmptyLines: true,
    }).data
    // What was on the wire when the host died may have run: it is never sent again, and its rows
    // say "outcome unknown". Everything else is done.
    const unknown = new Set(
      results
        .filter((row) => row.status === 'outcome unknown')
        .map((row) => row['Wallet address']!.toLowerCase()),
    )
    const unfinished = results.filter(
      (row) => row.status !== 'done' && row.status !== 'outcome unknown',
    )
    const neverSeen = [...new Set(results.map((row) => row['Wallet address']!.toLowerCase()))]
      .filter((address) => !sent.includes(address))
      .filter((address) => !unknown.has(address))
    if (results.length !== rowCount || unfinished.length > 0 || neverSeen.length > 0) {
      throw new Error(
        `${results.length} result rows for ${rowCount}; ${unfinished.length} unfinished; ${neverSeen.length} addresses neither sent nor marked outcome unknown; ${unknown.size} unknown`,
      )
    }
    const inHistory = await page.evaluate(async () => {
      const db = await benchPage.openDb()
      return new Promise<number>((resolve, reject) => {
        const request = db.transaction('checks').objectStore('checks').count()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
      })
    })
    if (inHistory !== unique) throw new Error(`${inHistory} checks in History for ${unique}`)

    const rate = unique / seconds
    return [
      oneReading(
        {
          name: `a ${rowCount.toLocaleString()}-row spreadsheet (${unique.toLocaleString()} unique addresses), host killed after ${killAfter.toLocaleString()}: Start to finished, ${seconds.toFixed(0)} s; every row in the results file, each address sent once and in History; ${unknown.size} cut off by the kill and marked outcome unknown, never resent; ${limited} answers 429`,
          unit: 'req/s',
          baselineName: 'the sandbox’s limit',
          target: 'informative (the kill and restart are inside the time)',
        },
        rate,
        limitPerSecond,
      ),
    ]
  } finally {
    await browser.close()
    await app.stop()
  }
}
