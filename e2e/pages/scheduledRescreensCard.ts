import type { Locator, Page } from '@playwright/test'

/** Settings' "Scheduled re-screens in Production": the opt-in, its monthly cap, and its use. */
export class ScheduledRescreensCard {
  readonly root: Locator
  /** "12 of 200 billed checks this month". */
  readonly use: Locator
  /** Opted out, opted in, or the cap spent, in a sentence. */
  readonly state: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('scheduled-rescreens')
    this.use = page.getByTestId('scheduled-use')
    this.state = page.getByTestId('scheduled-state')
  }

  async optIn(cap: number): Promise<void> {
    await this.root.getByRole('checkbox', { name: /Run watches in Production/ }).check()
    await this.root.getByRole('textbox', { name: 'Monthly cap (billed checks)' }).fill(String(cap))
    await this.root.getByRole('button', { name: 'Opt in' }).click()
  }
}
