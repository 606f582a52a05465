import type { Download, Locator, Page } from '@playwright/test'
import { untilDialogHoldsFocus } from './dialogFocus'

/** The Bulk screening screen: a list in, a job's progress and every row's result out. */
export class BulkPage {
  readonly title: Locator
  readonly readSummary: Locator
  readonly previewRows: Locator
  readonly invalidRows: Locator
  readonly unrecognisedRows: Locator
  /** The list of lines that will not be checked, below the unrecognised values. */
  readonly invalidList: Locator
  readonly accounting: Locator
  readonly planSummary: Locator
  readonly sendSummary: Locator
  readonly jobState: Locator
  readonly progress: Locator
  readonly resultRows: Locator
  readonly finishedNotice: Locator
  readonly stopped: Locator
  readonly waiting: Locator
  /** The results' filter that shows only the rows with hits. */
  readonly hitsOnly: Locator

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1 })
    this.readSummary = page.getByTestId('bulk-read-summary')
    this.previewRows = page.getByTestId('bulk-preview-row')
    this.invalidRows = page.getByTestId('bulk-invalid-row')
    this.unrecognisedRows = page.getByTestId('bulk-unrecognised-row')
    this.invalidList = page.getByTestId('bulk-invalid')
    this.accounting = page.getByTestId('bulk-accounting')
    this.planSummary = page.getByTestId('bulk-plan-summary')
    this.sendSummary = page.getByTestId('bulk-send-summary')
    this.jobState = page.getByTestId('bulk-job-state').first()
    this.progress = page.getByRole('progressbar')
    this.resultRows = page.getByTestId('bulk-result-row')
    this.finishedNotice = page.getByTestId('bulk-finished')
    this.stopped = page.getByTestId('bulk-stopped')
    this.waiting = page.getByTestId('bulk-waiting')
    this.hitsOnly = page.getByTestId('bulk-filter-hits')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-bulk').click()
  }

  async chooseFile(name: string, text: string): Promise<void> {
    await this.page.getByTestId('bulk-file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(text, 'utf8'),
    })
  }

  async paste(text: string): Promise<void> {
    await this.page.getByTestId('bulk-paste').fill(text)
  }

  /** How many lines of the list the preview puts in one part of its accounting. */
  accounted(
    part: 'screened' | 'duplicate' | 'invalid' | 'unrecognised' | 'header' | 'blank' | 'continued',
  ): Locator {
    return this.page.getByTestId(`bulk-account-${part}`)
  }

  /** The deliberate choice to send values that are no recognised address as they are. */
  async sendUnrecognised(): Promise<void> {
    await this.page.getByTestId('bulk-send-unrecognised').check()
  }

  async start(): Promise<void> {
    await this.page.getByTestId('bulk-start').click()
  }

  /** How many addresses are in one of the progress counts (done, failed, remaining, …). */
  count(which: 'done' | 'reused' | 'hits' | 'failed' | 'unknown' | 'remaining'): Locator {
    return this.page.getByTestId(`bulk-count-${which}`)
  }

  async downloadResults(): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByTestId('bulk-download').click()
    return download
  }

  /** The result row of an input line. */
  resultOnLine(line: number): Locator {
    return this.page.locator(`[data-testid="bulk-result-row"][data-line="${line}"]`)
  }

  async openResultOnLine(line: number): Promise<void> {
    await this.page.locator(`[data-testid="bulk-result-row"][data-line="${line}"]`).click()
  }

  /** Chooses the input columns carried into the results (table and file), by their names. */
  async carryColumns(...names: string[]): Promise<void> {
    const picker = this.page.getByTestId('bulk-carry-columns')
    for (const name of names) {
      await picker.click()
      await this.page.getByRole('option', { name, exact: true }).click()
    }
    await this.page.keyboard.press('Escape')
  }

  /** Selects the address of a result row (by its input line) for linking to a case. */
  async selectLine(line: number): Promise<void> {
    await this.page
      .locator(`[data-testid="bulk-result-row"][data-line="${line}"]`)
      .getByTestId('bulk-result-select')
      .check()
  }

  /** Links the selected rows' checks, or every one with hits, to a new case; the case opens. */
  async linkToNewCase(which: 'selected' | 'hits', title: string, subject: string): Promise<void> {
    await this.page.getByTestId('bulk-link').click()
    const dialog = this.page.getByRole('dialog', { name: 'Link to a case' })
    await untilDialogHoldsFocus(dialog)
    await dialog.getByTestId(`bulk-link-${which}`).check()
    await dialog.getByTestId('bulk-link-title').fill(title)
    await dialog.getByTestId('bulk-link-subject').fill(subject)
    await dialog.getByTestId('bulk-link-go').click()
    await dialog.waitFor({ state: 'hidden' })
  }

  async pause(): Promise<void> {
    await this.page.getByTestId('bulk-pause').click()
  }

  async resume(): Promise<void> {
    await this.page.getByTestId('bulk-resume').click()
  }

  async cancel(): Promise<void> {
    await this.page.getByTestId('bulk-cancel').click()
  }

  /** Starts a Production job after its confirmation, with a budget cap when given. */
  async startBilled(budget?: number): Promise<Locator> {
    await this.start()
    const dialog = this.page.getByRole('dialog', { name: 'Run billed checks?' })
    if (budget !== undefined) await dialog.getByTestId('bulk-budget').fill(String(budget))
    return dialog
  }

  async confirmBilled(): Promise<void> {
    await this.page.getByTestId('bulk-confirm-start').click()
  }

  async raiseBudget(budget: number): Promise<void> {
    await this.page.getByTestId('bulk-new-budget').fill(String(budget))
    await this.page.getByTestId('bulk-raise-budget').click()
  }

  /** A job from the screen's list of jobs, by its list's name. */
  async openJob(name: string): Promise<void> {
    await this.open()
    await this.page.getByTestId('bulk-jobs').getByRole('link', { name }).first().click()
  }

  /** How many addresses are on their way now. */
  async runningCount(): Promise<number> {
    return Number(await this.page.getByTestId('bulk-progress').getAttribute('data-running'))
  }
}
