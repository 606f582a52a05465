import type { Locator, Page } from '@playwright/test'
import { EntityDetailPage } from './entityDetailPage'
import { NewEntityForm } from './newEntityForm'

export class EntityListPage {
  readonly rows: Locator
  readonly range: Locator
  readonly error: Locator
  readonly created: Locator
  readonly offlineBanner: Locator
  readonly offlineFetchedAt: Locator
  /** Hits of the quick filter over every cached entity. */
  readonly matches: Locator
  /** Which pages the quick filter searches, and the button that fetches the rest. */
  readonly quickFilterCoverage: Locator
  readonly fetchTheRest: Locator
  readonly newEntity: NewEntityForm
  readonly detail: EntityDetailPage

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('entity-row')
    this.range = page.getByTestId('entity-range')
    this.error = page.getByTestId('entity-error')
    this.created = page.getByTestId('entity-created')
    this.offlineBanner = page.getByTestId('offline-banner')
    this.offlineFetchedAt = page.getByTestId('offline-fetched-at')
    this.matches = page.getByTestId('entity-match')
    this.quickFilterCoverage = page.getByTestId('quick-filter-coverage')
    this.fetchTheRest = page.getByTestId('quick-filter-fetch-all')
    this.newEntity = new NewEntityForm(page)
    this.detail = new EntityDetailPage(page)
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-entities').click()
    await this.page.getByTestId('entity-list-screen').waitFor()
  }

  async rowNames(): Promise<string[]> {
    return this.rows.locator('td:first-child').allInnerTexts()
  }

  async openRow(index: number): Promise<void> {
    await this.rows.nth(index).click()
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

  async quickFilter(text: string): Promise<void> {
    await this.page.getByLabel('Filter cached entities').fill(text)
  }
}
