import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { loadAppIn } from './appPage'
import { benchRow, timeIt, type BenchRow } from './benchStats'
import { seedChecks } from './historyRows'

// Two seedings on disk: a tenth of History's 200,000 keeps the bench in minutes; both grow linearly.
const checkCount = Number(process.env.BENCH_INDEX_COST_CHECKS ?? 20_000)
const wordsOnlyDatabase = 'bench-words-only'

/** A database with the app's `checks` store and indexes, to hold the same checks indexed by whole words only. */
const createWordsOnlyDatabase = (page: Page) =>
  page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name, 1)
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore('checks', { keyPath: 'localId' })
          for (const path of [
            ['environment', 'fetchedAt'],
            ['environment', 'queryKey', 'fetchedAt'],
            ['status', 'fetchedAt'],
            ['outcome', 'fetchedAt'],
          ])
            store.createIndex(`[${path.join('+')}]`, path)
          for (const path of ['hitCategories', 'searchTerms', 'linkedEntityIds'])
            store.createIndex(path, path, { multiEntry: true })
        }
        request.onsuccess = () => {
          request.result.close()
          resolve()
        }
        request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
      }),
    wordsOnlyDatabase,
  )

/** The origin's storage use in MB, as Chromium reports it. */
const usageMb = (page: Page) =>
  page.evaluate(async () => ((await navigator.storage.estimate()).usage ?? 0) / 1e6)

/**
 * What History's fragment index costs to write and to keep: the same checks seeded with the
 * app's fragment entries (`searchFragments`) and with whole words only (as before).
 */
export async function historyIndexCost(): Promise<BenchRow[]> {
  const app = await launchBrowserModeApp()
  // On disk, as the app's own profile (a new context would keep it in memory, under a quota).
  const profile = mkdtempSync(join(tmpdir(), 'cd-bench-index-'))
  const context = await chromium.launchPersistentContext(profile, chromiumLaunchOptions)
  try {
    const page = await loadAppIn(context.pages()[0] ?? (await context.newPage()), app.url)
    await createWordsOnlyDatabase(page)
    const empty = await usageMb(page)
    const wordsTime = await timeIt(() =>
      seedChecks(page, checkCount, { database: wordsOnlyDatabase, wordsOnly: true }),
    )
    const withWords = await usageMb(page)
    const fragmentsTime = await timeIt(() => seedChecks(page, checkCount))
    const withFragments = await usageMb(page)
    const what = `${checkCount.toLocaleString()} checks`
    return [
      benchRow(
        {
          name: `write ${what} with History's fragment index (every other suffix of every word)`,
          baselineName: 'the same checks with whole words only',
          target: 'reasonable: the price of finding text inside identifiers',
        },
        [fragmentsTime],
        [wordsTime],
      ),
      {
        ...benchRow(
          {
            name: `storage of ${what} with the fragment index`,
            baselineName: 'the same checks with whole words only',
            target: 'reasonable',
          },
          [withFragments - withWords],
          [withWords - empty],
        ),
        unit: 'MB',
      },
    ]
  } finally {
    await context.close()
    await app.stop()
    rmSync(profile, { recursive: true, force: true })
  }
}
