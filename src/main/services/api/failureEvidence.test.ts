import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/sandboxServer'
import type { SandboxFault } from '../../../sandbox/sandboxFaults'
import { apiPaths, rootedPath } from '../../../shared/api/apiPaths'
import { bridgeErrorSchema } from '../../../shared/bridge/errors'
import { failureOf, sandboxEnvironment } from '../../../test-support/apiOnSandbox'
import type { ServiceError } from '../serviceError'
import { createApiClient } from './apiClient'
import { runCryptoSearch } from './cryptoSearchApi'

const wallet = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const searchBody = { query: wallet, isSubjectConsent: true, type: 'all' }
const fastRetries = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterS: 5 }

let sandbox: RunningSandbox

afterEach(async () => {
  await sandbox?.close()
})

/** The failure as it crosses the bridge, schema-checked; it must carry evidence. */
const evidenceOf = (error: ServiceError) => {
  const { evidence } = bridgeErrorSchema.parse(error.toBridgeError())
  if (!evidence) throw new Error(`${error.name} came without evidence`)
  return evidence
}

describe('evidence of requests that got no answer, against the sandbox over HTTP', () => {
  it('keeps a timed-out request, when its first attempt left, how long it took and how often it was sent', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'delay', ms: 500 }, { times: 2 })
    const timeoutMs = 100
    const client = createApiClient({ timeoutMs, retry: { ...fastRetries, maxAttempts: 2 } })
    const before = Date.now()
    const error = await failureOf(
      runCryptoSearch(client, sandboxEnvironment(sandbox, 'sandbox'), { query: wallet }),
    )
    const after = Date.now()
    expect(error).toMatchObject({ name: 'ServiceUnreachableError', mayHaveReachedService: true })
    const evidence = evidenceOf(error)
    expect(evidence).toMatchObject({
      environment: 'sandbox',
      baseUrl: sandbox.environment('sandbox').baseUrl,
      request: { method: 'POST', path: rootedPath(apiPaths.cryptoSearch), body: searchBody },
      response: { status: 0, headers: {}, bodyBase64: '', bytes: 0 },
      attempts: 2,
      ended: 'timeout',
    })
    const startedAt = Date.parse(evidence.startedAt)
    expect(startedAt).toBeGreaterThanOrEqual(before)
    expect(startedAt).toBeLessThanOrEqual(after - 2 * timeoutMs)
    expect(evidence.durationMs).toBeGreaterThanOrEqual(2 * timeoutMs)
    expect(evidence.durationMs).toBeLessThanOrEqual(after - before)
  })

  it('keeps a production check reset after it was processed: sent once, outcome unknown', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'resetAfterProcessing' })
    const client = createApiClient({ retry: fastRetries })
    const error = await failureOf(
      runCryptoSearch(client, sandboxEnvironment(sandbox, 'production'), { query: wallet }),
    )
    expect(error).toMatchObject({ name: 'OutcomeUnknownError', mayHaveReachedService: true })
    expect(sandbox.billedChecks()).toBe(1)
    expect(evidenceOf(error)).toMatchObject({
      environment: 'production',
      request: { method: 'POST', path: rootedPath(apiPaths.cryptoSearch), body: searchBody },
      response: { status: 0, bytes: 0 },
      attempts: 1,
      ended: 'reset',
    })
  })

  it('keeps the count of a sandbox check reset on every one of its four attempts', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'resetBeforeProcessing' }, { times: 4 })
    const client = createApiClient({ retry: fastRetries })
    const error = await failureOf(
      runCryptoSearch(client, sandboxEnvironment(sandbox, 'sandbox'), { query: wallet }),
    )
    expect(error).toMatchObject({ name: 'ServiceUnreachableError' })
    expect(sandbox.requests).toHaveLength(4)
    const evidence = evidenceOf(error)
    expect(evidence).toMatchObject({
      request: { method: 'POST', path: rootedPath(apiPaths.cryptoSearch) },
      attempts: 4,
      ended: 'reset',
    })
    // Each try before the last is kept too, in the order they left.
    expect(evidence.earlier?.map((exchange) => exchange.ended)).toEqual(['reset', 'reset', 'reset'])
    const sentAt = (evidence.earlier ?? []).map((exchange) => Date.parse(exchange.sentAt))
    expect(sentAt).toEqual([...sentAt].sort((a, b) => a - b))
    expect(sentAt[0]).toBe(Date.parse(evidence.startedAt))
  })

  it('keeps what each earlier try got when a later one is answered: a 503’s bytes beside the answer', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'serverError', status: 503 }, { times: 1 })
    const client = createApiClient({ retry: fastRetries })
    const result = await runCryptoSearch(client, sandboxEnvironment(sandbox, 'sandbox'), {
      query: wallet,
    })
    expect(sandbox.requests).toHaveLength(2)
    expect(result.evidence).toMatchObject({
      attempts: 2,
      ended: 'answered',
      response: { status: 200 },
    })
    const [refused] = result.evidence.earlier ?? []
    expect(result.evidence.earlier).toHaveLength(1)
    expect(refused).toMatchObject({ ended: 'answered', response: { status: 503 } })
    const refusedBody = Buffer.from(refused!.response.bodyBase64, 'base64')
    expect(refusedBody.length).toBe(refused!.response.bytes)
    expect(JSON.parse(refusedBody.toString('utf8'))).toMatchObject({ statusCode: 503 })
    expect(Date.parse(refused!.sentAt)).toBe(Date.parse(result.evidence.startedAt))
  })

  it('keeps no earlier tries for a request sent once', async () => {
    sandbox = await startSandbox()
    const client = createApiClient({ retry: fastRetries })
    const result = await runCryptoSearch(client, sandboxEnvironment(sandbox, 'sandbox'), {
      query: wallet,
    })
    expect(result.evidence.attempts).toBe(1)
    expect(result.evidence).not.toHaveProperty('earlier')
  })

  const unanswered: SandboxFault[] = [
    { kind: 'delay', ms: 500 },
    { kind: 'resetBeforeProcessing' },
    { kind: 'resetAfterProcessing' },
  ]

  it.each(unanswered)(
    'never keeps the key in the evidence of a production failure (%o)',
    async (fault) => {
      sandbox = await startSandbox()
      sandbox.injectFault(fault)
      const environment = sandboxEnvironment(sandbox, 'production')
      const client = createApiClient({ timeoutMs: 100, retry: fastRetries })
      const error = await failureOf(runCryptoSearch(client, environment, { query: wallet }))
      expect(evidenceOf(error).request.body).toEqual(searchBody)
      expect(JSON.stringify(error.toBridgeError())).not.toContain(environment.secretKey)
    },
  )

  it('keeps a request cancelled in flight as such', async () => {
    sandbox = await startSandbox()
    sandbox.injectFault({ kind: 'delay', ms: 500 })
    const controller = new AbortController()
    const pending = runCryptoSearch(createApiClient(), sandboxEnvironment(sandbox, 'sandbox'), {
      query: wallet,
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 50)
    const error = await failureOf(pending)
    expect(error).toMatchObject({ name: 'CancelledError', mayHaveReachedService: true })
    expect(evidenceOf(error)).toMatchObject({ attempts: 1, ended: 'cancelled' })
  })

  it('keeps a request whose connection never opened, without the key', async () => {
    sandbox = await startSandbox()
    const environment = sandboxEnvironment(sandbox, 'production')
    await sandbox.suspend()
    const client = createApiClient({ retry: { ...fastRetries, maxAttempts: 2 } })
    const error = await failureOf(runCryptoSearch(client, environment, { query: wallet }))
    await sandbox.resume()
    expect(error).toMatchObject({ name: 'ServiceUnreachableError', mayHaveReachedService: false })
    expect(evidenceOf(error)).toMatchObject({ attempts: 2, ended: 'unreachable' })
    expect(JSON.stringify(error.toBridgeError())).not.toContain(environment.secretKey)
  })
})
