import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiPaths, rootedPath } from '../src/shared/api/apiPaths'
import { chromium, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { cryptoCategoryNames } from '../src/shared/api/cryptoCategories'
import {
  loadAppIn,
  measureOpenAndFilter,
  takeLongTasks,
  timeInPage,
  waitUntilReady,
  watchLongTasks,
} from './appPage'
import { searchFragments } from '../src/renderer/src/data/checks/checkSearchTerms'
import { benchRow, type BenchRow } from './benchStats'

const checkCount = Number(process.env.BENCH_HISTORY_CHECKS ?? 200_000)
const runs = 9
/** Each reload starts the whole app again: fewer of them. */
const countRuns = 5

/** The key `seedChecks` gives its check number `index`. */
export const seededCheckKey = (index: number): string =>
  `${new Date(Date.parse('2026-01-01T00:00:00.000Z') + index * 60_000).toISOString()}_bench-${index}`
const visibleRows = 30

/**
 * Checks shaped as the app stores them (a fifth of them hits), written straight into the app's
 * IndexedDB (or into `database`, which must have a `checks` store) and counted into its tally as
 * its upgrade would; their keys are
 * `seededCheckKey(index)`. Their index entries are made by the app's own `searchFragments`,
 * installed in the page, or (`wordsOnly`) are the whole words alone, as before fragments.
 */
export const seedChecks = async (
  page: Page,
  count = checkCount,
  { database, wordsOnly = false }: { database?: string; wordsOnly?: boolean } = {},
) => {
  await page.evaluate(`globalThis.benchSearchFragments = ${searchFragments.toString()}`)
  return page.evaluate(
    async ({ count, categories, checkPath, database, wordsOnly }) => {
      const termsOf = (words: string[]): string[] =>
        wordsOnly
          ? words
          : (
              globalThis as unknown as { benchSearchFragments: (words: string[]) => string[] }
            ).benchSearchFragments(words)
      const db = await benchPage.openDb(database)
      const hex = (seed: number) =>
        ((seed * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(5)
      const body = btoa('x'.repeat(900))
      // Ten thousand checks a transaction: Chromium holds a transaction's writes in memory until
      // it commits, and 200,000 checks with their index entries would not fit.
      const batch = 10_000
      let tx = db.transaction('checks', 'readwrite')
      let store = tx.objectStore('checks')
      const committed = (done: IDBTransaction) =>
        new Promise<void>((resolve, reject) => {
          done.oncomplete = () => resolve()
          // A transaction over its quota is aborted, without an error event.
          done.onerror = done.onabort = () =>
            reject(done.error ?? new Error('IndexedDB write failed'))
        })
      const start = Date.parse('2026-01-01T00:00:00.000Z')
      for (let index = 0; index < count; index += 1) {
        if (index > 0 && index % batch === 0) {
          await committed(tx)
          tx = db.transaction('checks', 'readwrite')
          store = tx.objectStore('checks')
        }
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
          // The words the app indexes: the identifier, the dataset and topic codes and their names.
          searchTerms: termsOf(
            hit
              ? [
                  query,
                  dataset,
                  'dataset',
                  `${Math.floor(index / 5) % 40}`,
                  'sanction',
                  'sanctioned',
                  'entity',
                  'eth',
                ]
              : [query],
          ),
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
      await committed(tx)
      // Written past the app, so counted as the app's upgrade counts checks kept before the tally
      // it keeps with every write (see checkTally).
      if (db.objectStoreNames.contains('tallies')) {
        const counting = db.transaction(['checks', 'tallies'], 'readwrite')
        const counted = counting.objectStore('checks').count()
        counted.onsuccess = () =>
          counting.objectStore('tallies').put({ name: 'checks', count: counted.result })
        await committed(counting)
      }
      db.close()
    },
    // Runs in the page: what it needs of this module travels as arguments.
    {
      count,
      categories: [...cryptoCategoryNames],
      checkPath: rootedPath(apiPaths.cryptoSearch),
      database,
      wordsOnly,
    },
  )
}

/** The baseline: the same first rows read straight from IndexedDB, newest first or by search term. */
const rawRead = (page: Page, term: string | null) =>
  page.evaluate(
    async ({ term, limit }) => {
      const started = performance.now()
      const db = await benchPage.openDb()
      await benchPage.readFirst(
        db,
        term === null
          ? { store: 'checks', direction: 'prev', limit }
          : { store: 'checks', index: 'searchTerms', range: [term, `${term}\uffff`], limit },
      )
      db.close()
      return performance.now() - started
    },
    { term, limit: visibleRows },
  )

/** The identifier `seedChecks` gives check number `index`. */
const seededQuery = (index: number): string =>
  `0x${((index * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(5)}`

/** Text from inside identifiers, as an investigator has it: the last four characters, or eight from the middle. */
const fragmentOf = (run: number): string => {
  const query = seededQuery(1_000 + run * 7_919)
  return run % 2 === 0 ? query.slice(-4) : query.slice(15, 23)
}

const historySearch = 'input[aria-label="Search history"]'
const rowShown = '[data-testid="history-row"] .mantine-Badge-root'
const resultsFor = (text: string) =>
  `[data-testid="history-list"][data-results-for*='"text":"${text}"'] ${rowShown}`

/**
 * Types `text` into History's search a character at a time, each once the results of the one
 * before are shown, and returns the longest task (ms) Chromium reported meanwhile, until the
 * results of the whole text were shown; 0 when no task took over 50 ms.
 */
async function longestTaskWhileTyping(page: Page, text: string): Promise<number> {
  await watchLongTasks(page)
  for (let length = 1; length <= text.length; length += 1) {
    const typed = text.slice(0, length)
    // Rows or the empty state: three characters may match nothing yet.
    await timeInPage(
      page,
      { type: { selector: historySearch, value: typed } },
      `[data-results-for*='"text":"${typed}"']`,
    )
  }
  return Math.max(0, ...(await takeLongTasks(page)).map((task) => task.duration))
}

/** Resolves, in the page, once History says the exact number of checks stored; returns then. */
const untilCountRight = (page: Page) =>
  page.evaluate(async (expected) => {
    const right = () =>
      (document.querySelector('[data-testid="history-count"]')?.textContent ?? '')
        .replace(/,/g, '')
        .includes(`${expected} checks shown`)
    await new Promise<void>((resolve, reject) => {
      if (right()) return resolve()
      const timer = setTimeout(
        () => reject(new Error(`History did not say "${expected} checks shown" within 10 s`)),
        10_000,
      )
      const observer = new MutationObserver(() => {
        if (!right()) return
        observer.disconnect()
        clearTimeout(timer)
        resolve()
      })
      observer.observe(document, { subtree: true, childList: true, characterData: true })
    })
    return performance.now()
  }, checkCount)

/**
 * How long History takes to say the exact number of checks stored in a page just reloaded: from
 * the reload's start when reloaded on History (the count is then the page's first read of its
 * database, which once gave the number of checks at the latest instant), and from opening History
 * in a page reloaded elsewhere. A wrong number never ends the wait.
 */
async function countShownAfterReload(
  page: Page,
): Promise<{ fromReload: number; fromOpening: number }> {
  await page.getByTestId('nav-history').click()
  await page.locator(rowShown).first().waitFor()
  await page.reload()
  const fromReload = await untilCountRight(page)
  await page.getByTestId('nav-search').click()
  await page.reload()
  await waitUntilReady(page)
  const opened = await page.evaluate(() => {
    document.querySelector<HTMLElement>('[data-testid="nav-history"]')!.click()
    return performance.now()
  })
  return { fromReload, fromOpening: (await untilCountRight(page)) - opened }
}

/** The baseline: the checks counted straight from IndexedDB (every record of the store). */
const rawCount = (page: Page) =>
  page.evaluate(async () => {
    const started = performance.now()
    const db = await benchPage.openDb()
    await new Promise<void>((resolve, reject) => {
      const request = db.transaction('checks').objectStore('checks').count()
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error ?? new Error('the count failed'))
    })
    db.close()
    return performance.now() - started
  })

export async function historyAtScale(): Promise<BenchRow[]> {
  const app = await launchBrowserModeApp()
  // A profile on disk, as the app's own: a new context keeps IndexedDB in memory, under a quota
  // that 200,000 checks and their index do not fit in.
  const profile = mkdtempSync(join(tmpdir(), 'cd-bench-history-'))
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    viewport: { width: 1360, height: 860 },
  })
  try {
    const page = await loadAppIn(context.pages()[0] ?? (await context.newPage()), app.url)
    await seedChecks(page)
    await page.reload()
    await waitUntilReady(page)
    const termOf = (run: number) => `dataset_${10 + run}`
    const { opening, openingBaseline, filtering, filteringBaseline } = await measureOpenAndFilter(
      page,
      runs,
      {
        open: () => timeInPage(page, { click: '[data-testid="nav-history"]' }, rowShown),
        openBaseline: () => rawRead(page, null),
        filter: (run) =>
          timeInPage(
            page,
            { type: { selector: historySearch, value: termOf(run) } },
            resultsFor(termOf(run)),
          ),
        filterBaseline: (run) => rawRead(page, termOf(run)),
        reset: () => page.getByRole('button', { name: 'Clear filters' }).click(),
      },
    )
    const clear = () => page.getByRole('button', { name: 'Clear filters' }).click()
    const inside = { measured: [] as number[], baseline: [] as number[] }
    for (let run = 0; run < runs; run += 1) {
      const fragment = fragmentOf(run)
      inside.measured.push(
        await timeInPage(
          page,
          { type: { selector: historySearch, value: fragment } },
          resultsFor(fragment),
        ),
      )
      inside.baseline.push(await rawRead(page, fragment))
      await clear()
    }
    const counted = {
      fromReload: [] as number[],
      fromOpening: [] as number[],
      baseline: [] as number[],
    }
    for (let run = 0; run < countRuns; run += 1) {
      const { fromReload, fromOpening } = await countShownAfterReload(page)
      counted.fromReload.push(fromReload)
      counted.fromOpening.push(fromOpening)
      counted.baseline.push(await rawCount(page))
    }
    const typing: number[] = []
    for (const text of [fragmentOf(0), fragmentOf(1), 'sanctioned', 'dataset_12']) {
      typing.push(await longestTaskWhileTyping(page, text))
      await clear()
    }
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
      benchRow(
        {
          name: `search inside identifiers (last 4 or 8 middle characters) at ${checkCount.toLocaleString()} checks`,
          baselineName: `raw IndexedDB index read of the first ${visibleRows} matches`,
          target: 'median < 100 ms',
        },
        inside.measured,
        inside.baseline,
      ),
      benchRow(
        {
          name: `"${checkCount.toLocaleString()} checks shown", right, from opening History in a page just reloaded`,
          baselineName: 'raw IndexedDB count of the checks store',
          target: 'median < 1,000 ms',
        },
        counted.fromOpening,
        counted.baseline,
      ),
      benchRow(
        {
          name: `"${checkCount.toLocaleString()} checks shown", right, reloaded on History (from the reload's start: the app's start included)`,
          baselineName: 'raw IndexedDB count of the checks store',
          target: 'informative',
        },
        counted.fromReload,
        counted.baseline,
      ),
      benchRow(
        {
          name: `longest task while typing into History's search at ${checkCount.toLocaleString()} checks (${typing.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
          baselineName: 'the long-task threshold',
          target: 'every one < 50 ms (0: none over 50)',
        },
        [Math.max(...typing)],
        [50],
      ),
    ]
  } finally {
    await context.close()
    await app.stop()
    rmSync(profile, { recursive: true, force: true })
  }
}
