import { chromium, type Browser } from '@playwright/test'
import { MantineProvider } from '@mantine/core'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../../../e2e/support/chromium'
import { MiddleTruncated } from './MiddleTruncated'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions)
})

afterAll(async () => {
  await browser.close()
})

/** What a reader sees of the value's two parts, as a real browser lays them out, put together. */
async function shownText(value: string, width: number): Promise<string> {
  const page = await browser.newPage()
  try {
    const markup = renderToStaticMarkup(
      createElement(MantineProvider, null, createElement(MiddleTruncated, { value, testId: 'v' })),
    )
    await page.setContent(`<div style="width:${width}px">${markup}</div>`)
    return (await page.getByTestId('v').locator('span').allInnerTexts()).join('')
  } finally {
    await page.close()
  }
}

describe('MiddleTruncated', () => {
  // Cut 8 characters from the end: the space ends the first part, then starts the second.
  it.each(['Exchange hotwalet', 'Exchanges hotwale'])(
    'keeps a space where it splits “%s”',
    async (value) => {
      expect(await shownText(value, 600)).toBe(value)
    },
  )
})
