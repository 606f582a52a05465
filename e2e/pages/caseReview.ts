import { expect, type Locator, type Page } from '@playwright/test'
import { untilDialogHoldsFocus } from './dialogFocus'

/**
 * Four eyes on an open shared case: the close dialog's second review, the review panel under the
 * header (the waiting request, approving, sending back, the approval) and who the case is
 * assigned to.
 */
export class CaseReview {
  /** The review panel: one alert, whatever state the close request is in. */
  readonly panel: Locator
  /** "Ana (ana) asks to close this case as Risk confirmed: …". */
  readonly request: Locator
  /** "Waiting for review by Ben Okoro (ben)." as the requester (or another member) reads it. */
  readonly waiting: Locator
  /** "The approval by … was withdrawn by a later change: …". */
  readonly withdrawn: Locator
  /** "Approved by … — you can close the case now", or the approver's own line. */
  readonly approved: Locator
  /** "Ben Okoro (ben) sent it back: ‹reason›", once a reviewer sent the request back. */
  readonly sentBack: Locator
  readonly approveButton: Locator
  readonly sendBackButton: Locator
  /** The approval's Close case… button, opening the close dialog. */
  readonly closeButton: Locator
  /** A refusal of an approval or sending back, in the main side's sentence. */
  readonly error: Locator
  readonly closeDialog: Locator
  /** What the close dialog says of a second review: whether needed, why, who may approve. */
  readonly closeNeeds: Locator
  readonly closeApprovers: Locator
  readonly askButton: Locator
  readonly closeConfirm: Locator
  /** "Assigned to …" or "Unassigned", on the case's header. */
  readonly assignee: Locator
  readonly assignPicker: Locator

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('case-review-panel')
    this.request = this.panel.getByTestId('case-review-request')
    this.waiting = this.panel.getByTestId('case-review-waiting')
    this.withdrawn = this.panel.getByTestId('case-review-withdrawn')
    this.approved = this.panel.getByTestId('case-review-approved')
    this.sentBack = this.panel.getByTestId('case-review-sent-back')
    this.approveButton = this.panel.getByTestId('case-review-approve')
    this.sendBackButton = this.panel.getByTestId('case-review-send-back')
    this.closeButton = this.panel.getByTestId('case-review-close')
    this.error = this.panel.getByTestId('case-review-error')
    this.closeDialog = page.getByRole('dialog', { name: 'Close the case' })
    this.closeNeeds = this.closeDialog.getByTestId('close-review')
    this.closeApprovers = this.closeDialog.getByTestId('close-review-approvers')
    this.askButton = this.closeDialog.getByTestId('close-ask-review')
    this.closeConfirm = this.closeDialog.getByTestId('close-confirm')
    this.assignee = page.getByTestId('case-assignee')
    this.assignPicker = page.getByTestId('case-assign')
  }

  /** Opens the case's close dialog from its header. */
  async openCloseDialog(): Promise<void> {
    await this.page.getByTestId('case-close').click()
    await expect(this.closeDialog).toBeVisible()
  }

  /** Chooses the outcome and the reason in the open close dialog, without sending it. */
  async fillClosing(outcome: string, reason: string): Promise<void> {
    await untilDialogHoldsFocus(this.closeDialog)
    await this.closeDialog.getByTestId('close-outcome').click()
    await this.page.getByRole('option', { name: outcome, exact: true }).click()
    await this.closeDialog.getByTestId('close-reason').fill(reason)
  }

  /** Sends the close request the open dialog holds; the dialog closes once it is written. */
  async askForReview(): Promise<void> {
    await this.askButton.click()
    await expect(this.closeDialog).toBeHidden()
  }

  /** Closes from the open dialog, giving why the hits left undecided are left so. */
  async confirmClose(undecidedBecause: string): Promise<void> {
    await this.closeDialog.getByTestId('close-undecided-reason').fill(undecidedBecause)
    await this.closeConfirm.click()
    await expect(this.closeDialog).toBeHidden()
  }

  async approve(): Promise<void> {
    await this.approveButton.click()
  }

  async sendBack(reason: string): Promise<void> {
    await this.sendBackButton.click()
    const dialog = this.page.getByRole('dialog', { name: 'Send the close request back' })
    await untilDialogHoldsFocus(dialog)
    await dialog.getByTestId('review-send-back-reason').fill(reason)
    await dialog.getByTestId('review-send-back-confirm').click()
    await expect(dialog).toBeHidden()
  }

  /** Gives the case to a member (by the picker's label, "Ben Okoro (ben)") or to "Nobody". */
  async assignTo(label: string): Promise<void> {
    await this.assignPicker.click()
    await this.page.getByRole('option', { name: label, exact: true }).click()
  }
}
