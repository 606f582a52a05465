import { chromium, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { measureOpenAndFilter, openAppPage, timeInPage, waitUntilReady } from './appPage'
import { benchRow, type BenchRow } from './benchStats'

const entityCount = Number(process.env.BENCH_ENTITY_COUNT ?? 100_000)
const runs = 9

/** 100,000 entities cached in the Local sandbox environment, as the app stores them, and page 1 of 20. */
const seedEntities = (page: Page) =>
  page.evaluate(async (count) => {
    const db = await benchPage.openDb()
    const tx = db.transaction(['entities', 'entityPages'], 'readwrite')
    const entities = tx.objectStore('entities')
    const fetchedAt = new Date().toISOString()
    const ids: string[] = []
    for (let index = 0; index < count; index += 1) {
      const id = `ent_bench${index.toString(36).padStart(8, '0')}`
      const firstName = `first${index % 97}`
      const lastName = `surname${index % 100}`
      const email = `${firstName}.${lastName}.${index}@example.com`
      const entity = {
        id,
        entityType: 'individual',
        firstName,
        lastName,
        email,
        createdAt: fetchedAt,
      }
      const searchTerms = [id, firstName, lastName, email, 'example', 'com', `${index}`]
      entities.put({ environment: 'local', id, fetchedAt, entity, searchTerms })
      if (index < 20) ids.push(id)
    }
    tx.objectStore('entityPages').put({
      environment: 'local',
      limit: 20,
      page: 1,
      total: count,
      hasNext: true,
      hasPrev: false,
      fetchedAt,
      ids,
    })
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
    })
    db.close()
  }, entityCount)

/** The baseline: the same rows read straight from IndexedDB (page 1's record and its 20 entities, or the first 20 matches). */
const rawRead = (page: Page, term: string | null) =>
  page.evaluate(async (prefix) => {
    const started = performance.now()
    const db = await benchPage.openDb()
    const tx = db.transaction(['entities', 'entityPages'], 'readonly')
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
      })
    if (prefix === null) {
      const record = await read<{ ids: string[] }>(
        tx.objectStore('entityPages').get(['local', 20, 1]) as IDBRequest<{ ids: string[] }>,
      )
      await Promise.all(record.ids.map((id) => read(tx.objectStore('entities').get(['local', id]))))
    } else {
      await read(
        tx
          .objectStore('entities')
          .index('searchTerms')
          .getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`), 20),
      )
    }
    db.close()
    return performance.now() - started
  }, term)

export async function entityCacheAtScale(): Promise<BenchRow[]> {
  const app = await launchBrowserModeApp()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await openAppPage(browser, app.url)
    await seedEntities(page)
    // Offline: what is measured is the cache, not the service.
    await app.sandbox.suspend()
    await page.reload()
    await waitUntilReady(page)
    const termOf = (run: number) => `surname${10 + run}`
    const { opening, openingBaseline, filtering, filteringBaseline } = await measureOpenAndFilter(
      page,
      runs,
      {
        open: () =>
          timeInPage(
            page,
            { click: '[data-testid="nav-entities"]' },
            '[data-testid="entity-row"] td',
          ),
        openBaseline: () => rawRead(page, null),
        filter: (run) =>
          timeInPage(
            page,
            {
              type: { selector: 'input[aria-label="Filter cached entities"]', value: termOf(run) },
            },
            `[data-testid="entity-matches"][data-results-for="${termOf(run)}"] [data-testid="entity-match"] .mantine-Badge-root`,
          ),
        filterBaseline: (run) => rawRead(page, termOf(run)),
        reset: () => page.getByLabel('Filter cached entities').fill(''),
      },
    )
    return [
      benchRow(
        {
          name: `first entity page from the cache, ${entityCount.toLocaleString()} entities cached`,
          baselineName: 'raw IndexedDB read of the page and its 20 entities',
          target: 'median < 50 ms',
        },
        opening,
        openingBaseline,
      ),
      benchRow(
        {
          name: `quick filter over ${entityCount.toLocaleString()} cached entities`,
          baselineName: 'raw IndexedDB index read of the first 20 matches',
          target: 'median < 50 ms',
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
