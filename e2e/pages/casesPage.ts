import { expect, type Download, type Locator, type Page } from '@playwright/test'
import { CaseHit, type HitDecision } from './caseHit'
import { untilDialogHoldsFocus } from './dialogFocus'
import { investigator, sayWhoIAm, type Person } from './investigatorForm'

export class CasesPage {
  readonly detail: Locator
  readonly state: Locator
  readonly hits: Locator
  /** How many hits the case has, and how many are decided, over all its checks. */
  readonly hitSummary: Locator
  readonly entities: Locator
  readonly closure: Locator
  readonly auditChain: Locator
  readonly auditEntries: Locator
  readonly exportDone: Locator
  /** The error a dialog of the case shows (closing, reopening). */
  readonly modalError: Locator
  /** Marks a case imported from a bundle, which is read-only. */
  readonly imported: Locator
  readonly decideButtons: Locator
  readonly closeButton: Locator
  readonly closeDialog: Locator
  readonly notes: Locator
  /** Why a note was not added, under its text. */
  readonly noteError: Locator
  readonly listItems: Locator
  /** Matched records of the linked checks, each once with its hits (one per category). */
  readonly records: Locator
  /** Decisions made on an earlier check of a wallet and carried to a later one by a re-screen. */
  readonly carriedDecisions: Locator
  readonly linkedChecks: Locator
  readonly undoNotice: Locator
  /** A bulk job's entry on the timeline: file hash, who ran it, when. */
  readonly bulkJobEntry: Locator
  /** "3 of 5 cases": how many the list shows of how many there are. */
  readonly listCount: Locator
  readonly listEmpty: Locator
  readonly listFilters: Locator
  /** The case's number, "CD-7K3M-Q9XA", in its header. */
  readonly number: Locator
  /** Each wallet of the case once, by its latest check, with its earlier checks folded under it. */
  readonly wallets: Locator
  /** "Show 2 earlier checks": unfolds a wallet's earlier checks, kept as its history. */
  readonly earlierToggles: Locator
  readonly earlierChecks: Locator
  /** Asks before a check is unlinked. */
  readonly unlinkDialog: Locator
  readonly unlinkConfirm: Locator
  /** What the unlink dialog says goes with the check, and what stays: a sentence each. */
  readonly unlinkEffect: Locator
  /** What each timeline entry says happened, and its details (rationale, note, reason…). */
  readonly auditHeadlines: Locator
  readonly auditFilters: Locator
  /** Back from an open case to the list, where the window is too narrow for both. */
  readonly backToList: Locator

  constructor(readonly page: Page) {
    this.detail = page.getByTestId('case-detail')
    this.state = this.detail.getByTestId('case-state')
    this.hits = page.getByTestId('case-hit')
    this.hitSummary = page.getByTestId('case-hit-summary')
    this.entities = page.getByTestId('case-entity')
    this.closure = page.getByTestId('case-closure')
    this.auditChain = page.getByTestId('audit-chain')
    this.auditEntries = page.getByTestId('audit-entry')
    this.exportDone = page.getByTestId('export-done')
    this.modalError = page.getByTestId('modal-error')
    this.imported = page.getByTestId('case-imported')
    this.decideButtons = page.getByTestId('hit-decide')
    this.closeButton = page.getByTestId('case-close')
    this.closeDialog = page.getByRole('dialog', { name: 'Close the case' })
    this.notes = page.getByTestId('case-note')
    this.noteError = page.getByTestId('case-note-error')
    this.listItems = page.getByTestId('case-list-item')
    this.records = page.getByTestId('case-record')
    this.carriedDecisions = page.getByTestId('hit-decision-carried')
    this.linkedChecks = page.getByTestId('case-check')
    this.undoNotice = page.getByTestId('undo-notice')
    this.bulkJobEntry = page.getByTestId('audit-bulk-job')
    this.listCount = page.getByTestId('case-list-count')
    this.listEmpty = page.getByTestId('case-list-empty')
    this.listFilters = page.getByTestId('case-list-filters')
    this.number = this.detail.getByTestId('case-number')
    this.wallets = page.getByTestId('case-wallet')
    this.earlierToggles = page.getByTestId('case-earlier-toggle')
    this.earlierChecks = page.getByTestId('case-earlier-check')
    this.unlinkDialog = page.getByRole('dialog', { name: 'Unlink this check?' })
    this.unlinkConfirm = this.unlinkDialog.getByTestId('unlink-check-confirm')
    this.unlinkEffect = this.unlinkDialog.getByTestId('unlink-check-effect')
    this.auditHeadlines = page.getByTestId('audit-headline')
    this.auditFilters = page.getByTestId('audit-filters')
    this.backToList = page.getByTestId('case-back-to-list')
  }

  /** Linked-check controls, for the keyboard: a check's Unlink, the toolbar's Link a check. */
  unlinkButton(index: number): Locator {
    return this.page.getByTestId('case-check-unlink').nth(index)
  }

  get linkCheckButton(): Locator {
    return this.page.getByTestId('case-link-check')
  }

  /** The lines that say a timeline entry in full: a rationale, a note's text, a reason. */
  auditDetails(index: number): Locator {
    return this.auditEntries.nth(index).getByTestId('audit-details')
  }

  /** Shows only the timeline's entries of one kind, or by one person. */
  async filterTimeline(by: 'Show' | 'By', option: string): Promise<void> {
    await this.auditFilters.getByLabel(by).selectOption({ label: option })
  }

  /** The chains a matched record of the case says the list gives it. */
  chainsOf(record: Locator): Locator {
    return record.getByTestId('record-chain')
  }

  async searchList(text: string): Promise<void> {
    await this.listFilters.getByLabel('Search cases').fill(text)
  }

  async filterList(by: 'State' | 'Outcome' | 'Sort by', value: string): Promise<void> {
    await this.listFilters.getByLabel(by).selectOption(value)
  }

  async clearListFilters(): Promise<void> {
    await this.listFilters.getByRole('button', { name: 'Clear filters' }).click()
  }

  /** The titles the list shows, in its order. */
  listTitles(): Promise<string[]> {
    return this.listItems.getByTestId('case-list-title').allTextContents()
  }

  /** The readable case number of the listed case titled `title`. */
  listNumber(title: string): Locator {
    return this.listItems.filter({ hasText: title }).getByTestId('case-number')
  }

  /** Where the decisions on the listed case's hits stand. */
  listHitState(title: string): Locator {
    return this.listItems.filter({ hasText: title }).getByTestId('hit-state')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-cases').click()
    await this.page.getByTestId('case-list').waitFor()
  }

  /** A linked check's identifier, a link to its record in History. */
  async openLinkedCheck(index: number): Promise<void> {
    await this.page.getByTestId('case-check-open').nth(index).click()
  }

  /** A linked entity's name, a link to its page. */
  async openLinkedEntity(index: number): Promise<void> {
    await this.page.getByTestId('case-entity-open').nth(index).click()
  }

  async openCase(title: string): Promise<void> {
    await this.page.getByTestId('case-list-item').filter({ hasText: title }).click()
  }

  /** The first New case asks who works on this computer; once answered, the New case form opens. */
  async sayWhoIAm(person: Person = investigator): Promise<void> {
    await this.openNewCase()
    await this.answerWhoIAm(person)
  }

  async openNewCase(): Promise<void> {
    await this.page.getByRole('button', { name: 'New case' }).click()
  }

  /** Answers the question the first New case asks, then closes the New case form it leads to. */
  async answerWhoIAm(person: Person): Promise<void> {
    const gate = this.page.getByRole('dialog', { name: 'Before your first case' })
    await expect(gate.getByTestId('investigator-gate')).toBeVisible()
    await sayWhoIAm(gate, person)
    const form = this.page.getByRole('dialog', { name: 'New case' })
    await expect(form).toBeVisible()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toBeHidden()
  }

  /** Who made each change, as the timeline names them. */
  get auditActors(): Locator {
    return this.auditEntries.getByTestId('actor')
  }

  /** The New case form, filled in part and sent with Enter, as a hurried user would. */
  async startCreating(title: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New case' }).click()
    await this.newCaseField('Title').fill(title)
    await this.newCaseField('Title').press('Enter')
  }

  newCaseField(label: 'Title' | 'Subject'): Locator {
    return this.page.getByRole('dialog', { name: 'New case' }).getByRole('textbox', { name: label })
  }

  async create(title: string, subject: string, description: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New case' }).click()
    // The dialog focuses its first field once it has opened; filling before that, on a busy
    // machine, let the focus move back to the title mid-way and type the subject into it.
    await expect(this.page.getByTestId('new-case-title')).toBeFocused()
    await this.page.getByTestId('new-case-title').fill(title)
    await this.page.getByTestId('new-case-subject').fill(subject)
    await this.page.getByTestId('new-case-description').fill(description)
    await this.page.getByTestId('new-case-create').click()
    await expect(this.page.getByTestId('case-title')).toHaveText(title)
  }

  hit(index: number): CaseHit {
    return new CaseHit(this.hits.nth(index))
  }

  async decideHit(index: number, decision: HitDecision, rationale: string): Promise<void> {
    await this.hit(index).decide(decision, rationale)
  }

  /** Links the first cached entity the picker finds for `filter`. */
  async linkEntity(filter: string): Promise<void> {
    await this.page.getByTestId('case-link-entity').click()
    await this.page.getByTestId('link-entity-filter').fill(filter)
    await this.page.getByTestId('link-entity').first().click()
    await this.page.getByRole('button', { name: 'Done' }).click()
  }

  /** Adds a note on the case's Notes tab. */
  async addNote(text: string): Promise<void> {
    await this.showTab('notes')
    await this.page.getByTestId('case-note-text').fill(text)
    await this.page.getByTestId('case-note-add').click()
  }

  /** Moves the case, with a reason for the trail when one is given. */
  async moveTo(state: 'in_review' | 'escalated', reason?: string): Promise<void> {
    await this.page.getByTestId(`case-move-${state}`).click()
    if (reason !== undefined) await this.page.getByTestId('case-move-reason').fill(reason)
    await this.page.getByTestId('case-move-confirm').click()
  }

  /** Unlinks a check, confirming when asked. */
  async unlinkCheck(index: number): Promise<void> {
    await this.unlinkButton(index).click()
    await this.unlinkConfirm.click()
    await expect(this.unlinkDialog).toBeHidden()
  }

  async unlinkEntity(index: number): Promise<void> {
    await this.page.getByTestId('case-entity-unlink').nth(index).click()
  }

  /** Takes back what the notice says was just done. */
  async undo(): Promise<void> {
    await this.undoNotice.getByTestId('undo-button').click()
  }

  /** Records the same decision on every category of a matched record. */
  async decideRecord(index: number, decision: HitDecision, rationale: string): Promise<void> {
    const record = this.records.nth(index)
    await record.getByTestId('record-decide-all').click()
    await record.getByTestId('hit-decision-choice').getByText(decision, { exact: true }).click()
    await record.getByTestId('hit-rationale').first().fill(rationale)
    await record.getByTestId('hit-save').first().click()
  }

  /** "Decide all 4 categories of this record", the matched record's choice to decide together. */
  decideAllButton(index: number): Locator {
    return this.records.nth(index).getByTestId('record-decide-all')
  }

  /** The chosen decision in the editor open on a record, which takes the keyboard when it opens. */
  recordChoice(index: number): Locator {
    return this.records.nth(index).getByRole('radio', { checked: true })
  }

  /** Cancels the decision being made for the whole record. */
  async cancelRecordDecision(index: number): Promise<void> {
    await this.records.nth(index).getByRole('button', { name: 'Cancel' }).click()
  }

  /** Records one decision on a record on every chain the list gives it, chosen as such. */
  async decideEveryChain(index: number, decision: HitDecision, rationale: string): Promise<void> {
    const record = this.records.nth(index)
    await record.getByTestId('record-decide-all-chains').click()
    await record.getByTestId('hit-decision-choice').getByText(decision, { exact: true }).click()
    await record.getByTestId('hit-rationale').first().fill(rationale)
    await record.getByTestId('hit-save').first().click()
  }

  /** Opens the close dialog with its outcomes listed. */
  async startClosing(): Promise<void> {
    await this.closeButton.click()
    await untilDialogHoldsFocus(this.closeDialog)
    await this.page.getByTestId('close-outcome').click()
  }

  /** An outcome listed by the close dialog, once closing has started. */
  closingOutcome(outcome: string): Locator {
    return this.page.getByRole('option', { name: outcome, exact: true })
  }

  /** Chooses the outcome and the reason in the open close dialog, and confirms. */
  async finishClosing(outcome: string, reason: string): Promise<void> {
    await this.closingOutcome(outcome).click()
    await this.page.getByTestId('close-reason').fill(reason)
    await this.page.getByTestId('close-confirm').click()
  }

  async close(outcome: string, reason: string): Promise<void> {
    await this.startClosing()
    await this.finishClosing(outcome, reason)
  }

  /** In the close dialog, after it refused because of undecided hits. */
  async closeLeavingHitsUndecided(because: string): Promise<void> {
    await this.page.getByTestId('close-undecided-reason').fill(because)
    await this.page.getByTestId('close-confirm').click()
  }

  async reopen(reason: string): Promise<void> {
    await this.page.getByTestId('case-reopen').click()
    await untilDialogHoldsFocus(this.page.getByRole('dialog', { name: 'Reopen the case' }))
    await this.page.getByTestId('reopen-reason').fill(reason)
    await this.page.getByTestId('reopen-confirm').click()
  }

  async showTab(tab: 'checks' | 'entities' | 'notes' | 'timeline'): Promise<void> {
    await this.tab(tab).click()
  }

  tab(tab: 'checks' | 'entities' | 'notes' | 'timeline'): Locator {
    return this.page.getByTestId(`case-tab-${tab}`)
  }

  /** The browser mode hands the bundle over as a download. */
  async exportBundle(): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByTestId('case-export').click()
    return download
  }

  /** Under Electron the bundle goes where the save dialog says: no download. */
  async exportToChosenFile(): Promise<void> {
    await this.page.getByTestId('case-export').click()
  }
}
