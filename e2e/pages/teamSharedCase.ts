import { expect, type Locator, type Page } from '@playwright/test'

/** What an open case says of the team: sharing it, who wrote in it, disagreements, set-asides. */
export class TeamSharedCase {
  readonly shareButton: Locator
  readonly shareDialog: Locator
  /** "Shared with the team · Ana (3 entries), Ben (2 entries)". */
  readonly authors: Locator
  /** One alert per disagreement, with both sides and what settles it. */
  readonly disagreements: Locator
  /** Each disagreement's last line: what settles it, and which side the case counts meanwhile. */
  readonly settleLines: Locator
  /** What of the case was not applied here, and why. */
  readonly setAside: Locator
  /** The open case's title, the same on every desk. */
  readonly caseTitle: Locator

  constructor(readonly page: Page) {
    this.caseTitle = page.getByTestId('case-detail').getByTestId('case-title')
    this.shareButton = page.getByTestId('case-share')
    this.shareDialog = page.getByRole('dialog', { name: 'Share this case with the team?' })
    this.authors = page.getByTestId('shared-case-authors')
    this.disagreements = page.getByTestId('shared-case-disagreement')
    this.setAside = page.getByTestId('shared-case-set-aside')
    this.settleLines = page.getByTestId('shared-case-disagreement-settle')
  }

  /** Shares the open case, after the dialog says what sharing means. */
  async share(): Promise<void> {
    await this.shareButton.click()
    await expect(this.shareDialog).toContainText('cannot be taken back')
    await this.shareDialog.getByTestId('case-share-confirm').click()
    await expect(this.shareDialog).toBeHidden()
  }

  /** The open case's id, as its address holds it. */
  caseId(): string {
    const id = /\/cases\/(case_[A-Za-z0-9-]+)/.exec(new URL(this.page.url()).hash)?.[1]
    if (!id) throw new Error(`No case is open at ${this.page.url()}`)
    return id
  }
}
