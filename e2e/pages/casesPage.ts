import { expect, type Locator, type Page } from '@playwright/test'

export class CasesPage {
  readonly detail: Locator
  readonly state: Locator
  readonly hits: Locator

  constructor(readonly page: Page) {
    this.detail = page.getByTestId('case-detail')
    this.state = this.detail.getByTestId('case-state')
    this.hits = page.getByTestId('case-hit')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-cases').click()
    await this.page.getByTestId('case-list').waitFor()
  }

  async create(title: string, subject: string, description: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New case' }).click()
    await this.page.getByTestId('new-case-title').fill(title)
    await this.page.getByTestId('new-case-subject').fill(subject)
    await this.page.getByTestId('new-case-description').fill(description)
    await this.page.getByTestId('new-case-create').click()
    await expect(this.page.getByTestId('case-title')).toHaveText(title)
  }

  async decideHit(index: number, decision: string, rationale: string): Promise<void> {
    const hit = this.hits.nth(index)
    await hit.getByTestId('hit-decide').click()
    await hit.getByTestId('hit-decision-choice').getByText(decision, { exact: true }).click()
    await hit.getByTestId('hit-rationale').fill(rationale)
    await hit.getByTestId('hit-save').click()
  }

  async close(outcome: string, reason: string): Promise<void> {
    await this.page.getByTestId('case-close').click()
    await this.page.getByTestId('close-outcome').click()
    await this.page.getByRole('option', { name: outcome }).click()
    await this.page.getByTestId('close-reason').fill(reason)
    await this.page.getByTestId('close-confirm').click()
  }

  async showTab(tab: 'checks' | 'entities' | 'notes' | 'timeline'): Promise<void> {
    await this.page.getByTestId(`case-tab-${tab}`).click()
  }
}
