import { expect, test } from './fixtures/browserModeTest'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

test('every screen and record has an address: Back, Forward and reload keep the user where they were', async ({
  shell,
  search,
  history,
}) => {
  expect(shell.location()).toBe('#/search')
  await expect(shell.currentNavigation).toHaveText('Crypto search')

  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await history.open()
  expect(shell.location()).toBe('#/history')
  await expect(shell.currentNavigation).toHaveText('History')

  await history.openRow(0)
  await expect(history.fetchedNote).toBeVisible()
  const checkAddress = shell.location()
  expect(checkAddress).toMatch(/^#\/history\/[^/]+$/)
  // A record belongs to its screen in the navigation.
  await expect(shell.currentNavigation).toHaveText('History')

  await shell.reload()
  expect(shell.location()).toBe(checkAddress)
  await expect(history.result.root).toContainText(sanctioned)

  await shell.back()
  await expect(history.rows).toHaveCount(1)
  expect(shell.location()).toBe('#/history')
  await shell.forward()
  await expect(history.result.root).toContainText(sanctioned)
  expect(shell.location()).toBe(checkAddress)

  await shell.back()
  await shell.back()
  await expect(search.identifier).toBeVisible()
  expect(shell.location()).toBe('#/search')
})

test('a case has its own address, and its linked check and entity open their records', async ({
  shell,
  search,
  cases,
  entities,
  history,
}) => {
  await entities.open()
  await expect(entities.rows.first()).toBeVisible()
  const entityName = (await entities.rowNames())[0] ?? ''

  await cases.open()
  await cases.sayWhoIAm()
  await cases.create('Navigation case', 'A wallet', '')
  const caseAddress = shell.location()
  expect(caseAddress).toMatch(/^#\/cases\/[^/]+$/)
  await shell.reload()
  await expect(cases.detail).toContainText('Navigation case')

  await search.open()
  await search.search(sanctioned)
  await search.result.addToCase('Navigation case')
  await cases.open()
  await cases.openCase('Navigation case')
  await cases.openLinkedCheck(0)
  expect(shell.location()).toMatch(/^#\/history\/[^/]+$/)
  await expect(history.result.root).toContainText(sanctioned)
  await shell.back()
  expect(shell.location()).toBe(caseAddress)

  await cases.showTab('entities')
  await cases.linkEntity(entityName.split(' ')[0] ?? '')
  await cases.openLinkedEntity(0)
  expect(shell.location()).toMatch(/^#\/entities\/ent_[A-Za-z0-9]+\?environment=local$/)
  await expect(entities.detail.root).toContainText(entityName)
  await saveScreen(shell.page, 'navigation-01-entity-from-case')
})

test('each page of the entity list has its address: Back returns to the page before', async ({
  shell,
  entities,
}) => {
  await entities.open()
  await expect(entities.range).toHaveText('Rows 1–20 of 300')
  await entities.next()
  await expect(entities.range).toHaveText('Rows 21–40 of 300')
  expect(shell.location()).toBe('#/entities?page=2&limit=20')
  await shell.reload()
  await expect(entities.range).toHaveText('Rows 21–40 of 300')
  await shell.back()
  await expect(entities.range).toHaveText('Rows 1–20 of 300')
})

test('a form says inline what is missing, and Enter sends it: no browser bubble', async ({
  shell,
  cases,
}) => {
  await cases.open()
  await cases.sayWhoIAm()
  await cases.startCreating('Half-filled case')
  await expect(cases.newCaseField('Subject')).toHaveAttribute('aria-invalid', 'true')
  await expect(cases.newCaseField('Subject')).toHaveAccessibleDescription(/Subject is required/)
  await saveScreen(shell.page, 'forms-01-new-case-inline-error')
  await cases.newCaseField('Subject').fill('A wallet')
  await cases.newCaseField('Subject').press('Enter')
  await expect(cases.detail).toContainText('Half-filled case')
  expect(shell.location()).toMatch(/^#\/cases\/[^/]+$/)
})

test('an address no screen answers to says so and leads back', async ({ shell, search }) => {
  await shell.goTo('#/no-such-screen')
  await expect(shell.notFound).toContainText('Nothing at this address')
  await saveScreen(shell.page, 'navigation-02-not-found')
  await shell.leaveNotFound()
  expect(shell.location()).toBe('#/search')
  await expect(search.identifier).toBeVisible()
})
