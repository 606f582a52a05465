import { expect, test } from './fixtures/browserModeTest'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

test('with the keyboard alone, one reaches the navigation, opens Crypto search, runs a check and reaches its result, always seeing the focus', async ({
  shell,
  history,
  search,
  keyboard,
}) => {
  await history.open()
  const searchLink = shell.navigationLink('Crypto search')
  await keyboard.tabTo(searchLink)
  await keyboard.expectFocusVisible(searchLink)
  await keyboard.press('Enter')
  await expect(shell.currentNavigation).toHaveText('Crypto search')
  expect(shell.location()).toBe('#/search')

  await keyboard.tabTo(search.identifier)
  await keyboard.type(sanctioned)
  await expect(search.identifier).toHaveValue(sanctioned)
  await keyboard.tabTo(search.consentBox)
  await keyboard.expectFocusVisible(search.consentBox)
  await keyboard.press('Space')
  await expect(search.consentBox).toBeChecked()
  await keyboard.tabTo(search.runButton)
  await keyboard.expectFocusVisible(search.runButton)
  await keyboard.press('Enter')
  await search.expectStatus('review_required')

  await keyboard.tabTo(search.result.rawResponseButton)
  await keyboard.expectFocusVisible(search.result.rawResponseButton)
  await saveScreen(search.page, 'keyboard-01-result-reached')
})
