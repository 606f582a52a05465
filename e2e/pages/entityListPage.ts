import { expect, type Locator, type Page } from '@playwright/test'

export class EntityListPage {
  readonly rows: Locator
  readonly offlineBanner: Locator
  readonly range: Locator
  readonly activeEnvironment: Locator

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('entity-row')
    this.offlineBanner = page.getByTestId('offline-banner')
    this.range = page.getByTestId('entity-range')
    this.activeEnvironment = page.getByTestId('active-environment')
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.page.locator('html[data-app-state="ready"]')).toHaveCount(1)
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-entities').click()
    await this.page.getByTestId('entity-list-screen').waitFor()
  }

  async rowNames(): Promise<string[]> {
    return this.rows.locator('td:first-child').allInnerTexts()
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next' }).click()
  }

  async previous(): Promise<void> {
    await this.page.getByRole('button', { name: 'Previous' }).click()
  }

  async refresh(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh' }).click()
  }
}
