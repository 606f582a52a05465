import { expect, type Locator, type Page } from '@playwright/test'
import { CheckResult } from './checkResult'

/** The confirmation shown before a check that is billed (Production). */
export class BilledCheckGuard {
  readonly root: Locator
  readonly earlierCheck: Locator

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Run a billed check?' })
    this.earlierCheck = this.root.getByTestId('earlier-check')
  }

  async runBilledCheck(): Promise<void> {
    await this.root.getByRole('button', { name: 'Run billed check' }).click()
  }

  async showEarlierResult(): Promise<void> {
    await this.root.getByRole('button', { name: 'Show earlier result' }).click()
  }

  async payForNewCheck(): Promise<void> {
    await this.root.getByRole('button', { name: 'Pay for a new check' }).click()
  }
}

export class SearchPage {
  readonly result: CheckResult
  readonly billedGuard: BilledCheckGuard
  readonly error: Locator
  readonly addressCheck: Locator
  /** The identifier as it will be sent, shown when that is not what was typed. */
  readonly sentAs: Locator
  readonly identifier: Locator
  readonly retryCountdown: Locator
  readonly retryButton: Locator
  readonly runAgainAnyway: Locator
  readonly consentBox: Locator
  readonly runButton: Locator
  /** Offered on the local sandbox only: wallets a first-time user can try. */
  readonly sampleWallets: Locator
  /** The one line an empty result area shows. */
  readonly emptyResults: Locator
  /** What the identifier box says is wrong with what was typed. */
  readonly identifierError: Locator

  constructor(readonly page: Page) {
    this.result = new CheckResult(page)
    this.billedGuard = new BilledCheckGuard(page)
    this.error = page.getByTestId('search-error')
    this.addressCheck = page.getByTestId('address-check')
    this.sentAs = page.getByTestId('address-sent-as')
    this.identifier = page.getByLabel('Wallet identifier')
    this.retryCountdown = page.getByTestId('retry-countdown')
    this.retryButton = this.error.getByRole('button', { name: 'Retry' })
    this.runAgainAnyway = this.error.getByRole('button', { name: 'Run it again anyway' })
    this.consentBox = page.getByLabel('The subject has consented to this check')
    this.runButton = page.getByRole('button', { name: 'Run check' })
    this.sampleWallets = page.getByTestId('sample-wallet')
    this.emptyResults = page.getByTestId('search-results-empty')
    this.identifierError = page.getByTestId('search-form').locator('.mantine-TextInput-error')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-search').click()
    await this.page.getByTestId('search-screen').waitFor()
  }

  async fill(query: string): Promise<void> {
    await this.identifier.fill(query)
  }

  async consent(): Promise<void> {
    if (!(await this.consentBox.isChecked())) await this.consentBox.check()
  }

  /** Fills the identifier with one of the sample wallets, by its label. */
  async trySample(label: string): Promise<void> {
    await this.sampleWallets.filter({ hasText: label }).click()
  }

  async run(): Promise<void> {
    await this.runButton.click()
  }

  async search(query: string): Promise<void> {
    await this.fill(query)
    await this.consent()
    await this.run()
  }

  /** Keeps a check the service could not take, to run once it is back. */
  async queueForLater(): Promise<void> {
    await this.page
      .getByRole('button', { name: 'Queue it to run when the service is back' })
      .click()
  }

  async expectStatus(status: 'review_required' | 'no_match'): Promise<void> {
    await expect(this.result.root).toHaveAttribute('data-status', status)
  }
}
