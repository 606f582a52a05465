import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/sandboxServer'
import type { SandboxFault } from '../../../sandbox/sandboxFaults'
import { apiPaths, rootedPath } from '../../../shared/api/apiPaths'
import { failureOf, sandboxEnvironment } from '../../../test-support/apiOnSandbox'
import { createApiClient } from './apiClient'
import { runCryptoSearch } from './cryptoSearchApi'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const fastRetries = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterS: 5 }

let sandbox: RunningSandbox

const environmentOf = (name: 'sandbox' | 'production', secretKey?: string) =>
  sandboxEnvironment(sandbox, name, secretKey)

const checkRequests = () =>
  sandbox.requests.filter((request) => request.path === rootedPath(apiPaths.cryptoSearch))

afterEach(async () => {
  await sandbox?.close()
})

describe('crypto search: client against the sandbox over HTTP', () => {
  it('returns the parsed check with all eleven categories and the raw answer as evidence', async () => {
    sandbox = await startSandbox()
    const client = createApiClient({ retry: fastRetries })
    const result = await runCryptoSearch(client, environmentOf('sandbox'), { query: sanctioned })
    expect(result.check).toMatchObject({ status: 'review_required', totalEntity: 1 })
    expect(Object.keys(result.check.categories)).toHaveLength(11)
    expect(result.check.categories.sanctions?.[0]).toMatchObject({
      datasets: ['us_ofac_sdn'],
      entityType: 'CryptoWallet',
    })
    const raw = Buffer.from(result.evidence.response.bodyBase64, 'base64')
    expect(raw.length).toBe(result.evidence.response.bytes)
    expect((JSON.parse(raw.toString('utf8')) as { data: { id: string } }).data.id).toBe(
      result.check.id,
    )
    expect(result.evidence).toMatchObject({
      environment: 'sandbox',
      baseUrl: sandbox.environment('sandbox').baseUrl,
      request: {
        method: 'POST',
        path: rootedPath(apiPaths.cryptoSearch),
        body: { query: sanctioned, isSubjectConsent: true, type: 'all' },
      },
      response: { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } },
      attempts: 1,
    })
    expect(JSON.stringify(result.evidence)).not.toContain(sandbox.environment('sandbox').secretKey)
  })

  it.each([
    ['a wrong key', 'sandbox', 'sk_test_wrong', 'UnauthorizedError', 401],
    ['the public key', 'sandbox', 'public', 'ForbiddenError', 403],
  ] as const)('turns %s into its sentence', async (_case, environment, key, name, status) => {
    sandbox = await startSandbox()
    const secret = key === 'public' ? sandbox.environment(environment).publicKey : key
    const error = await failureOf(
      runCryptoSearch(createApiClient(), environmentOf(environment, secret), { query: sanctioned }),
    )
    expect(error).toMatchObject({ name, status })
  })

  it('reports 402 with the top-up sentence and bills nothing', async () => {
    sandbox = await startSandbox({ productionBalance: 0 })
    const error = await failureOf(
      runCryptoSearch(createApiClient(), environmentOf('production'), { query: sanctioned }),
    )
    expect(error).toMatchObject({
      name: 'PaymentRequiredError',
      status: 402,
      mayHaveReachedService: false,
    })
    expect(error.message).toContain('Top up the account')
    expect(sandbox.billedChecks()).toBe(0)
  })

  it('waits Retry-After (never less) after a 429 and then succeeds, billing the check once', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'rateLimit', retryAfterS: 1 }, { times: 1 })
    const started = performance.now()
    const result = await runCryptoSearch(
      createApiClient({ retry: fastRetries }),
      environmentOf('production'),
      { query: sanctioned },
    )
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000)
    expect(result.evidence.attempts).toBe(2)
    expect(sandbox.billedChecks()).toBe(1)
  })

  it('hands a 429 whose Retry-After is too long to the user with the wait in seconds', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'rateLimit', retryAfterS: 30 }, { times: 5 })
    const error = await failureOf(
      runCryptoSearch(createApiClient({ retry: fastRetries }), environmentOf('sandbox'), {
        query: sanctioned,
      }),
    )
    expect(error).toMatchObject({ name: 'RateLimitError', status: 429, retryAfterS: 30 })
    expect(checkRequests()).toHaveLength(1)
  })

  const everyFault: SandboxFault[] = [
    { kind: 'serverError' },
    { kind: 'htmlErrorPage' },
    { kind: 'resetBeforeProcessing' },
    { kind: 'resetAfterProcessing' },
    { kind: 'malformedJson' },
    { kind: 'incompleteEnvelope' },
  ]

  it.each(everyFault)(
    'production, fault %o: never re-sent, billed checks never exceed checks asked for',
    async (fault) => {
      sandbox = await startSandbox()
      sandbox.injectFault(fault, { times: 1 })
      const client = createApiClient({ retry: fastRetries })
      const error = await failureOf(
        runCryptoSearch(client, environmentOf('production'), { query: sanctioned }),
      )
      expect(checkRequests()).toHaveLength(1)
      expect(sandbox.billedChecks()).toBeLessThanOrEqual(1)
      const processed = ['resetAfterProcessing', 'malformedJson', 'incompleteEnvelope'].includes(
        fault.kind,
      )
      expect(sandbox.billedChecks()).toBe(processed ? 1 : 0)
      expect(error).toMatchObject({ name: 'OutcomeUnknownError', mayHaveReachedService: true })
      expect(error.message).toContain('not sent again')
      const retried = await runCryptoSearch(client, environmentOf('production'), {
        query: sanctioned,
      })
      expect(retried.check.totalEntity).toBe(1)
      expect(sandbox.billedChecks()).toBe(processed ? 2 : 1)
    },
  )

  it.each(
    everyFault.filter((fault) => !['malformedJson', 'incompleteEnvelope'].includes(fault.kind)),
  )('sandbox (not billed), fault %o: retried with back-off until it succeeds', async (fault) => {
    sandbox = await startSandbox()
    sandbox.injectFault(fault, { times: 2 })
    const result = await runCryptoSearch(
      createApiClient({ retry: fastRetries }),
      environmentOf('sandbox'),
      { query: sanctioned },
    )
    expect(result.evidence.attempts).toBe(3)
    expect(checkRequests()).toHaveLength(3)
    expect(sandbox.billedChecks()).toBe(0)
  })

  it('says when a readable-looking answer cannot be understood, with its status and an excerpt', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'incompleteEnvelope' }, { times: 5 })
    const error = await failureOf(
      runCryptoSearch(createApiClient({ retry: fastRetries }), environmentOf('sandbox'), {
        query: sanctioned,
      }),
    )
    expect(error.name).toBe('UnexpectedResponseError')
    expect(error.message).toContain('answered with something unexpected (HTTP 200)')
    expect(error.message).toContain('"success":true')
  })

  it('gives up after a bounded number of attempts when the service keeps failing', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'serverError' }, { times: 10 })
    const error = await failureOf(
      runCryptoSearch(createApiClient({ retry: fastRetries }), environmentOf('sandbox'), {
        query: sanctioned,
      }),
    )
    expect(error).toMatchObject({ name: 'ServerError', status: 500 })
    expect(checkRequests()).toHaveLength(fastRetries.maxAttempts)
  })

  it('times out a request that takes too long: retried when free, not re-sent when billed', async () => {
    sandbox = await startSandbox()
    const client = createApiClient({ retry: fastRetries, timeoutMs: 150 })
    sandbox.injectFault({ kind: 'delay', ms: 400 }, { times: 1 })
    const free = await runCryptoSearch(client, environmentOf('sandbox'), { query: sanctioned })
    expect(free.evidence.attempts).toBe(2)
    sandbox.injectFault({ kind: 'delay', ms: 400 }, { times: 1 })
    const error = await failureOf(
      runCryptoSearch(client, environmentOf('production'), { query: sanctioned }),
    )
    expect(error.name).toBe('OutcomeUnknownError')
    expect(error.message).toContain('no answer arrived in time')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(sandbox.billedChecks()).toBe(1)
  })

  it('is cancellable while it waits, and says so', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'delay', ms: 2000 }, { times: 1 })
    const controller = new AbortController()
    const pending = runCryptoSearch(createApiClient(), environmentOf('sandbox'), {
      query: sanctioned,
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 50)
    const error = await failureOf(pending)
    expect(error).toMatchObject({ name: 'CancelledError', mayHaveReachedService: true })
  })

  it('reports a service that cannot be reached, retrying only what never left', async () => {
    sandbox = await startSandbox()
    const environment = environmentOf('production')
    await sandbox.close()
    const error = await failureOf(
      runCryptoSearch(createApiClient({ retry: fastRetries }), environment, { query: sanctioned }),
    )
    expect(error).toMatchObject({ name: 'ServiceUnreachableError', mayHaveReachedService: false })
  })
})
