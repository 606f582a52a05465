import { expect, type Locator } from '@playwright/test'

/**
 * Waits until an opened dialog has taken the focus (its first control, or the one it marks). On a
 * busy machine it takes it a moment after it shows, and taking it then from a list the test has
 * already opened in it closes that list: the outcome the test goes on to pick is never shown.
 */
export async function untilDialogHoldsFocus(dialog: Locator): Promise<void> {
  await expect(dialog.locator(':focus')).toHaveCount(1)
}
