import { expect, type Locator, type Page } from '@playwright/test'

/** The frame around every screen: readiness, connectivity, the active environment. */
export class AppShell {
  readonly connectivity: Locator
  readonly activeEnvironment: Locator

  constructor(readonly page: Page) {
    this.connectivity = page.getByTestId('connectivity')
    this.activeEnvironment = page.getByTestId('active-environment')
  }

  /** The app's own signal that its database, bridge and first screen are up. */
  async waitUntilReady(): Promise<void> {
    await expect(this.page.locator('html[data-app-state="ready"]')).toHaveCount(1)
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url)
    await this.waitUntilReady()
  }

  async reload(): Promise<void> {
    await this.page.reload()
    await this.waitUntilReady()
  }
}
