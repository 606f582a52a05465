import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { ServiceError } from '../serviceError'
import { createApiClient } from './apiClient'
import { runCryptoSearch } from './cryptoSearchApi'

let server: Server | undefined

/** A deployment that drifted from the document: answers every request with a fixed reply. */
const drifted = async (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ResolvedEnvironment> => {
  server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(typeof body === 'string' ? body : JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    id: 'sandbox',
    label: 'Sandbox',
    baseUrl: `http://127.0.0.1:${port}/`,
    secretKey: 'sk_test_drift',
  }
}

const client = createApiClient({
  retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterS: 0 },
})

afterEach(() => {
  server?.close()
})

describe('crypto search against a service that drifted from its document', () => {
  it('keeps extra fields and unknown categories, fills missing categories, drops an unparseable secondary timestamp', async () => {
    const environment = await drifted(200, {
      success: true,
      status_code: 200,
      traceId: 'abc',
      data: {
        id: 'chk_1',
        status: 'review_required',
        riskScore: 87,
        sanctions: [{ title: ['x'], entityType: 'CryptoWallet', ownerCountry: 'XX' }],
        watchlist_custom: [{ title: ['y'] }],
        categoryCount: { sanctions: 1, watchlist_custom: 1 },
        requestedAt: '2026-11-21T10:00:00.000Z',
        lastModifiedAt: 'sometime yesterday',
        requestedBy: 'system',
      },
    })
    const { check } = await runCryptoSearch(client, environment, { query: 'x' })
    expect(check.riskScore).toBe(87)
    expect(check.categories.sanctions).toEqual([
      { title: ['x'], entityType: 'CryptoWallet', ownerCountry: 'XX' },
    ])
    expect(check.categories.watchlist_custom).toEqual([{ title: ['y'] }])
    expect(check.categories.pep).toEqual([])
    expect(check.categoryCount).toMatchObject({ sanctions: 1, watchlist_custom: 1, pep: 0 })
    expect(check.totalEntity).toBe(2)
    expect(check.requestedAt).toBe('2026-11-21T10:00:00.000Z')
    expect(check.lastModifiedAt).toBeUndefined()
    expect(check.requestedBy).toBeUndefined()
  })

  it('refuses a check without the id or status it relies on, with the status and an excerpt', async () => {
    const environment = await drifted(200, {
      success: true,
      statusCode: 200,
      data: { status: 'review_required' },
    })
    const error = await runCryptoSearch(client, environment, { query: 'x' }).catch(
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).message).toContain(
      'answered with something unexpected (HTTP 200)',
    )
    expect((error as ServiceError).message).toContain('review_required')
  })

  it('branches on the status when an error is named differently from the table, or is an older body', async () => {
    const renamed = await drifted(401, {
      success: false,
      statusCode: 401,
      name: 'AuthError',
      message: 'bad',
      data: {},
    })
    expect(
      await runCryptoSearch(client, renamed, { query: 'x' }).catch((error: unknown) => error),
    ).toMatchObject({
      name: 'UnauthorizedError',
    })
    server?.close()
    const older = await drifted(402, { message: 'Insufficient fund', status_code: 402 })
    expect(
      await runCryptoSearch(client, older, { query: 'x' }).catch((error: unknown) => error),
    ).toMatchObject({
      name: 'PaymentRequiredError',
    })
  })
})
