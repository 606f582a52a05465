import { chromium, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { measureOpenAndFilter, openAppPage, waitUntilReady } from './appPage'
import { benchRow, type BenchRow } from './benchStats'

const entityCount = Number(process.env.BENCH_ENTITY_COUNT ?? 100_000)
const runs = 9

/** 100,000 entities cached in the Local sandbox environment, as the app stores them, and page 1 of 20. */
const seedEntities = (page: Page) =>
  page.evaluate(async (count) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('compliance-desk')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
    })
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

/** Milliseconds from `act` until the first entity row (or filter match) shows content, inside the page. */
const timeUntilShown = (page: Page, act: 'open' | { filter: string }) =>
  page.evaluate(async (action) => {
    const shown = () =>
      action === 'open'
        ? document.querySelector('[data-testid="entity-row"] td') !== null
        : document.querySelector(
            `[data-testid="entity-matches"][data-results-for="${action.filter}"] [data-testid="entity-match"] .mantine-Badge-root`,
          ) !== null
    const started = performance.now()
    if (action === 'open') {
      document.querySelector<HTMLElement>('[data-testid="nav-entities"]')!.click()
    } else {
      const input = document.querySelector<HTMLInputElement>(
        'input[aria-label="Filter cached entities"]',
      )!
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
        input,
        action.filter,
      )
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
    await new Promise<void>((resolve) => {
      if (shown()) return resolve()
      const observer = new MutationObserver(() => {
        if (shown()) {
          observer.disconnect()
          resolve()
        }
      })
      observer.observe(document.body, { subtree: true, childList: true, attributes: true })
    })
    return performance.now() - started
  }, act)

/** The baseline: the same rows read straight from IndexedDB (page 1's record and its 20 entities, or the first 20 matches). */
const rawRead = (page: Page, term: string | null) =>
  page.evaluate(async (prefix) => {
    const started = performance.now()
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('compliance-desk')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
    })
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
        open: () => timeUntilShown(page, 'open'),
        openBaseline: () => rawRead(page, null),
        filter: (run) => timeUntilShown(page, { filter: termOf(run) }),
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
