import type { Locator, Page } from '@playwright/test'

/** The team's queue a case list filter shows, by the label it has in the list. */
export type QueueLabel = 'Any case' | 'Assigned to me' | 'Waiting for my review' | 'Unassigned'

/**
 * What a desk in a team is asked to review: the Changes badge and section, and the case list's
 * team filter with each shared case's assignee and review badge.
 */
export class ReviewQueue {
  /** The number beside "Changes" in the navigation: new changes and cases waiting for review. */
  readonly changesBadge: Locator
  /** The Changes screen's "Waiting for your review" section. */
  readonly section: Locator
  /** One per case waiting for my review: its number and title, a link to the case. */
  readonly waitingCases: Locator
  readonly sectionEmpty: Locator
  /** The case list's team filter; absent on a desk in no team. */
  readonly listFilter: Locator
  readonly listItems: Locator

  constructor(readonly page: Page) {
    this.changesBadge = page.getByTestId('changes-badge')
    this.section = page.getByTestId('review-queue')
    this.waitingCases = this.section.getByTestId('review-queue-case')
    this.sectionEmpty = this.section.getByTestId('review-queue-empty')
    this.listFilter = page.getByTestId('case-list-filters').getByLabel('Team')
    this.listItems = page.getByTestId('case-list-item')
  }

  async filterList(queue: QueueLabel): Promise<void> {
    await this.listFilter.selectOption({ label: queue })
  }

  /** The list's item of the case with this title. */
  listItem(title: string): Locator {
    return this.listItems.filter({ hasText: title })
  }

  /** Who the listed case is assigned to ("you", a name, or "Unassigned"). */
  assignee(title: string): Locator {
    return this.listItem(title).getByTestId('case-list-assignee')
  }

  reviewBadge(title: string): Locator {
    return this.listItem(title).getByTestId('case-list-review-waiting')
  }

  /** Opens the case from the Changes screen's section. */
  async openWaitingCase(title: string): Promise<void> {
    await this.waitingCases.filter({ hasText: title }).getByRole('link').click()
  }
}
