import type { Locator, Page } from '@playwright/test'

export class VerifyPage {
  readonly result: Locator
  readonly problems: Locator
  readonly importButton: Locator

  constructor(readonly page: Page) {
    this.result = page.getByTestId('verify-result')
    this.problems = page.getByTestId('verify-problem')
    this.importButton = page.getByTestId('import-bundle')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-verify').click()
    await this.page.getByTestId('verify-screen').waitFor()
  }

  async check(path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByTestId('verify-choose').click()
    await (await chooser).setFiles(path)
  }

  /** Imports the bundle that passed as a read-only case, and opens it. */
  async importAndOpenCase(): Promise<void> {
    await this.importButton.click()
    await this.page.getByTestId('import-open-case').click()
  }
}
