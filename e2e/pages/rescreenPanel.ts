import type { Locator, Page } from '@playwright/test'

/**
 * A re-screen of wallets (a case's, History's selected rows', a bulk job's) in its dialog, and a
 * case's watch on the case's page.
 */
export class RescreenPanel {
  readonly outcomes: Locator
  /** How far the run is, and how many wallets' hits changed. */
  readonly summary: Locator
  readonly billedNotice: Locator
  readonly nextRun: Locator
  /** Beside the watch, where checks are billed: the opt-in it needs, or this month's use. */
  readonly billedWatch: Locator
  readonly watchControl: Locator

  constructor(readonly page: Page) {
    this.outcomes = page.getByTestId('rescreen-outcome')
    this.summary = page.getByTestId('rescreen-summary')
    this.billedNotice = page.getByTestId('rescreen-billed')
    this.nextRun = page.getByTestId('watch-next')
    this.billedWatch = page.getByTestId('watch-billed')
    this.watchControl = page.getByTestId('watch-control')
  }

  /** Whether a cadence can be chosen. */
  cadence(cadence: 'Off' | 'Daily' | 'Weekly'): Locator {
    return this.page.getByTestId('watch-cadence').getByRole('radio', { name: cadence })
  }

  /** Follows the watch's link to the Production opt-in in Settings. */
  async openAllowance(): Promise<void> {
    await this.billedWatch.getByRole('link').click()
    await this.page.getByTestId('scheduled-rescreens').waitFor()
  }

  /** Re-screens every wallet of the open case and waits until each has its outcome. */
  async rescreenAll(): Promise<void> {
    await this.page.getByTestId('case-rescreen').click()
    await this.page.getByTestId('rescreen-start').click()
    await this.page.getByTestId('rescreen-close').waitFor()
  }

  /** Re-screens the wallets of History's selected rows and waits until each has its outcome. */
  async rescreenSelected(): Promise<void> {
    await this.page.getByTestId('history-rescreen').click()
    await this.page.getByTestId('rescreen-start').click()
    await this.page.getByTestId('rescreen-close').waitFor()
  }

  /** Follows the dialog's link to the Changes inbox, where new and removed hits went. */
  async openChanges(): Promise<void> {
    await this.page.getByTestId('rescreen-to-changes').click()
    await this.page.getByTestId('changes-screen').waitFor()
  }

  async close(): Promise<void> {
    await this.page.getByTestId('rescreen-close').click()
  }

  /** How often the open case (or check) is re-screened on its own. */
  async watch(cadence: 'Off' | 'Daily' | 'Weekly'): Promise<void> {
    await this.page.getByTestId('watch-cadence').getByText(cadence, { exact: true }).click()
  }
}
