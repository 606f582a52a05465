import type { Locator, Page } from '@playwright/test'

/** A check's result, as shown after a search and when a past check is opened from History. */
export class CheckResult {
  readonly root: Locator
  readonly status: Locator
  readonly total: Locator
  /** The heading above the matched records. */
  readonly recordsHeading: Locator
  readonly rawEvidence: Locator
  readonly rawResponseButton: Locator
  readonly rawBody: Locator
  /** The tries before the last of a request sent again, in its raw evidence. */
  readonly earlierTries: Locator
  readonly earlierDecision: Locator
  readonly linkedEntity: Locator
  readonly caseMembership: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('check-result')
    this.status = page.getByTestId('check-status')
    this.total = page.getByTestId('check-total')
    this.recordsHeading = page.getByTestId('matched-records').getByRole('heading')
    this.rawEvidence = page.getByTestId('raw-evidence')
    this.rawResponseButton = page.getByRole('button', { name: 'View raw response' })
    this.rawBody = page.getByTestId('raw-evidence-body')
    this.earlierTries = page.getByTestId('raw-evidence-earlier')
    this.earlierDecision = page.getByTestId('earlier-decision')
    this.linkedEntity = page.getByTestId('linked-entity')
    this.caseMembership = page.getByTestId('case-membership')
  }

  category(name: string): Locator {
    return this.page.getByTestId(`category-${name}`)
  }

  /** The matched records listed under one category (a record comes once, with all its categories). */
  records(category: string): Locator {
    return this.page.locator(`[data-testid="match-record"][data-categories~="${category}"]`)
  }

  /** Every matched record, each once. */
  get recordCards(): Locator {
    return this.page.getByTestId('match-record')
  }

  /** The holder a record card names. */
  holderOf(card: Locator): Locator {
    return card.getByTestId('record-holder')
  }

  /** The chains a record card says the list gives the wallet. */
  chainsOf(card: Locator): Locator {
    return card.getByTestId('record-chain')
  }

  /** The categories a record card says it was listed under. */
  categoriesOf(card: Locator): Locator {
    return card.getByTestId('record-category')
  }

  /** Why a record card says it matched. */
  reasonOf(card: Locator): Locator {
    return card.getByTestId('match-reason')
  }

  /** The "synthetic" marks of a record card: values the local sandbox made up. */
  syntheticMarksOf(card: Locator): Locator {
    return card.getByTestId('synthetic-mark')
  }

  async showRawResponse(): Promise<void> {
    await this.rawResponseButton.click()
  }

  async showFormattedRawResponse(): Promise<void> {
    await this.rawEvidence.getByText('Formatted', { exact: true }).click()
  }

  async closeRawResponse(): Promise<void> {
    await this.page.keyboard.press('Escape')
  }

  async addToCase(caseTitle: string): Promise<void> {
    await this.page.getByTestId('add-to-case-button').click()
    await this.page.getByTestId('add-to-case-option').filter({ hasText: caseTitle }).click()
  }

  async openCase(): Promise<void> {
    await this.caseMembership.click()
  }

  /** Links the check to a cached entity found by typing part of its name. */
  async linkEntity(filter: string, entityName: string): Promise<void> {
    await this.page.getByLabel('Link to entity').fill(filter)
    await this.page.getByRole('button', { name: `Link ${entityName}` }).click()
  }
}
