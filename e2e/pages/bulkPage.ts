import type { Download, Locator, Page } from '@playwright/test'

/** The Bulk screening screen: a list in, a job's progress and every row's result out. */
export class BulkPage {
  readonly title: Locator
  readonly readSummary: Locator
  readonly previewRows: Locator
  readonly invalidRows: Locator
  readonly planSummary: Locator
  readonly sendSummary: Locator
  readonly jobState: Locator
  readonly progress: Locator
  readonly resultRows: Locator
  readonly finishedNotice: Locator

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1 })
    this.readSummary = page.getByTestId('bulk-read-summary')
    this.previewRows = page.getByTestId('bulk-preview-row')
    this.invalidRows = page.getByTestId('bulk-invalid-row')
    this.planSummary = page.getByTestId('bulk-plan-summary')
    this.sendSummary = page.getByTestId('bulk-send-summary')
    this.jobState = page.getByTestId('bulk-job-state').first()
    this.progress = page.getByRole('progressbar')
    this.resultRows = page.getByTestId('bulk-result-row')
    this.finishedNotice = page.getByTestId('bulk-finished')
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

  async start(): Promise<void> {
    await this.page.getByTestId('bulk-start').click()
  }

  /** How many addresses are in one of the progress counts (done, failed, remaining, …). */
  count(which: 'done' | 'reused' | 'hits' | 'failed' | 'remaining'): Locator {
    return this.page.getByTestId(`bulk-count-${which}`)
  }

  async downloadResults(): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByTestId('bulk-download').click()
    return download
  }

  async openResultOnLine(line: number): Promise<void> {
    await this.page.locator(`[data-testid="bulk-result-row"][data-line="${line}"]`).click()
  }
}
