import { expect, test } from '@playwright/test'
import { layoutProblems } from './support/layout'

const address = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

/** `text` in a box `width` pixels wide, free to break anywhere, in a 14 px monospace font. */
const boxed = (width: number, text = address) =>
  `<div style="width:${width}px;font:14px monospace;overflow-wrap:anywhere">${text}</div>`

test('the layout check finds an identifier broken with one or two characters on a line, and only that', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 })
  // The width of one character of the font, measured rather than assumed.
  await page.setContent('<span style="font:14px monospace">0000000000</span>')
  const perCharacter = await page.evaluate<number>(
    "document.querySelector('span').getBoundingClientRect().width / 10",
  )
  const fitting = (characters: number) => Math.ceil(characters * perCharacter) + 1

  // 41 of 42 characters on the first line: the last one alone on the second.
  await page.setContent(boxed(fitting(address.length - 1)))
  expect(await layoutProblems(page)).toEqual([
    expect.stringContaining(`leaving 1 of its characters on a line`),
  ])
  // Two lines of 21: broken, but each line holds enough to read.
  await page.setContent(boxed(fitting(address.length / 2)))
  expect(await layoutProblems(page)).toEqual([])
  // On one line; and a long word without a digit is prose, not an identifier.
  await page.setContent(boxed(fitting(address.length)))
  expect(await layoutProblems(page)).toEqual([])
  await page.setContent(boxed(fitting(20), 'Incomprehensibilities'))
  expect(await layoutProblems(page)).toEqual([])
  // A copy for screen readers only, a pixel wide, is not looked at.
  await page.setContent(
    `<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">${address}</span>`,
  )
  expect(await layoutProblems(page)).toEqual([])
})
