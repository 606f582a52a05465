import { expect, test } from '@playwright/test'
import { EntityListPage } from './pages/entityListPage'
import { launchAppForEachTest } from './support/browserModeApp'
import { saveScreen } from './support/screenshots'

const app = launchAppForEachTest({ openInPage: true })

const creations = () =>
  app().sandbox.requests.filter(
    (request) => request.method === 'POST' && request.path === '/v2/api/entities',
  )

test('create an individual and a business, see them listed first, and read the detail', async ({
  page,
}) => {
  const entities = new EntityListPage(page)
  await entities.open()
  await expect(entities.rows).toHaveCount(20)

  await page.getByRole('button', { name: 'New entity' }).click()
  const form = page.getByRole('dialog', { name: 'New entity' })
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByLabel('E-mail').fill('not an address')
  await form.getByRole('button', { name: 'Create individual' }).click()
  await expect(form).toContainText('E-mail must be an e-mail address')
  await expect(form).toContainText('Consent is required to create an entity.')
  await saveScreen(page, 'entities-01-new-entity-refused')
  expect(creations()).toHaveLength(0)

  await form.getByLabel('E-mail').fill('ada@example.com')
  await form.getByLabel('The subject has consented to being recorded').check()
  await form.getByRole('button', { name: 'Create individual' }).click()
  const created = page.getByTestId('entity-created')
  await expect(created).toContainText('Ada Lovelace was created as')
  await expect(created).toContainText(/ent_[a-z0-9]+/)
  await expect(entities.range).toHaveText('Rows 1–20 of 301')
  await expect(entities.rows.first()).toContainText('Ada Lovelace')
  await saveScreen(page, 'entities-02-created')

  await page.getByRole('button', { name: 'New entity' }).click()
  await form.getByText('Business', { exact: true }).click()
  await form.getByLabel('Business name').fill('Aurora Trading Ltd')
  await form.getByLabel('The subject has consented to being recorded').check()
  await form.getByRole('button', { name: 'Create business' }).click()
  await expect(created).toContainText('Aurora Trading Ltd was created as')
  await expect(entities.rows.first()).toContainText('Aurora Trading Ltd')
  expect(creations()).toHaveLength(2)

  await entities.rows.nth(1).click()
  const detail = page.getByTestId('entity-detail')
  await expect(detail).toContainText('Ada Lovelace')
  await expect(detail).toContainText('ada@example.com')
  await expect(page.getByTestId('entity-fetched-at')).toContainText('Fetched')
  await saveScreen(page, 'entities-03-detail')
  await page.getByRole('button', { name: 'Back to entities' }).click()
  await expect(entities.rows).toHaveCount(20)

  // The answer to a creation is lost: never re-sent, and the user is shown where to look for it.
  app().sandbox.injectFault({ kind: 'resetAfterProcessing' }, { pathPrefix: '/v2/api/entities' })
  await page.getByRole('button', { name: 'New entity' }).click()
  await form.getByLabel('First name').fill('Lost')
  await form.getByLabel('Last name').fill('Answer')
  await form.getByLabel('The subject has consented to being recorded').check()
  await form.getByRole('button', { name: 'Create individual' }).click()
  await expect(form.getByTestId('new-entity-error')).toContainText(
    'It was not sent again automatically',
  )
  await saveScreen(page, 'entities-08-creation-outcome-unknown')
  await form.getByRole('button', { name: 'Look for it among the newest entities' }).click()
  await expect(entities.rows.first()).toContainText('Lost Answer')
  expect(creations()).toHaveLength(3)
})

test('offline: cached entities stay browsable, and an entity created offline is sent exactly once when the service is back', async ({
  page,
}) => {
  const entities = new EntityListPage(page)
  await entities.open()
  await expect(entities.rows).toHaveCount(20)
  const firstPage = await entities.rowNames()

  await app().sandbox.suspend()
  await entities.refresh()
  await expect(entities.offlineBanner).toBeVisible()
  expect(await entities.rowNames()).toEqual(firstPage)

  const firstName = firstPage[0]!.split(' ')[0]!
  await page.getByLabel('Filter cached entities').fill(firstName.toLowerCase())
  const matches = page.getByTestId('entity-match')
  await expect(matches.first()).toContainText(firstName)
  await expect(matches.first()).toContainText('fetched')
  await saveScreen(page, 'entities-06-offline-quick-filter')
  await page.getByLabel('Filter cached entities').fill('')

  await page.getByRole('button', { name: 'New entity' }).click()
  const form = page.getByRole('dialog', { name: 'New entity' })
  await form.getByLabel('First name').fill('Grace')
  await form.getByLabel('Last name').fill('Hopper')
  await form.getByLabel('The subject has consented to being recorded').check()
  await form.getByRole('button', { name: 'Create individual' }).click()
  await expect(form.getByTestId('new-entity-error')).toContainText('cannot be reached')
  await form.getByRole('button', { name: 'Queue it to create when the service is back' }).click()
  const queued = page.getByTestId('outbox-createEntity').getByTestId('outbox-item')
  await expect(queued).toHaveAttribute('data-state', 'queued')
  await expect(queued).toContainText('Grace Hopper')
  await saveScreen(page, 'entities-04-offline-queued')
  expect(creations()).toHaveLength(0)

  await app().sandbox.resume()
  await expect(queued).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  expect(creations()).toHaveLength(1)
  await queued.getByRole('button', { name: 'Open entity' }).click()
  await expect(page.getByTestId('entity-detail')).toContainText('Grace Hopper')
  await saveScreen(page, 'entities-05-created-after-outage')
})

test('a check linked to an entity from its result view is listed in the entity’s detail', async ({
  page,
}) => {
  const entities = new EntityListPage(page)
  await entities.open()
  await expect(entities.rows).toHaveCount(20)
  const firstName = (await entities.rowNames())[0]!

  await page.getByTestId('nav-search').click()
  await page.getByLabel('Wallet identifier').fill('0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf')
  await page.getByLabel('The subject has consented to this check').check()
  await page.getByRole('button', { name: 'Run check' }).click()
  await expect(page.getByTestId('check-result')).toHaveAttribute('data-status', 'review_required')
  await page.getByLabel('Link to entity').fill(firstName.split(' ')[0]!.toLowerCase())
  await page.getByRole('button', { name: `Link ${firstName}` }).click()
  await expect(page.getByTestId('linked-entity')).toContainText(firstName)
  await saveScreen(page, 'search-11-linked-entity')

  await entities.open()
  await entities.rows.first().click()
  const linked = page.getByTestId('linked-check')
  await expect(linked).toHaveCount(1)
  await expect(linked).toContainText('0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf')
  await saveScreen(page, 'entities-07-detail-linked-check')
  await linked.click()
  await expect(page.getByTestId('history-check')).toBeVisible()
})
