import type { Locator, Page } from '@playwright/test'
import { CheckResult } from './checkResult'

export class HistoryPage {
  /** The list screen, with its filters (empty or not). */
  readonly screen: Locator
  readonly rows: Locator
  /** A past check opened from the list (or from an entity or a case). */
  readonly check: Locator
  readonly fetchedNote: Locator
  readonly result: CheckResult

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('history-screen')
    this.rows = page.getByTestId('history-row')
    this.check = page.getByTestId('history-check')
    this.fetchedNote = page.getByTestId('history-fetched-note')
    this.result = new CheckResult(page)
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-history').click()
    await this.screen.waitFor()
  }

  async filter(text: string): Promise<void> {
    await this.page.getByLabel('Search history').fill(text)
  }

  async openRow(index: number): Promise<void> {
    await this.rows.nth(index).click()
  }
}
