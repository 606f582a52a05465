import type { Download, Locator, Page } from '@playwright/test'
import { routeBridgeSocket } from '../support/bridgeTraffic'

/**
 * Settings' Backup card: back up all data, and restore it from a file; and the notice above every
 * screen while a restore is not finished.
 */
export class BackupCard {
  readonly root: Locator
  readonly done: Locator
  readonly error: Locator
  /** A chosen file that passed every check, with what it holds. */
  readonly verified: Locator
  /** A chosen file refused, with the reason. */
  readonly refused: Locator
  /** The question asked before data already here is replaced. */
  readonly confirmation: Locator
  readonly restored: Locator
  /** Which environments' keys must be entered again after a restore. */
  readonly keysNeeded: Locator
  /** Above every screen while a restore is not finished: which part did not come back. */
  readonly unfinished: Locator
  /** Shown once an unfinished restore was finished from its notice. */
  readonly finished: Locator
  /** The page has asked whether a restore is unfinished, and none is. */
  readonly noneUnfinished: Locator
  private socketRoute: Awaited<ReturnType<typeof routeBridgeSocket>> | undefined

  constructor(readonly page: Page) {
    this.root = page.getByTestId('backup-card')
    this.done = page.getByTestId('backup-done')
    this.error = page.getByTestId('backup-error')
    this.verified = page.getByTestId('restore-verified')
    this.refused = page.getByTestId('restore-refused')
    this.confirmation = page.getByRole('dialog', { name: 'Replace all data on this computer?' })
    this.restored = page.getByTestId('restore-done')
    this.keysNeeded = page.getByTestId('restore-keys-needed')
    this.unfinished = page.getByTestId('restore-unfinished')
    this.finished = page.getByTestId('restore-finished')
    this.noneUnfinished = page.locator('html[data-unfinished-restore="none"]')
  }

  /** The browser mode hands the backup over as a download. */
  async backUp(): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByTestId('backup-start').click()
    return download
  }

  /** Picks a file in the browser's file chooser; the app checks it at once. */
  async chooseFile(path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByTestId('restore-choose').click()
    await (await chooser).setFiles(path)
  }

  async restore(): Promise<void> {
    await this.page.getByTestId('restore-start').click()
  }

  /** Ticks one of the backup's settings to put in place (trust and addresses start unticked). */
  async tickChange(id: string): Promise<void> {
    await this.confirmation.locator(`[data-testid="restore-change"][data-change="${id}"]`).check()
  }

  async confirmReplace(): Promise<void> {
    await this.confirmation.getByTestId('restore-confirm-replace').click()
  }

  async cancelReplace(): Promise<void> {
    await this.confirmation.getByRole('button', { name: 'Cancel' }).click()
  }

  /**
   * Puts the page's bridge calls through the test from the next load on, so that one can be cut
   * on its way (see confirmReplaceCutBeforeSettings): the caller reloads the page after it.
   */
  async routeCallsThroughTheTest(): Promise<void> {
    this.socketRoute = await routeBridgeSocket(this.page)
  }

  /**
   * Confirms replacing the data here, and runs `cut` (the test kills the host) once the app has
   * switched to the restored data and its call to put the settings in place is on its way: the
   * call never reaches a host, and fails as a dead host's does.
   */
  async confirmReplaceCutBeforeSettings(cut: () => Promise<void>): Promise<void> {
    if (!this.socketRoute) throw new Error('call routeCallsThroughTheTest, then reload, first')
    const cutDone = this.socketRoute.cutNext('backup.finishRestore', cut)
    await this.confirmReplace()
    await cutDone
  }

  async finishRestore(): Promise<void> {
    await this.unfinished.getByTestId('restore-finish').click()
  }
}
