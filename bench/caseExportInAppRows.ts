import { readFileSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { openAppPage, timeInPage, waitUntilReady } from './appPage'
import { benchRow, compare, oneReading, type BenchRow } from './benchStats'
import { seedChecks, seededCheckKey } from './historyRows'
import { unpackBundle, zipAndHashFolder } from './zipBaseline'

const checkCount = 1000
const caseId = 'case_bench-1000'

/** A case linking every seeded check, written the way the case repository stores one. */
const seedCase = (page: Page, checkIds: string[]) =>
  page.evaluate(
    async ({ caseId, checkIds }) => {
      const db = await benchPage.openDb()
      const tx = db.transaction('cases', 'readwrite')
      const at = new Date().toISOString()
      tx.objectStore('cases').put({
        id: caseId,
        title: 'Bench case of 1,000 checks',
        subject: 'Bench',
        description: '',
        state: 'open',
        createdAt: at,
        updatedAt: at,
        checkIds,
        entityKeys: [],
      })
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
      })
      db.close()
    },
    { caseId, checkIds },
  )

/** The baseline of opening a case: its record and the first checks it shows, read directly. */
const readFirstLinkedChecks = (page: Page) =>
  page.evaluate(async (caseId) => {
    const started = performance.now()
    const db = await benchPage.openDb()
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
      })
    const tx = db.transaction(['cases', 'checks'])
    const caseRecord = await read(
      tx.objectStore('cases').get(caseId) as IDBRequest<{ checkIds: string[] }>,
    )
    await Promise.all(
      caseRecord.checkIds.slice(0, 50).map((id) => read(tx.objectStore('checks').get(id))),
    )
    db.close()
    return performance.now() - started
  }, caseId)

/** Peak resident memory of a process so far (Linux), in MB. */
const peakRssMb = (pid: number): number => {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1] ?? 0) / 1024
}

/** Every bundle is signed by its investigator: the bench says who it is first, in Settings. */
async function sayWhoIAm(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  const card = page.getByTestId('investigator-card')
  await card.getByTestId('investigator-name').fill('Bench Investigator')
  await card.getByTestId('investigator-email').fill('bench@example.org')
  await card.getByTestId('investigator-organisation').fill('Bench Ltd')
  await card.getByTestId('investigator-save').click()
  await card.getByTestId('investigator-save').filter({ hasText: 'Save changes' }).waitFor()
}

/**
 * The export as the investigator runs it: a click on "Export evidence bundle" until the app says
 * the bundle is written, with the case's checks read from IndexedDB in Chromium, sent over the
 * browser host's bridge and written by the main side in its own process.
 */
export async function caseExportInApp(): Promise<BenchRow[]> {
  const app = await launchBrowserModeApp()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await openAppPage(browser, app.url)
    await seedChecks(page, checkCount)
    await seedCase(
      page,
      Array.from({ length: checkCount }, (_, index) => seededCheckKey(index)),
    )
    await sayWhoIAm(page)
    const openingTimes: number[] = []
    const rssBefore = peakRssMb(app.hostPid)
    let filesDir = ''
    await page.reload()
    await waitUntilReady(page)
    await page.getByTestId('nav-cases').click()
    const opening = await compare(
      async () => {
        await page.getByTestId('nav-search').click()
        await page.getByTestId('nav-cases').click()
        await page.getByTestId('case-list-item').first().waitFor()
        openingTimes.push(
          await timeInPage(
            page,
            { click: '[data-testid="case-list-item"]' },
            '[data-testid="case-check"] [data-testid="case-hit"]',
          ),
        )
        // The case's hit tally is read after its first checks show: let it finish, so that the
        // baseline's read that follows does not share the page with it.
        await page.getByTestId('case-hit-summary').waitFor()
      },
      () => readFirstLinkedChecks(page),
      { warmup: 2, samples: 9 },
    )
    const exportFromTheApp = async (): Promise<number> => {
      // Leaving the screen and coming back clears the previous export's message; the Cases link
      // opens the list, and the case is opened from it.
      await page.getByTestId('nav-search').click()
      await page.getByTestId('nav-cases').click()
      await page.getByTestId('case-list-item').first().click()
      await page.getByTestId('case-export').waitFor()
      const download = page.waitForEvent('download')
      download.catch(() => undefined)
      const elapsed = await timeInPage(
        page,
        { click: '[data-testid="case-export"]' },
        '[data-testid="export-done"]',
      )
      const bundle = await (await download).path()
      if (!filesDir) filesDir = unpackBundle(readFileSync(bundle))
      return elapsed
    }
    await exportFromTheApp()
    const measured: number[] = []
    const samples = await compare(
      async () => measured.push(await exportFromTheApp()),
      async () => zipAndHashFolder(filesDir),
      { warmup: 0, samples: 5 },
    )
    const peak = peakRssMb(app.hostPid)
    return [
      benchRow(
        {
          name: `open a case of ${checkCount} checks until its first hit shows`,
          baselineName: 'raw IndexedDB read of the case and its first 50 checks',
          target: 'informative',
        },
        openingTimes.slice(-opening.measured.length),
        opening.baseline,
      ),
      benchRow(
        {
          name: `export a ${checkCount}-check case from the app, click to "written" (IndexedDB → host → ZIP)`,
          baselineName: 'zip -6 then sha256sum over the same files',
          target: 'informative (≤ 1.5× is for the export itself)',
        },
        measured,
        samples.baseline,
      ),
      oneReading(
        {
          name: 'peak resident memory of the main side (browser host process) exporting it',
          unit: 'MB',
          baselineName: 'the same process before the first export',
          target: '< 300 MB',
        },
        peak,
        rssBefore,
      ),
    ]
  } finally {
    await browser.close()
    await app.stop()
  }
}
