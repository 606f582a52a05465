import { expect, type Locator, type Page } from '@playwright/test'

/** Typed by hand: this project's types have no DOM. */
interface FocusableElement {
  ownerDocument: { activeElement: unknown }
}

/** Someone who uses only the keyboard: every move is a key, and they must see where focus is. */
export class KeyboardUser {
  constructor(readonly page: Page) {}

  /** Presses Tab until `target` has the focus, failing if it is not reached in `limit` presses. */
  async tabTo(target: Locator, limit = 40): Promise<void> {
    await target.waitFor()
    for (let presses = 0; presses <= limit; presses += 1) {
      const focused = await target.evaluate(
        (element: FocusableElement) => element.ownerDocument.activeElement === element,
      )
      if (focused) return
      await this.page.keyboard.press('Tab')
    }
    throw new Error(`${target.toString()} was not reached in ${limit} presses of Tab`)
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key)
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text)
  }

  /** Focused and ringed: the app's focus ring is an outline, shown to keyboard users only. */
  async expectFocusVisible(target: Locator): Promise<void> {
    await expect(target).toBeFocused()
    await expect(target).toHaveCSS('outline-style', 'solid')
  }
}
