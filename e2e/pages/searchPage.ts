import { expect, type Locator, type Page } from '@playwright/test'

export class SearchPage {
  readonly result: Locator
  readonly error: Locator
  readonly addressCheck: Locator

  constructor(readonly page: Page) {
    this.result = page.getByTestId('check-result')
    this.error = page.getByTestId('search-error')
    this.addressCheck = page.getByTestId('address-check')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-search').click()
    await this.page.getByTestId('search-screen').waitFor()
  }

  async fill(query: string): Promise<void> {
    await this.page.getByLabel('Wallet identifier').fill(query)
  }

  async consent(): Promise<void> {
    const box = this.page.getByLabel('The subject has consented to this check')
    if (!(await box.isChecked())) await box.check()
  }

  async run(): Promise<void> {
    await this.page.getByRole('button', { name: 'Run check' }).click()
  }

  async search(query: string): Promise<void> {
    await this.fill(query)
    await this.consent()
    await this.run()
  }

  async expectStatus(status: 'review_required' | 'no_match'): Promise<void> {
    await expect(this.result).toHaveAttribute('data-status', status)
  }
}
