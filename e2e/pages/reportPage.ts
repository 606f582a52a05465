import { pathToFileURL } from 'node:url'
import { expect, type Locator, type Page } from '@playwright/test'

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

  /**
   * One page of a printed report (a PDF written by `pdf`) shown whole, as Chromium's PDF viewer
   * shows it at this window's size, kept under test-results/screens as `name@WxH.png` for people
   * to look at. The viewer paints in a process of its own after it says the document loaded, so
   * the picture is taken once the window shows more than the viewer's empty backdrop (which
   * compresses to a few KB) and two pictures in a row agree.
   */
  async savePrintedPage(pdfPath: string, pageNumber: number, name: string): Promise<void> {
    const size = this.page.viewportSize()
    await this.page.goto('about:blank')
    await this.page.goto(
      `${pathToFileURL(pdfPath).href}#page=${pageNumber}&view=Fit&toolbar=0&navpanes=0`,
    )
    let previous: Buffer = Buffer.alloc(0)
    await expect
      .poll(
        async () => {
          const shot = await this.page.screenshot()
          const settled = shot.length > 20_000 && shot.equals(previous)
          previous = shot
          return settled
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    await this.page.screenshot({
      path: `test-results/screens/${name}@${size?.width}x${size?.height}.png`,
    })
  }
}
