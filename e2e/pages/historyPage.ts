import { expect, type Locator, type Page } from '@playwright/test'
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
  /** What the filter bar says of the typed text (e.g. that it is too short to look up). */
  readonly textHint: Locator
  /** The sentence that flags filters which cannot match anything, such as an inverted range. */
  readonly rangeProblem: Locator
  readonly empty: Locator
  /** What can be done with the selected rows, shown while there are some. */
  readonly selection: Locator
  /** The line under the title, which ends with how many checks are shown once they are counted. */
  readonly count: Locator
  /** Disabled while no filter is set. */
  readonly clearFiltersButton: Locator

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('history-screen')
    this.rows = page.getByTestId('history-row')
    this.check = page.getByTestId('history-check')
    this.fetchedNote = page.getByTestId('history-fetched-note')
    this.result = new CheckResult(page)
    this.attempt = page.getByTestId('check-attempt')
    this.attemptNotice = page.getByTestId('attempt-notice')
    this.textHint = page.getByTestId('history-text-hint')
    this.rangeProblem = page.getByTestId('history-range-problem')
    this.empty = page.getByTestId('history-empty')
    this.selection = page.getByTestId('history-selection')
    this.count = page.getByTestId('history-count')
    this.clearFiltersButton = page.getByRole('button', { name: 'Clear filters' })
  }

  /** How far the list scrolls sideways, in pixels: 0 when every column is in view. */
  async sidewaysOverflow(): Promise<number> {
    // Typed by hand: this project's types have no DOM.
    return this.page
      .getByTestId('history-list')
      .evaluate(
        (list: { scrollWidth: number; clientWidth: number }) => list.scrollWidth - list.clientWidth,
      )
  }

  /** The row of a check of `identifier` (shown whole in the page, shortened only by CSS). */
  row(identifier: string): Locator {
    return this.rows.filter({ hasText: identifier })
  }

  /** Chooses a row's check for a re-screen from the keyboard: its checkbox, then Space. */
  async select(identifier: string): Promise<void> {
    const checkbox = this.row(identifier).getByTestId('history-row-select')
    await checkbox.focus()
    await this.page.keyboard.press('Space')
    await expect(checkbox).toBeChecked()
  }

  /** The cases a row's check is in, with where its hits stand there. */
  casesOf(row: Locator): Locator {
    return row.getByTestId('history-row-cases')
  }

  /** The identifier cell's whole value, as its tooltip gives it. */
  identifierOf(row: Locator): Locator {
    return row.getByTestId('history-row-identifier')
  }

  async setDateRange(from: string, to: string): Promise<void> {
    await this.page.getByLabel('From', { exact: true }).fill(from)
    await this.page.getByLabel('To', { exact: true }).fill(to)
  }

  async clearFilters(): Promise<void> {
    await this.clearFiltersButton.click()
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
