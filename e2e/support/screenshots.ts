import type { Locator, Page } from '@playwright/test'
import { expectAccessible } from './accessibility'
import { expectLaidOut } from './layout'

/** The smallest window the app supports and a common laptop screen: layouts must hold at both. */
const reviewedSizes = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const

/**
 * Two frames: the resize's layout and the re-render it causes are painted by then. A string,
 * because this project's types have no DOM.
 */
const afterNextPaint = async (page: Page): Promise<void> => {
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  )
}

/** Scrolls so that the bottom of `part` is at the bottom of the window (or as near as it goes). */
const bringIntoView = async (part: Locator | undefined): Promise<void> => {
  // Typed by hand: this project's types have no DOM.
  await part?.evaluate((element: { scrollIntoView(options: { block: 'end' }): void }) =>
    element.scrollIntoView({ block: 'end' }),
  )
}

/**
 * Screens are kept under test-results/screens for people to look at: as the test sees them, and
 * at each reviewed size (the test's own viewport is restored afterwards). With `part`, each is
 * scrolled to show it, as a resize keeps the scroll offset rather than what was in view. Every
 * screen and state kept is also checked against WCAG 2.1 AA, and at each size for what does not
 * fit it, once captured, so that a failure comes with the picture of what failed.
 */
export const saveScreen = async (page: Page, name: string, part?: Locator): Promise<void> => {
  await bringIntoView(part)
  await page.screenshot({ path: `test-results/screens/${name}.png` })
  await expectAccessible(page, name)
  const original = page.viewportSize()
  // An Electron window has no emulated viewport to resize and restore: it is captured as it is.
  if (original === null) return
  for (const size of reviewedSizes) {
    await page.setViewportSize(size)
    await bringIntoView(part)
    await afterNextPaint(page)
    const sized = `${name}@${size.width}x${size.height}`
    await page.screenshot({ path: `test-results/screens/${sized}.png` })
    await expectLaidOut(page, sized)
  }
  await page.setViewportSize(original)
  await afterNextPaint(page)
}
