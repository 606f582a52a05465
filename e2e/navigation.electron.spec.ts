import { expect, test } from './fixtures/electronTest'

test('Electron: Alt+← and Alt+→ go back and forward, as a browser’s buttons would', async ({
  shell,
  history,
  entities,
}) => {
  await history.open()
  await entities.open()
  expect(shell.location()).toBe('#/entities')
  await shell.backWithKeyboard()
  await expect(history.screen).toBeVisible()
  expect(shell.location()).toBe('#/history')
  await shell.forwardWithKeyboard()
  await expect(entities.range).toBeVisible()
  expect(shell.location()).toBe('#/entities')
})
