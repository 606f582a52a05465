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
  /** An attempt that gave no readable result, opened from the list. */
  readonly attempt: Locator
  readonly attemptNotice: Locator

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('history-screen')
    this.rows = page.getByTestId('history-row')
    this.check = page.getByTestId('history-check')
    this.fetchedNote = page.getByTestId('history-fetched-note')
    this.result = new CheckResult(page)
    this.attempt = page.getByTestId('check-attempt')
    this.attemptNotice = page.getByTestId('attempt-notice')
  }

  async filterByOutcome(outcome: 'all' | 'succeeded' | 'failed' | 'unknown'): Promise<void> {
    await this.page.getByLabel('Outcome').selectOption(outcome)
  }

  /** The deliberate choice on an attempt's page, confirmed in its dialog. */
  async runAttemptAgainAnyway(confirmLabel: string): Promise<void> {
    await this.attemptNotice.getByRole('button', { name: 'Run it again anyway…' }).click()
    await this.page
      .getByRole('dialog', { name: 'Run this check again anyway?' })
      .getByRole('button', { name: confirmLabel })
      .click()
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
