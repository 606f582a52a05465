import { expect, type Locator, type Page } from '@playwright/test'

/** How often the page applies what replication brought (`teamTickMs` in the app). */
const teamTickMs = 1_000

/**
 * Where this desk stands with its team, as the header says on every screen, and the page's turns
 * that bring the team's entries in. The page's clock is installed by the fixtures: each wait
 * moves it on by a turn, so the page's timers run however slow the machine is.
 */
export class TeamStatus {
  /** The header's status line ("Team: in sync", "Team: offline since …"); absent outside a team. */
  readonly header: Locator

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner').getByTestId('team-status')
  }

  /**
   * Waits until `expectation` holds, moving the page's clock on by one turn of the team's work
   * between tries: replication on the main side runs in real time, the page's turns on its clock.
   */
  async until(expectation: () => Promise<void>, timeout = 20_000): Promise<void> {
    await expect(async () => {
      await this.page.clock.runFor(teamTickMs)
      await expectation()
    }).toPass({ timeout, intervals: [250] })
  }

  /** Until the header's status line reads `text` (a string or a pattern). */
  async untilSays(text: string | RegExp, timeout?: number): Promise<void> {
    await this.until(() => expect(this.header).toHaveText(text, { timeout: 500 }), timeout)
  }
}
