import type { Locator, Page } from '@playwright/test'

/** The Changes inbox: what watched wallets' and cases' re-screens found. */
export class ChangesPage {
  readonly items: Locator
  readonly summaries: Locator
  /** The number of new changes beside "Changes" in the navigation. */
  readonly badge: Locator
  readonly empty: Locator

  constructor(readonly page: Page) {
    this.items = page.getByTestId('watch-change')
    this.summaries = page.getByTestId('watch-change-summary')
    this.badge = page.getByTestId('changes-badge')
    this.empty = page.getByTestId('changes-empty')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-changes').click()
    await this.page.getByTestId('changes-screen').waitFor()
  }

  async acknowledge(index: number): Promise<void> {
    await this.items.nth(index).getByTestId('watch-change-acknowledge').click()
  }

  /**
   * Moves the page's clock on by `hours` and one minute, so the watch runner's next look for due
   * watches happens now.
   */
  async letTimePass(hours: number): Promise<void> {
    await this.page.clock.fastForward(hours * 3_600_000 + 60_000)
  }
}
