import { expect, type Page } from '@playwright/test'

/**
 * Finds what does not fit the window, as a reader of the screen would see it: the page or a part
 * of it scrolling sideways, something reaching past the window's right edge, a table cell whose
 * content spills out of it, the label of a badge, button, tab or table header cut with an
 * ellipsis, and an identifier broken so that a line holds one or two of its characters (an
 * identifier breaks where its middle-truncation says, or not at all). A string run in the page,
 * as this project's types have no DOM. A part that must scroll sideways (a raw answer's bytes)
 * says so with `data-scrolls-sideways`.
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
  // An identifier (a run of 16 or more characters with a digit, in one text node) broken across
  // lines so that a line holds only 1 or 2 of its characters. Runs on one line are passed over
  // at the cost of one measure; only broken ones are measured character by character.
  const range = document.createRange()
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement
    if (parent === null || allowedToScroll(parent)) continue
    const holder = parent.getBoundingClientRect()
    // A visually hidden copy for screen readers is a pixel wide: nobody sees its lines.
    if (holder.width <= 2 || holder.height <= 2 || getComputedStyle(parent).visibility === 'hidden') continue
    for (const match of (node.textContent || '').matchAll(/\\S{16,}/g)) {
      const token = match[0]
      if (!/\\d/.test(token)) continue
      range.setStart(node, match.index)
      range.setEnd(node, match.index + token.length)
      const tops = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)))
      if (tops.size < 2) continue
      const lines = []
      for (let index = 0; index < token.length; index++) {
        range.setStart(node, match.index + index)
        range.setEnd(node, match.index + index + 1)
        const box = range.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) continue
        const line = lines.find((known) => Math.abs(known.top - box.top) < box.height / 2)
        if (line) line.characters++
        else lines.push({ top: box.top, characters: 1 })
      }
      const short = lines.find((line) => line.characters <= 2)
      if (lines.length > 1 && short) {
        problems.push(describe(parent) + ' breaks "' + token.slice(0, 48) + '" leaving ' + short.characters + ' of its characters on a line')
      }
    }
  }
  return problems
})()`

/** What does not fit on the page as it is now, a sentence each: see `findOverflow`. */
export const layoutProblems = (page: Page): Promise<string[]> =>
  page.evaluate<string[]>(findOverflow)

/**
 * Fails softly (the test goes on, so one run lists every screen) when something on the screen
 * does not fit it: see `findOverflow`.
 */
export const expectLaidOut = async (page: Page, screen: string): Promise<void> => {
  const problems = await layoutProblems(page)
  expect.soft(problems.join('\n'), `what does not fit on ${screen}`).toBe('')
}
