import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { NodeResult, Result } from 'axe-core'

/** WCAG 2.1 at level AA, which issue 13 asks every screen to meet. */
const wcag21AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** What axe measured for a contrast failure, e.g. "2.41:1 (#ffffff on #40c057, 12px), needs 4.5:1". */
const contrastOf = (node: NodeResult): string => {
  const data: unknown = node.any.find((check) => check.id === 'color-contrast')?.data
  if (typeof data !== 'object' || data === null) return ''
  const { contrastRatio, fgColor, bgColor, fontSize, expectedContrastRatio } = data as Record<
    string,
    unknown
  >
  if (typeof contrastRatio !== 'number') return ''
  return ` — ${contrastRatio}:1 (${String(fgColor)} on ${String(bgColor)}, ${String(fontSize)}), needs ${String(expectedContrastRatio)}`
}

const describe = (violation: Result): string =>
  [
    `${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}`,
    ...violation.nodes.map((node) => `    ${node.target.join(' ')}${contrastOf(node)}`),
  ].join('\n')

/**
 * Runs axe on what the page shows and fails with one readable line per failing element. Legacy
 * mode runs axe inside the page itself: the modern mode opens a helper tab, which an Electron
 * window's context cannot do, and the app has no cross-origin frames that would need it. Soft:
 * the test goes on, so one run lists every failing screen, and still fails at its end.
 */
export const expectAccessible = async (page: Page, screen: string): Promise<void> => {
  // Only violations are read: axe then details no passing or incomplete node, about half the time.
  // Options first: they replace what withTags set.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcag21AA)
    .setLegacyMode()
    .analyze()
  expect.soft(violations.map(describe).join('\n'), `WCAG 2.1 AA violations on ${screen}`).toBe('')
  // Not a WCAG rule in axe, but what screen readers navigate by: each screen names itself once.
  expect.soft(await page.locator('h1').count(), `h1 headings on ${screen}`).toBe(1)
}
