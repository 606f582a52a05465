import { apiPaths, rootedPath } from '../src/shared/api/apiPaths'
import { chromium, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { cryptoCategoryNames } from '../src/shared/api/cryptoCategories'
import { measureOpenAndFilter, openAppPage, timeInPage, waitUntilReady } from './appPage'
import { benchRow, type BenchRow } from './benchStats'

const checkCount = Number(process.env.BENCH_HISTORY_CHECKS ?? 20_000)
const runs = 9

/** The key `seedChecks` gives its check number `index`. */
export const seededCheckKey = (index: number): string =>
  `${new Date(Date.parse('2026-01-01T00:00:00.000Z') + index * 60_000).toISOString()}_bench-${index}`
const visibleRows = 30

/** Checks shaped as the app stores them (a fifth of them hits), written straight into the app's IndexedDB; their keys are `seededCheckKey(index)`. */
export const seedChecks = (page: Page, count = checkCount) =>
  page.evaluate(
    async ({ count, categories, checkPath }) => {
      const db = await benchPage.openDb()
      const hex = (seed: number) =>
        ((seed * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(5)
      const body = btoa('x'.repeat(900))
      const tx = db.transaction('checks', 'readwrite')
      const store = tx.objectStore('checks')
      const start = Date.parse('2026-01-01T00:00:00.000Z')
      for (let index = 0; index < count; index += 1) {
        const query = `0x${hex(index)}`
        const hit = index % 5 === 0
        const dataset = `dataset_${Math.floor(index / 5) % 40}`
        const record = {
          title: [query],
          publicKey: [query],
          datasets: [dataset],
          topics: ['sanction'],
          currency: ['ETH'],
        }
        const byCategory = Object.fromEntries(
          categories.map((category) => [category, hit && category === 'sanctions' ? [record] : []]),
        )
        const fetchedAt = new Date(start + index * 60_000).toISOString() // as seededCheckKey
        store.put({
          outcome: 'succeeded',
          localId: `${fetchedAt}_bench-${index}`,
          environment: index % 3 === 0 ? 'production' : 'local',
          query,
          queryKey: query,
          fetchedAt,
          status: hit ? 'review_required' : 'no_match',
          totalEntity: hit ? 1 : 0,
          hitCategories: hit ? ['sanctions'] : [],
          searchTerms: hit ? [query, dataset, 'sanction', 'eth'] : [query],
          check: {
            id: `chk_${index}`,
            status: hit ? 'review_required' : 'no_match',
            totalEntity: hit ? 1 : 0,
            categoryCount: Object.fromEntries(
              categories.map((category) => [category, byCategory[category]!.length]),
            ),
            categories: byCategory,
          },
          evidence: {
            environment: 'local',
            baseUrl: 'http://127.0.0.1/',
            request: {
              method: 'POST',
              path: checkPath,
              body: { query },
            },
            response: { status: 200, headers: {}, bodyBase64: body, bytes: 900 },
            startedAt: fetchedAt,
            durationMs: 3,
            attempts: 1,
          },
        })
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
      })
      db.close()
    },
    // Runs in the page: what it needs of this module travels as arguments.
    { count, categories: [...cryptoCategoryNames], checkPath: rootedPath(apiPaths.cryptoSearch) },
  )

/** The baseline: the same first rows read straight from IndexedDB, newest first or by search term. */
const rawRead = (page: Page, term: string | null) =>
  page.evaluate(
    async ({ term, limit }) => {
      const started = performance.now()
      const db = await benchPage.openDb()
      const store = db.transaction('checks', 'readonly').objectStore('checks')
      const rows: unknown[] = []
      await new Promise<void>((resolve, reject) => {
        const cursor =
          term === null
            ? store.openCursor(null, 'prev')
            : store.index('searchTerms').openCursor(IDBKeyRange.bound(term, `${term}\uffff`))
        cursor.onsuccess = () => {
          const current = cursor.result
          if (!current || rows.length >= limit) return resolve()
          rows.push(current.value)
          current.continue()
        }
        cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB read failed'))
      })
      db.close()
      return performance.now() - started
    },
    { term, limit: visibleRows },
  )

export async function historyAtScale(): Promise<BenchRow[]> {
  const app = await launchBrowserModeApp()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await openAppPage(browser, app.url)
    await seedChecks(page)
    await page.reload()
    await waitUntilReady(page)
    const termOf = (run: number) => `dataset_${10 + run}`
    const rowShown = '[data-testid="history-row"] .mantine-Badge-root'
    const { opening, openingBaseline, filtering, filteringBaseline } = await measureOpenAndFilter(
      page,
      runs,
      {
        open: () => timeInPage(page, { click: '[data-testid="nav-history"]' }, rowShown),
        openBaseline: () => rawRead(page, null),
        filter: (run) =>
          timeInPage(
            page,
            { type: { selector: 'input[aria-label="Search history"]', value: termOf(run) } },
            `[data-testid="history-list"][data-results-for*='"text":"${termOf(run)}"'] ${rowShown}`,
          ),
        filterBaseline: (run) => rawRead(page, termOf(run)),
        reset: () => page.getByRole('button', { name: 'Clear filters' }).click(),
      },
    )
    return [
      benchRow(
        {
          name: `open History at ${checkCount.toLocaleString()} checks until the first rows render`,
          baselineName: `raw IndexedDB read of the first ${visibleRows} rows`,
          target: 'median < 100 ms',
        },
        opening,
        openingBaseline,
      ),
      benchRow(
        {
          name: `free-text filter of History at ${checkCount.toLocaleString()} checks`,
          baselineName: `raw IndexedDB index read of the first ${visibleRows} matches`,
          target: 'median < 100 ms',
        },
        filtering,
        filteringBaseline,
      ),
    ]
  } finally {
    await browser.close()
    await app.stop()
  }
}
