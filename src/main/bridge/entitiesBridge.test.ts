import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiPaths, rootedPath } from '../../shared/api/apiPaths'
import {
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../test-support/mainSideOnSandbox'

let app: MainSideOnSandbox

beforeEach(async () => {
  app = await startMainSideOnSandbox()
})

afterEach(async () => {
  await app.stop()
})

const call = (method: string, input: unknown) => app.call(method, input)
const create = (entity: Record<string, unknown>) =>
  call('entities.create', { requestId: crypto.randomUUID(), entity })
const creations = () =>
  app.sandbox.requests.filter(
    (request) => request.method === 'POST' && request.path === rootedPath(apiPaths.entities),
  )

describe('entities over the bridge', () => {
  it('creates an individual and a business, and reads each back by id', async () => {
    const person = await create({
      entityType: 'individual',
      isSubjectConsent: true,
      firstName: 'Ada',
      lastName: 'Test',
      email: 'ada@example.com',
    })
    expect(person).toMatchObject({
      ok: true,
      data: { environment: 'local', entity: { entityType: 'individual', firstName: 'Ada' } },
    })
    const business = await create({
      entityType: 'business',
      isSubjectConsent: true,
      name: 'Aurora Trading Ltd',
      email: '',
    })
    expect(business).toMatchObject({
      ok: true,
      data: { entity: { entityType: 'business', name: 'Aurora Trading Ltd' } },
    })
    const id = (business as { ok: true; data: { entity: { id: string } } }).data.entity.id
    expect(id).toMatch(/^ent_/)
    expect(await call('entities.get', { id })).toMatchObject({
      ok: true,
      data: { entity: { id, name: 'Aurora Trading Ltd' } },
    })
  })

  it('refuses invalid fields before anything is sent, naming them', async () => {
    const reply = await create({
      entityType: 'individual',
      isSubjectConsent: true,
      firstName: '',
      lastName: 'X',
      email: 'not-an-email',
    })
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(JSON.stringify(reply)).toContain('entity.firstName')
    expect(JSON.stringify(reply)).toContain('entity.email')
    expect(
      await create({ entityType: 'business', isSubjectConsent: false, name: 'X' }),
    ).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(creations()).toHaveLength(0)
  })

  it('says an unknown entity was not found', async () => {
    const reply = await call('entities.get', { id: 'ent_doesnotexist' })
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'ResourceNotFoundError', status: 404 },
    })
    expect(JSON.stringify(reply)).toContain(
      'The entity ent_doesnotexist was not found in Local sandbox',
    )
  })

  it('never re-sends a creation whose answer was lost: the outcome is unknown and it exists once', async () => {
    app.sandbox.injectFault(
      { kind: 'resetAfterProcessing' },
      { pathPrefix: rootedPath(apiPaths.entities) },
    )
    const reply = await create({
      entityType: 'individual',
      isSubjectConsent: true,
      firstName: 'Lost',
      lastName: 'Answer',
    })
    expect(reply).toMatchObject({ ok: false, error: { name: 'OutcomeUnknownError' } })
    expect(creations()).toHaveLength(1)
    const page = await call('entities.list', { page: 1, limit: 5 })
    expect(JSON.stringify(page)).toContain('"firstName":"Lost"')
  })

  it('lets a person’s search go ahead of queued creations, which are sent at background pace', async () => {
    const queued = Array.from({ length: 6 }, (_, index) =>
      call('entities.create', {
        requestId: crypto.randomUUID(),
        entity: { entityType: 'business', isSubjectConsent: true, name: `Queued ${index}` },
        pace: 'background',
      }),
    )
    const search = call('crypto.search', {
      requestId: crypto.randomUUID(),
      query: '0x8589427373D6D84E98730D7795D8f6f8731FDA16',
      isSubjectConsent: true,
      type: 'all',
    })
    const replies = await Promise.all([...queued, search])
    expect(replies.filter((reply) => reply.ok)).toHaveLength(7)
    const order = app.sandbox.requests
      .filter((request) => request.method === 'POST')
      .map((request) => (request.path === rootedPath(apiPaths.entities) ? 'create' : 'search'))
    expect(order.indexOf('search')).toBeLessThan(order.lastIndexOf('create'))
  })
})
