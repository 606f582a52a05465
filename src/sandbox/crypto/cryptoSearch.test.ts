import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox, type SandboxEnvironmentName } from '../sandboxServer'
import { apiErrorNames } from '../../shared/api/apiErrorNames'
import { apiPaths } from '../../shared/api/apiPaths'
import { cryptoCheckOfRaw } from '../../shared/api/cryptoAnswer'
import { cryptoCategoryNames } from '../../shared/api/cryptoCategories'

interface CheckData {
  id: string
  status: string
  parentId: null
  isSubjectConsent: boolean
  type: string
  totalEntity: number
  categoryCount: Record<string, number>
  query: string
  queriedWith: string
  businessId: string
  requestedAt: string
  createdAt: string
  lastModifiedAt: string
  requestedById: string
  requestedBy: { firstName: string; lastName: string; middleName: string; id: string }
  [category: string]: unknown
}
interface CheckBody {
  success: boolean
  statusCode: number
  data: CheckData
  links: unknown[]
}

const sanctionedEth = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const sanctionedBase58 = '123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX'
const delistedTornado = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'
const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

let sandbox: RunningSandbox

const search = (body: unknown, environment: SandboxEnvironmentName = 'sandbox', token?: string) => {
  const target = sandbox.environment(environment)
  return fetch(new URL(apiPaths.cryptoSearch, target.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: token ?? target.secretKey },
    body: JSON.stringify(body),
  })
}
const searchFor = (query: string, environment?: SandboxEnvironmentName) =>
  search({ query, isSubjectConsent: true, type: 'all' }, environment)
const checkOf = async (response: Response): Promise<CheckBody> =>
  (await response.json()) as CheckBody

afterEach(async () => {
  await sandbox?.close()
})

describe('crypto AML search', () => {
  it('answers a sanctioned address with the complete data object of spec 2.5', async () => {
    sandbox = await startSandbox()
    const response = await searchFor(sanctionedEth)
    expect(response.status).toBe(200)
    const body = await checkOf(response)
    expect(body).toMatchObject({ success: true, statusCode: 200, links: [] })
    const data = body.data
    expect(data).toMatchObject({
      status: 'review_required',
      parentId: null,
      isSubjectConsent: true,
      type: 'all',
      query: sanctionedEth,
    })
    for (const category of cryptoCategoryNames) expect(Array.isArray(data[category])).toBe(true)
    expect(Object.keys(data.categoryCount).sort()).toEqual([...cryptoCategoryNames].sort())
    expect(data.totalEntity).toBe(
      Object.values(data.categoryCount).reduce((sum, count) => sum + count, 0),
    )
    expect(data.categoryCount.sanctions).toBe(1)
    expect(data.sanctions).toEqual([
      {
        title: [sanctionedEth],
        entityType: 'CryptoWallet',
        datasets: ['us_ofac_sdn'],
        alias: ['Peijnenburg, Alex Adrianus Martinus'],
        publicKey: [sanctionedEth],
        balance: [expect.stringMatching(/^\d+\.\d+$/) as unknown],
        amountUsd: [expect.stringMatching(/^\d+\.\d+$/) as unknown],
        currency: ['ETH'],
        topics: ['sanction'],
      },
    ])
    for (const stamp of [data.requestedAt, data.createdAt, data.lastModifiedAt])
      expect(stamp).toMatch(isoMillis)
    expect(data.requestedBy).toEqual({
      firstName: expect.any(String) as unknown,
      lastName: expect.any(String) as unknown,
      middleName: '',
      id: data.requestedById,
    })
    expect(typeof data.id).toBe('string')
    expect(typeof data.businessId).toBe('string')
    expect(data.queriedWith).toMatch(/crypto/i)
  })

  it('matches EVM hex case-insensitively, base58 exactly, and ignores surrounding whitespace', async () => {
    sandbox = await startSandbox()
    expect((await checkOf(await searchFor(sanctionedEth.toLowerCase()))).data.totalEntity).toBe(1)
    expect(
      (await checkOf(await searchFor(`  0x${sanctionedEth.slice(2).toUpperCase()}\n`))).data
        .totalEntity,
    ).toBe(1)
    expect((await checkOf(await searchFor(` ${sanctionedBase58} `))).data.totalEntity).toBe(1)
    expect((await checkOf(await searchFor(sanctionedBase58.toLowerCase()))).data.totalEntity).toBe(
      0,
    )
  })

  it('serves the lists as of a day: a delisted wallet is a hit before its removal, a new one only from its designation', async () => {
    // 0x…4f47 (ARB) was designated on 2023-04-24; the Tornado Cash wallet left the list 2025-03-21.
    const designated = '0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c'
    sandbox = await startSandbox({ asOf: '2024-06-01' })
    const hitsOn = async (query: string) => (await checkOf(await searchFor(query))).data
    const tornado = await hitsOn(delistedTornado)
    expect(tornado.categoryCount.sanctions).toBe(1)
    expect(tornado.sanctions).toEqual([
      expect.objectContaining({
        datasets: ['us_ofac_sdn'],
        topics: ['sanction'],
        alias: ['TORNADO CASH'],
      }),
    ])
    expect((await hitsOn(designated)).totalEntity).toBeGreaterThan(0)
    sandbox.setAsOf('2025-03-20')
    expect((await hitsOn(delistedTornado)).totalEntity).toBe(1)
    sandbox.setAsOf('2025-03-21')
    expect((await hitsOn(delistedTornado)).totalEntity).toBe(0)
    sandbox.setAsOf('2023-04-23')
    expect((await hitsOn(designated)).totalEntity).toBe(0)
    sandbox.setAsOf('2023-04-24')
    expect((await hitsOn(designated)).totalEntity).toBeGreaterThan(0)
    // Back to today's lists.
    sandbox.setAsOf(undefined)
    expect((await hitsOn(delistedTornado)).totalEntity).toBe(0)
  })

  it('never reports a delisted address today, and reports a clean one as no_match with every count 0', async () => {
    sandbox = await startSandbox()
    for (const query of [delistedTornado, '0x0000000000000000000000000000000000000001']) {
      const { data } = await checkOf(await searchFor(query))
      expect(data.status).toBe('no_match')
      expect(data.totalEntity).toBe(0)
      expect(Object.values(data.categoryCount).every((count) => count === 0)).toBe(true)
    }
  })

  it('answers what the one parser of answers reads as the app does: counts, categories, records', async () => {
    sandbox = await startSandbox()
    const queries = [
      sanctionedEth,
      sanctionedBase58,
      '0x0000000000000000000000000000000000000001',
      '0x5CA1AB1E00000000000000000000000000000001',
    ]
    for (const query of queries) {
      const raw = new Uint8Array(await (await searchFor(query)).arrayBuffer())
      const body = JSON.parse(new TextDecoder().decode(raw)) as CheckBody
      const check = cryptoCheckOfRaw(raw)
      expect(check).toMatchObject({ id: body.data.id, status: body.data.status, query })
      expect(check?.totalEntity).toBe(body.data.totalEntity)
      expect(check?.categoryCount).toEqual(body.data.categoryCount)
      for (const category of cryptoCategoryNames) {
        expect(check?.categories[category]).toEqual(body.data[category])
        expect(check?.categories[category]).toHaveLength(body.data.categoryCount[category] ?? -1)
      }
    }
  })

  it('has synthetic matches that fill the other categories', async () => {
    sandbox = await startSandbox()
    const { data } = await checkOf(await searchFor('0x5CA1AB1E00000000000000000000000000000001'))
    expect(data.categoryCount).toMatchObject({ pep: 1, personOfInterest: 1, sanctions: 0 })
    const frozen = await checkOf(await searchFor('0xfee1dead00000000000000000000000000000002'))
    expect(frozen.data.categoryCount).toMatchObject({ frozen_asset: 1, crime: 1 })
  })

  it('accepts consent as true or the text "true", and refuses anything else naming the field', async () => {
    sandbox = await startSandbox()
    expect(
      (await search({ query: sanctionedEth, isSubjectConsent: 'true', type: 'all' })).status,
    ).toBe(200)
    const refusals: Array<[unknown, string]> = [
      [{ query: sanctionedEth, isSubjectConsent: false, type: 'all' }, 'isSubjectConsent'],
      [{ query: sanctionedEth, isSubjectConsent: 'yes', type: 'all' }, 'isSubjectConsent'],
      [{ query: sanctionedEth, type: 'all' }, 'isSubjectConsent'],
      [{ query: '   ', isSubjectConsent: true, type: 'all' }, 'query'],
      [{ isSubjectConsent: true, type: 'all' }, 'query'],
      [{ query: sanctionedEth, isSubjectConsent: true, type: 'person' }, 'type'],
      [
        {
          query: sanctionedEth,
          isSubjectConsent: true,
          type: 'all',
          advancedSearch: { country: 7 },
        },
        'advancedSearch.country',
      ],
    ]
    for (const [body, field] of refusals) {
      const response = await search(body)
      expect(response.status).toBe(400)
      const failure = (await response.json()) as { name: string; message: string; data: object }
      expect(failure).toMatchObject({ name: apiErrorNames.validation, data: {} })
      expect(failure.message).toContain(field)
    }
  })

  it('bills production checks against the balance, answers 402 at zero, and never bills sandbox checks', async () => {
    sandbox = await startSandbox({ productionBalance: 2 })
    for (let check = 0; check < 3; check += 1)
      expect((await searchFor(sanctionedEth)).status).toBe(200)
    expect(sandbox.billedChecks()).toBe(0)
    expect((await searchFor(sanctionedEth, 'production')).status).toBe(200)
    expect((await searchFor(sanctionedEth, 'production')).status).toBe(200)
    const refused = await searchFor(sanctionedEth, 'production')
    expect(refused.status).toBe(402)
    expect(await refused.json()).toEqual({
      success: false,
      statusCode: 402,
      name: apiErrorNames.paymentRequired,
      message: 'Insufficient fund',
      data: {},
    })
    expect(sandbox.billedChecks()).toBe(2)
    expect(sandbox.productionBalance()).toBe(0)
  })

  it('limits each workspace separately and answers 429 with Retry-After in whole seconds', async () => {
    sandbox = await startSandbox({ rateLimitPerSecond: 3 })
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let request = 0; request < 5; request += 1) {
      const response = await searchFor(sanctionedEth)
      statuses.push(response.status)
      if (response.status === 429) retryAfter = response.headers.get('retry-after')
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toMatch(/^[1-9]\d*$/)
    expect((await searchFor(sanctionedEth, 'production')).status).toBe(200)
  })

  it('rejects the public key with 403 and the other environment’s key with 401', async () => {
    sandbox = await startSandbox()
    const body = { query: sanctionedEth, isSubjectConsent: true, type: 'all' }
    expect((await search(body, 'sandbox', sandbox.environment('sandbox').publicKey)).status).toBe(
      403,
    )
    expect(
      (await search(body, 'production', sandbox.environment('sandbox').secretKey)).status,
    ).toBe(401)
    expect((await search(body, 'sandbox', '')).status).toBe(401)
  })

  it('serves a wallets file given instead of the bundled data', async () => {
    sandbox = await startSandbox({
      wallets: [
        {
          publicKey: 'TXYZsyntheticTronAddress000000001',
          currency: 'TRX',
          datasets: ['test_list'],
          topics: ['sanction', 'crime.fraud'],
        },
      ],
    })
    const { data } = await checkOf(await searchFor('TXYZsyntheticTronAddress000000001'))
    expect(data.categoryCount).toMatchObject({ sanctions: 1, crime: 1 })
    expect((await checkOf(await searchFor(sanctionedEth))).data.totalEntity).toBe(0)
  })
})
