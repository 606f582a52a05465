import { pathToFileURL } from 'node:url'
import type { Locator, Page } from '@playwright/test'

/** A bundle's report.html opened from disk, as a reviewer reads it. */
export class ReportPage {
  readonly heading: Locator
  readonly body: Locator
  /** The signer and key fingerprint, on the first page. */
  readonly signature: Locator
  /** The case's number, above its title. */
  readonly caseNumber: Locator
  /** The rows of the checks' hits: category, holder and record, chain, lists, decision. */
  readonly hitRows: Locator
  /** Every URL the page asked for, in order. */
  readonly requested: string[] = []

  constructor(readonly page: Page) {
    this.heading = page.locator('h1')
    this.body = page.locator('body')
    this.signature = page.getByRole('region', { name: 'Signature' })
    this.caseNumber = page.locator('[data-case-number]')
    this.hitRows = page.locator('section.check tbody tr')
    page.on('request', (request) => this.requested.push(request.url()))
  }

  async open(path: string): Promise<void> {
    await this.page.goto(pathToFileURL(path).href)
  }

  async pdf(format: 'A4' | 'Letter'): Promise<Buffer> {
    return this.page.pdf({ format, printBackground: true })
  }
}
