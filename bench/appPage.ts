import type { Browser, Page } from '@playwright/test'
import {
  firstDatabaseName,
  pointerStorage,
} from '../src/renderer/src/data/database/databasePointer'

/** Helpers installed in every bench page, so evaluated functions share them instead of repeating them. */
declare global {
  var benchPage: {
    /** The database `name`; without one, the app's current database (see databasePointer). */
    openDb(name?: string): Promise<IDBDatabase>
    /** The first `limit` rows of a store or one of its indexes, in a range, read with a cursor. */
    readFirst(
      db: IDBDatabase,
      from: {
        store: string
        index?: string
        range?: [string, string]
        direction?: IDBCursorDirection
        limit: number
      },
    ): Promise<unknown[]>
  }
}

// Plain JavaScript: it runs in the page as it is. tsx compiles evaluated functions with esbuild's
// keepNames, which calls a `__name` helper the page must have.
const pageHelpers = `
globalThis.__name = (target) => target
const openByName = (name) => new Promise((resolve, reject) => {
  const request = indexedDB.open(name)
  request.onsuccess = () => resolve(request.result)
  request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
})
// The page's database by the copy of its name that the app reads at load (see databasePointer).
const currentName = () => localStorage.getItem(${JSON.stringify(pointerStorage.copyKey)}) ?? ${JSON.stringify(firstDatabaseName)}
globalThis.benchPage = {
  openDb: (name) => openByName(name ?? currentName()),
  readFirst: (db, { store, index, range, direction = 'next', limit }) => new Promise((resolve, reject) => {
    const source = db.transaction(store, 'readonly').objectStore(store)
    const cursor = (index ? source.index(index) : source).openCursor(
      range ? IDBKeyRange.bound(range[0], range[1]) : null,
      direction,
    )
    const rows = []
    cursor.onsuccess = () => {
      const current = cursor.result
      if (!current || rows.length >= limit) return resolve(rows)
      rows.push(current.value)
      current.continue()
    }
    cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB read failed'))
  }),
}
`

/** Lets the page run functions compiled by tsx, with the bench's helpers. */
export async function addBenchHelpers(page: Page): Promise<void> {
  await page.addInitScript({ content: pageHelpers })
}

/** A page of the app in browser mode, ready, able to run functions compiled by tsx. */
export async function openAppPage(browser: Browser, url: string): Promise<Page> {
  return loadAppIn(await browser.newPage({ viewport: { width: 1360, height: 860 } }), url)
}

/** Loads the app into `page`, with the bench's helpers, and waits until it is ready. */
export async function loadAppIn(page: Page, url: string): Promise<Page> {
  await addBenchHelpers(page)
  page.on('crash', () => console.error('bench: the page crashed'))
  page.on('pageerror', (error) => console.error(`bench: ${error.message}`))
  await page.goto(url)
  await waitUntilReady(page)
  return page
}

export const waitUntilReady = (page: Page): Promise<void> =>
  page.locator('html[data-app-state="ready"]').waitFor()

export interface LongTask {
  /** performance.now() in the page when it began. */
  startTime: number
  duration: number
}

/** Starts recording the page's long tasks (over 50 ms, as Chromium reports them). */
export const watchLongTasks = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const tasks: { startTime: number; duration: number }[] = []
    const observer = new PerformanceObserver((list) => {
      for (const { startTime, duration } of list.getEntries()) tasks.push({ startTime, duration })
    })
    observer.observe({ type: 'longtask' })
    Object.assign(globalThis, { benchLongTasks: { tasks, observer } })
  })

/** Stops recording and returns every long task since `watchLongTasks`. */
export const takeLongTasks = (page: Page): Promise<LongTask[]> =>
  page.evaluate(async () => {
    // The tasks that follow the last change (rendering it) are reported a frame later.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)))
    const { tasks, observer } = (
      globalThis as unknown as {
        benchLongTasks: { tasks: LongTask[]; observer: PerformanceObserver }
      }
    ).benchLongTasks
    observer.disconnect()
    return tasks
  })

export type PageAction =
  | { click: string }
  | { type: { selector: string; value: string } }
  | { select: { selector: string; value: string } }

/**
 * Milliseconds, measured inside the page, from an action (a click, typing into an input or
 * choosing in a select, the way React sees it) until an element matching `until` exists.
 */
export const timeInPage = (page: Page, action: PageAction, until: string): Promise<number> =>
  page.evaluate(
    async ({ action, until }) => {
      const started = performance.now()
      if ('click' in action) {
        document.querySelector<HTMLElement>(action.click)!.click()
      } else if ('select' in action) {
        const select = document.querySelector<HTMLSelectElement>(action.select.selector)!
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(
          select,
          action.select.value,
        )
        select.dispatchEvent(new Event('change', { bubbles: true }))
      } else {
        const input = document.querySelector<HTMLInputElement>(action.type.selector)!
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
          input,
          action.type.value,
        )
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }
      await new Promise<void>((resolve, reject) => {
        if (document.querySelector(until)) return resolve()
        const timer = setTimeout(
          () => reject(new Error(`nothing matched ${until} within 10 s`)),
          10_000,
        )
        const observer = new MutationObserver(() => {
          if (!document.querySelector(until)) return
          observer.disconnect()
          clearTimeout(timer)
          resolve()
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true })
      })
      return performance.now() - started
    },
    { action, until },
  )

export interface OpenAndFilterSamples {
  opening: number[]
  openingBaseline: number[]
  filtering: number[]
  filteringBaseline: number[]
}

/**
 * Opening a screen from another one, then filtering it, each followed by its raw IndexedDB
 * baseline, `runs` times, alternating so that drift hits both alike.
 */
export async function measureOpenAndFilter(
  page: Page,
  runs: number,
  steps: {
    open: () => Promise<number>
    openBaseline: () => Promise<number>
    filter: (run: number) => Promise<number>
    filterBaseline: (run: number) => Promise<number>
    reset: () => Promise<void>
  },
): Promise<OpenAndFilterSamples> {
  const samples: OpenAndFilterSamples = {
    opening: [],
    openingBaseline: [],
    filtering: [],
    filteringBaseline: [],
  }
  for (let run = 0; run < runs; run += 1) {
    await page.getByTestId('nav-search').click()
    await page.getByTestId('search-screen').waitFor()
    samples.opening.push(await steps.open())
    samples.openingBaseline.push(await steps.openBaseline())
    samples.filtering.push(await steps.filter(run))
    samples.filteringBaseline.push(await steps.filterBaseline(run))
    await steps.reset()
  }
  return samples
}
