import type { Locator, Page } from '@playwright/test'

export class EntityDetailPage {
  readonly root: Locator
  readonly fetchedAt: Locator
  readonly linkedChecks: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('entity-detail')
    this.fetchedAt = page.getByTestId('entity-fetched-at')
    this.linkedChecks = page.getByTestId('linked-check')
  }

  async openLinkedCheck(index: number): Promise<void> {
    await this.linkedChecks.nth(index).click()
  }

  async backToList(): Promise<void> {
    await this.page.getByRole('link', { name: 'Back to entities' }).click()
  }
}
