import type { Locator, Page } from '@playwright/test'

/**
 * A re-screen of wallets (a case's, History's selected rows', a bulk job's) in its dialog, and a
 * case's watch on the case's page.
 */
export class RescreenPanel {
  readonly outcomes: Locator
  /** How far the run is, and how many wallets' hits changed. */
  readonly summary: Locator
  readonly dialog: Locator
  /** Before a billed re-screen starts: how many checks are billed, the cap, the confirmation. */
  readonly billedNotice: Locator
  readonly cap: Locator
  readonly startButton: Locator
  /** After a billed re-screen stopped at its cap: what happened, and a higher cap to go on with. */
  readonly capReached: Locator
  readonly nextRun: Locator
  /** Beside the watch, where checks are billed: the opt-in it needs, or this month's use. */
  readonly billedWatch: Locator
  readonly watchControl: Locator

  constructor(readonly page: Page) {
    this.outcomes = page.getByTestId('rescreen-outcome')
    this.summary = page.getByTestId('rescreen-summary')
    this.dialog = page.getByTestId('rescreen-modal')
    this.billedNotice = page.getByTestId('rescreen-billed')
    this.cap = page.getByTestId('rescreen-budget')
    this.startButton = page.getByTestId('rescreen-start')
    this.capReached = page.getByTestId('rescreen-cap-reached')
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

  /** Opens the re-screen of History's selected rows, without starting it. */
  async openSelected(): Promise<void> {
    await this.page.getByTestId('history-rescreen').click()
    await this.startButton.waitFor()
  }

  /** Sets a billed re-screen's budget cap and confirms its billed checks. */
  async confirmBilled(cap: number): Promise<void> {
    await this.cap.fill(String(cap))
    await this.page.getByTestId('rescreen-confirm-billed').check()
  }

  /** Starts the open re-screen and waits until it has stopped or finished. */
  async start(): Promise<void> {
    await this.startButton.click()
    await this.page.getByTestId('rescreen-close').waitFor()
  }

  /** Raises the cap that stopped the run, and waits until it has stopped or finished again. */
  async raiseCap(cap: number): Promise<void> {
    await this.page.getByTestId('rescreen-new-budget').fill(String(cap))
    await this.page.getByTestId('rescreen-raise-budget').click()
    await this.capReached.waitFor({ state: 'detached' })
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
