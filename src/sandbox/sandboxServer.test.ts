import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from './sandboxServer'

interface ListBody {
  success: boolean
  status_code: number
  links: Array<{ rel: string; href: string }>
  data: { total: number; page: number; limit: number; list: Array<{ id: string }> }
}
interface EntityBody {
  data: { id: string; createdAt: string; entityType: string; firstName?: string }
}
interface FailureBody {
  success: false
  statusCode: number
  name: string
  message: string
  data: Record<string, never>
}

const listOf = async (response: Response | Promise<Response>): Promise<ListBody> =>
  (await (await response).json()) as ListBody
const entityOf = async (response: Response): Promise<EntityBody> =>
  (await response.json()) as EntityBody
const failureOf = async (response: Response): Promise<FailureBody> =>
  (await response.json()) as FailureBody

let sandbox: RunningSandbox
let base: string
let key: string

const api = (path: string, init: RequestInit & { token?: string | null } = {}) => {
  const { token = key, ...rest } = init
  const headers = new Headers(rest.headers)
  if (token !== null) headers.set('token', token)
  return fetch(new URL(path, base), { ...rest, headers })
}

beforeAll(async () => {
  sandbox = await startSandbox()
  ;({ baseUrl: base, secretKey: key } = sandbox.environment('sandbox'))
})

afterAll(async () => {
  await sandbox.close()
})

describe('GET /v2/api/entities', () => {
  it('serves page 1 of 20 by default in the list envelope, with only a next link', async () => {
    const response = await api('v2/api/entities')
    expect(response.status).toBe(200)
    const body = await listOf(response)
    expect(body).toMatchObject({
      success: true,
      status_code: 200,
      data: { total: 300, page: 1, limit: 20 },
    })
    expect(body.data.list).toHaveLength(20)
    expect(body.data.list[0]?.id).toMatch(/^ent_/)
    expect(body.links).toEqual([{ rel: 'next', href: `${base}v2/api/entities?page=2&limit=20` }])
  })

  it('pages without overlap and carries prev and next links only where those pages exist', async () => {
    const middle = await listOf(api('v2/api/entities?page=2&limit=100'))
    expect(middle.links.map((link) => link.rel).sort()).toEqual(['next', 'prev'])
    const last = await listOf(api('v2/api/entities?page=3&limit=100'))
    expect(last.links.map((link) => link.rel)).toEqual(['prev'])
    const first = await listOf(api('v2/api/entities?page=1&limit=100'))
    const ids = [...first.data.list, ...middle.data.list, ...last.data.list].map(
      (entity) => entity.id,
    )
    expect(new Set(ids).size).toBe(300)
  })

  it('serves a limit above 100 as 100 and says so in data.limit', async () => {
    const body = await listOf(api('v2/api/entities?limit=500'))
    expect(body.data.limit).toBe(100)
    expect(body.data.list).toHaveLength(100)
  })

  it('refuses a page that is not a positive integer with 400', async () => {
    for (const query of ['page=0', 'page=-1', 'page=abc', 'limit=1.5']) {
      const response = await api(`v2/api/entities?${query}`)
      expect(response.status).toBe(400)
      expect(await failureOf(response)).toMatchObject({
        success: false,
        statusCode: 400,
        name: 'ValidationError',
        data: {},
      })
    }
  })
})

describe('authentication', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['unknown', 'sk_test_nope'],
  ])(
    'answers 401 UnauthorizedError in the error envelope when the token is %s',
    async (_case, token) => {
      const response = await api('v2/api/entities', { token })
      expect(response.status).toBe(401)
      const body = await failureOf(response)
      expect(body).toEqual({
        success: false,
        statusCode: 401,
        name: 'UnauthorizedError',
        message: expect.any(String) as unknown,
        data: {},
      })
    },
  )

  it("rejects the other environment's key with 401, and a public key with 403", async () => {
    const production = sandbox.environment('production')
    expect((await api('v2/api/entities', { token: production.secretKey })).status).toBe(401)
    const publicKey = await api('v2/api/entities', {
      token: sandbox.environment('sandbox').publicKey,
    })
    expect(publicKey.status).toBe(403)
    expect((await failureOf(publicKey)).name).toBe('ForbiddenError')
  })
})

describe('POST /v2/api/entities', () => {
  const post = (body: unknown) =>
    api('v2/api/entities', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('creates an individual with an ent_ id and lists it first', async () => {
    const response = await post({
      entityType: 'individual',
      isSubjectConsent: true,
      firstName: 'Ada',
      lastName: 'Test',
      email: 'ada@example.com',
    })
    expect(response.status).toBe(201)
    const body = await entityOf(response)
    expect(body).toMatchObject({
      success: true,
      status_code: 201,
      data: { entityType: 'individual', firstName: 'Ada' },
    })
    expect(body.data.id).toMatch(/^ent_[a-z0-9]+$/)
    expect(body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    const list = await listOf(api('v2/api/entities?limit=1'))
    expect(list.data.list[0]?.id).toBe(body.data.id)
    const detail = await api(`v2/api/entities/${body.data.id}`)
    expect((await entityOf(detail)).data.id).toBe(body.data.id)
  })

  it('refuses invalid fields with 400 naming the field', async () => {
    const response = await post({
      entityType: 'individual',
      isSubjectConsent: true,
      firstName: '',
      lastName: 'X',
    })
    expect(response.status).toBe(400)
    expect((await failureOf(response)).message).toContain('firstName')
  })
})

describe('every failure uses the error envelope', () => {
  it('answers an unknown path with 404, a wrong method with 405, bad JSON with 400, a huge body with 413', async () => {
    const unknown = await api('v2/api/nothing-here')
    expect(unknown.status).toBe(404)
    const wrongMethod = await api('v2/api/entities', { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST')
    const badJson = await api('v2/api/entities', { method: 'POST', body: '{oops' })
    expect(badJson.status).toBe(400)
    const huge = await api('v2/api/entities', {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    })
    expect(huge.status).toBe(413)
    const missing = await api('v2/api/entities/ent_doesnotexist')
    expect(missing.status).toBe(404)
    for (const response of [unknown, wrongMethod, badJson, huge, missing]) {
      const body = await failureOf(response)
      expect(body).toMatchObject({ success: false, statusCode: response.status, data: {} })
      expect(typeof body.name).toBe('string')
    }
  })

  it('records every request without its token', () => {
    expect(sandbox.requests.length).toBeGreaterThan(10)
    expect(JSON.stringify(sandbox.requests)).not.toContain(key)
  })
})

describe('suspend and resume', () => {
  it('refuses connections while suspended, then answers on the same address with the same keys and log', async () => {
    const before = sandbox.requests.length
    await sandbox.suspend()
    await expect(api('v2/api/entities')).rejects.toThrow()
    await sandbox.resume()
    expect((await api('v2/api/entities')).status).toBe(200)
    expect(sandbox.requests.length).toBe(before + 1)
  })
})
