import { chromium, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { openAppPage, timeInPage, waitUntilReady } from './appPage'
import { benchRow, type BenchRow } from './benchStats'

const caseCount = 5_000
const runs = 9
const visibleItems = 20

/** Cases as the app stores them, each with its summary (hits and identifiers), written straight into IndexedDB. */
const seedCases = (page: Page) =>
  page.evaluate(async (count) => {
    const db = await benchPage.openDb()
    const tx = db.transaction(['cases', 'caseSummaries'], 'readwrite')
    const states = ['open', 'in_review', 'escalated', 'closed'] as const
    const start = Date.parse('2026-01-01T00:00:00.000Z')
    for (let index = 0; index < count; index += 1) {
      const id = `case_bench-${index.toString().padStart(5, '0')}`
      const state = states[index % states.length] ?? 'open'
      const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString()
      tx.objectStore('cases').put({
        id,
        title: `Wallet alert ${index} for client ${index % 97}`,
        subject: `Client ${index % 97} Ltd`,
        description: '',
        state,
        createdAt: at(index),
        updatedAt: at(index + ((index * 7919) % 5_000)),
        ...(state === 'closed'
          ? {
              closure: {
                outcome: index % 8 === 3 ? 'no_concern' : 'reported',
                reason: 'Bench.',
                closedAt: at(index + 1),
              },
            }
          : {}),
        checkIds: [`2026-01-01T00:00:00.000Z_bench-${index}`],
        entityKeys: [],
      })
      const total = index % 3
      tx.objectStore('caseSummaries').put({
        caseId: id,
        hits: {
          total,
          undecided: index % 5 === 0 ? total : 0,
          byDecision: {
            true_match: index % 5 === 1 ? total : 0,
            false_positive: index % 5 > 1 ? total : 0,
            needs_review: 0,
          },
        },
        identifiers: [`0x${((index * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(5)}`],
      })
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
    })
    db.close()
  }, caseCount)

/** The baseline: the first cases the list shows, read straight from IndexedDB by their last change. */
const rawRead = (page: Page) =>
  page.evaluate(async (limit) => {
    const started = performance.now()
    const db = await benchPage.openDb()
    await benchPage.readFirst(db, { store: 'cases', index: 'updatedAt', direction: 'prev', limit })
    db.close()
    return performance.now() - started
  }, visibleItems)

const listShows = (key: string, value: string) =>
  `[data-testid="case-list-items"][data-results-for*='"${key}":"${value}"']`
const searchInput = '[data-testid="case-list-filters"] input'
const stateSelect = '[data-testid="case-list-filters"] select'

export async function caseListAtScale(): Promise<BenchRow[]> {
  const app = await launchBrowserModeApp()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await openAppPage(browser, app.url)
    await seedCases(page)
    await page.reload()
    await waitUntilReady(page)
    await page.getByTestId('nav-cases').click()
    await page
      .getByTestId('case-list-count')
      .getByText(/5,000 cases/)
      .waitFor()
    const typeSearch = (value: string) =>
      timeInPage(page, { type: { selector: searchInput, value } }, listShows('text', value))
    const chooseState = (value: string) =>
      timeInPage(page, { select: { selector: stateSelect, value } }, listShows('state', value))
    const search = { measured: [] as number[], baseline: [] as number[] }
    const filter = { measured: [] as number[], baseline: [] as number[] }
    const states = ['escalated', 'closed', 'in_review']
    for (let run = 0; run < runs; run += 1) {
      search.measured.push(await typeSearch(`client ${10 + run}`))
      search.baseline.push(await rawRead(page))
      await typeSearch('')
      filter.measured.push(await chooseState(states[run % states.length] ?? 'closed'))
      filter.baseline.push(await rawRead(page))
      await chooseState('all')
    }
    const what = `the case list of ${caseCount.toLocaleString()} cases`
    const baselineName = `raw IndexedDB read of the first ${visibleItems} cases by last change`
    return [
      benchRow(
        { name: `search ${what} (title words)`, baselineName, target: 'median < 50 ms' },
        search.measured,
        search.baseline,
      ),
      benchRow(
        { name: `filter ${what} by state`, baselineName, target: 'median < 50 ms' },
        filter.measured,
        filter.baseline,
      ),
    ]
  } finally {
    await browser.close()
    await app.stop()
  }
}
