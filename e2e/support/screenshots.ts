import type { Page } from '@playwright/test'

/** Screens are kept under test-results/screens for people to look at. */
export const saveScreen = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false })
}
