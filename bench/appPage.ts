import type { Browser, Page } from '@playwright/test'

/** A page of the app in browser mode, ready, able to run functions compiled by tsx. */
export async function openAppPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
  // tsx compiles the evaluated functions with esbuild's keepNames, which calls a `__name` helper.
  await page.addInitScript({ content: 'globalThis.__name = (target) => target' })
  page.on('crash', () => console.error('bench: the page crashed'))
  page.on('pageerror', (error) => console.error(`bench: ${error.message}`))
  await page.goto(url)
  await waitUntilReady(page)
  return page
}

export const waitUntilReady = (page: Page): Promise<void> =>
  page.locator('html[data-app-state="ready"]').waitFor()

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
