import type { RunningSandbox } from '../src/sandbox/sandboxServer'
import { expect, test } from './fixtures/browserModeTest'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

const creations = (sandbox: RunningSandbox) =>
  sandbox.requests.filter(
    (request) => request.method === 'POST' && request.path === '/v2/api/entities',
  )

test('create an individual and a business, see them listed first, and read the detail', async ({
  entities,
  sandbox,
}) => {
  const form = entities.newEntity
  await entities.open()
  await expect(entities.rows).toHaveCount(20)

  await form.open()
  await form.fillIndividual({ firstName: 'Ada', lastName: 'Lovelace', email: 'not an address' })
  await form.submit('individual')
  await expect(form.root).toContainText('E-mail must be an e-mail address')
  await expect(form.root).toContainText('Consent is required to create an entity.')
  await saveScreen(entities.page, 'entities-01-new-entity-refused')
  expect(creations(sandbox)).toHaveLength(0)

  await form.email.fill('ada@example.com')
  await form.consent()
  await form.submit('individual')
  await expect(entities.created).toContainText('Ada Lovelace was created as')
  await expect(entities.created).toContainText(/ent_[a-z0-9]+/)
  await expect(entities.range).toHaveText('Rows 1–20 of 301')
  await expect(entities.rows.first()).toContainText('Ada Lovelace')
  await saveScreen(entities.page, 'entities-02-created')

  await form.open()
  await form.fillBusiness('Aurora Trading Ltd')
  await form.consent()
  await form.submit('business')
  await expect(entities.created).toContainText('Aurora Trading Ltd was created as')
  await expect(entities.rows.first()).toContainText('Aurora Trading Ltd')
  expect(creations(sandbox)).toHaveLength(2)
  // News that goes: the notice closes by itself, the entity stays in the list.
  await entities.page.clock.runFor(10_000)
  await expect(entities.created).toBeHidden()
  await expect(entities.rows.first()).toContainText('Aurora Trading Ltd')

  // The same person again: pointed out before creating, never refused.
  await form.open()
  await form.fillIndividual({ firstName: 'ada', lastName: 'Lovelace ', email: 'ADA@example.com' })
  await expect(form.likelyDuplicate).toContainText('Ada Lovelace <ada@example.com>')
  await saveScreen(entities.page, 'entities-09-likely-duplicate')
  await form.email.fill('ada.lovelace@example.org')
  await expect(form.likelyDuplicate).toBeHidden()
  await form.cancel()
  expect(creations(sandbox)).toHaveLength(2)

  await entities.openRow(1)
  await expect(entities.detail.root).toContainText('Ada Lovelace')
  await expect(entities.detail.root).toContainText('ada@example.com')
  await expect(entities.detail.fetchedAt).toContainText('Fetched')
  await saveScreen(entities.page, 'entities-03-detail')
  await entities.detail.backToList()
  await expect(entities.rows).toHaveCount(20)

  // The answer to a creation is lost: never re-sent, and the user is shown where to look for it.
  sandbox.injectFault({ kind: 'resetAfterProcessing' }, { pathPrefix: '/v2/api/entities' })
  await form.open()
  await form.fillIndividual({ firstName: 'Lost', lastName: 'Answer' })
  await form.consent()
  await form.submit('individual')
  await expect(form.error).toContainText('It was not sent again automatically')
  await saveScreen(entities.page, 'entities-08-creation-outcome-unknown')
  await form.lookAmongNewest()
  await expect(entities.rows.first()).toContainText('Lost Answer')
  expect(creations(sandbox)).toHaveLength(3)
})

test('offline: cached entities stay browsable, and an entity created offline is sent exactly once when the service is back', async ({
  entities,
  outbox,
  sandbox,
}) => {
  const form = entities.newEntity
  await entities.open()
  await expect(entities.rows).toHaveCount(20)
  const firstPage = await entities.rowNames()

  await sandbox.suspend()
  await entities.refresh()
  await expect(entities.offlineBanner).toBeVisible()
  expect(await entities.rowNames()).toEqual(firstPage)

  const firstName = firstPage[0]!.split(' ')[0]!
  await entities.quickFilter(firstName.toLowerCase())
  await expect(entities.matches.first()).toContainText(firstName)
  await expect(entities.matches.first()).toContainText('fetched')
  await saveScreen(entities.page, 'entities-06-offline-quick-filter')
  await entities.quickFilter('')

  await form.open()
  await form.fillIndividual({ firstName: 'Grace', lastName: 'Hopper' })
  await form.consent()
  await form.submit('individual')
  await expect(form.error).toContainText('cannot be reached')
  await form.queueForLater()
  const queued = outbox.items('createEntity')
  await expect(queued).toHaveAttribute('data-state', 'queued')
  await expect(queued).toContainText('Grace Hopper')
  await saveScreen(entities.page, 'entities-04-offline-queued')
  expect(creations(sandbox)).toHaveLength(0)

  await sandbox.resume()
  await outbox.runRetryInterval()
  await expect(queued).toHaveAttribute('data-state', 'done')
  expect(creations(sandbox)).toHaveLength(1)
  await outbox.openCreatedEntity(queued)
  await expect(entities.detail.root).toContainText('Grace Hopper')
  await saveScreen(entities.page, 'entities-05-created-after-outage')
})

test('a check linked to an entity from its result view is listed in the entity’s detail', async ({
  entities,
  search,
  history,
}) => {
  await entities.open()
  await expect(entities.rows).toHaveCount(20)
  const firstName = (await entities.rowNames())[0]!

  await search.open()
  await search.search(sanctioned)
  await search.expectStatus('review_required')
  await search.result.linkEntity(firstName.split(' ')[0]!.toLowerCase(), firstName)
  await expect(search.result.linkedEntity).toContainText(firstName)
  await saveScreen(search.page, 'search-11-linked-entity')

  await entities.open()
  await entities.openRow(0)
  const linked = entities.detail.linkedChecks
  await expect(linked).toHaveCount(1)
  await expect(linked).toContainText(sanctioned)
  await saveScreen(entities.page, 'entities-07-detail-linked-check')
  await entities.detail.openLinkedCheck(0)
  await expect(history.check).toBeVisible()
})
