import { expect, type Page } from '@playwright/test'

/**
 * Finds what does not fit the window, as a reader of the screen would see it: the page or a part
 * of it scrolling sideways, something reaching past the window's right edge, a table cell whose
 * content spills out of it, and the label of a badge, button, tab or table header cut with an
 * ellipsis. A string run in the page, as this project's types have no DOM. A part that must
 * scroll sideways (a raw answer's bytes) says so with `data-scrolls-sideways`.
 */
const findOverflow = `(() => {
  const problems = []
  const width = document.documentElement.clientWidth
  const describe = (element) => {
    const label = element.getAttribute('aria-label') || element.getAttribute('data-testid') || ''
    const text = (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40)
    const classes = [...element.classList].filter((name) => !name.startsWith('m_')).slice(0, 2)
    return element.tagName.toLowerCase() + (classes.length ? '.' + classes.join('.') : '') +
      (label ? ' [' + label + ']' : '') + (text ? ' "' + text + '"' : '')
  }
  const shown = (element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
  }
  const allowedToScroll = (element) => element.closest('[data-scrolls-sideways]') !== null
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + 'px in a window of ' + width + 'px')
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (!shown(element) || allowedToScroll(element)) continue
    const style = getComputedStyle(element)
    const sideways = element.scrollWidth > element.clientWidth + 1
    if (sideways && (style.overflowX === 'auto' || style.overflowX === 'scroll')) {
      problems.push(describe(element) + ' scrolls sideways (' + element.scrollWidth + 'px in ' + element.clientWidth + 'px)')
    }
    if (sideways && style.textOverflow === 'ellipsis' &&
        element.closest('.mantine-Badge-root, .mantine-Button-root, [role="tab"], th') !== null) {
      problems.push(describe(element) + ' is cut with an ellipsis')
    }
    if (sideways && (element.tagName === 'TD' || element.tagName === 'TH') && style.overflowX === 'visible') {
      problems.push(describe(element) + ' spills out of its cell')
    }
    const box = element.getBoundingClientRect()
    if (box.right > width + 1 && style.position !== 'fixed' && element.closest('[aria-hidden="true"]') === null) {
      const parent = element.parentElement
      // Only the outermost part past the edge is named: its children are past it with it.
      if (parent === null || parent.getBoundingClientRect().right <= width + 1) {
        problems.push(describe(element) + ' reaches ' + Math.round(box.right - width) + 'px past the window')
      }
    }
  }
  return problems
})()`

/**
 * Fails softly (the test goes on, so one run lists every screen) when something on the screen
 * does not fit it: see `findOverflow`.
 */
export const expectLaidOut = async (page: Page, screen: string): Promise<void> => {
  const problems = await page.evaluate<string[]>(findOverflow)
  expect.soft(problems.join('\n'), `what does not fit on ${screen}`).toBe('')
}
