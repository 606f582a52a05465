import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../test-support/mainSideOnSandbox'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
let app: MainSideOnSandbox

beforeEach(async () => {
  app = await startMainSideOnSandbox()
})

afterEach(async () => {
  await app.stop()
})

/** As the outbox sends: never repeated once it may have reached the service. */
const search = (requestId: string) =>
  app.call('crypto.search', {
    requestId,
    query: sanctioned,
    isSubjectConsent: true,
    type: 'all',
    atMostOnce: true,
  })

const fateOf = async (requestId: string, startedAt = new Date().toISOString()) => {
  const reply = await app.call('requests.fate', { requests: [{ requestId, startedAt }] })
  if (!reply.ok) throw new Error(reply.error.message)
  return (reply.data as { fates: Array<{ state: string; reply?: unknown }> }).fates[0]
}

describe('the request journal over the bridge', () => {
  it('keeps the reply of a check the renderer may not have stored, until it is collected', async () => {
    const requestId = crypto.randomUUID()
    const reply = await search(requestId)
    expect(reply.ok).toBe(true)
    expect(await fateOf(requestId)).toEqual({ requestId, state: 'settled', reply })
    expect(await app.call('requests.collect', { requestIds: [requestId] })).toEqual({
      ok: true,
      data: { collected: 1 },
    })
    expect(await fateOf(requestId)).toEqual({ requestId, state: 'neverSent' })
  })

  it('says a request is in flight while the main side is still sending it', async () => {
    app.sandbox.injectFault({ kind: 'delay', ms: 1500 })
    const requestId = crypto.randomUUID()
    const pending = search(requestId)
    await vi.waitFor(async () =>
      expect(await fateOf(requestId)).toEqual({ requestId, state: 'inFlight' }),
    )
    expect(app.sandbox.requests).toHaveLength(0)
    await pending
    expect(await fateOf(requestId)).toMatchObject({ state: 'settled', reply: { ok: true } })
  })

  it('keeps the bytes of an unreadable answer as evidence on the error and in the journal', async () => {
    app.sandbox.injectFault({ kind: 'malformedJson' })
    const requestId = crypto.randomUUID()
    const reply = await search(requestId)
    if (reply.ok) throw new Error('expected the unreadable answer to fail the check')
    expect(reply.error).toMatchObject({
      name: 'OutcomeUnknownError',
      mayHaveReachedService: true,
      evidence: { response: { status: 200 }, request: { method: 'POST' } },
    })
    const body = Buffer.from(reply.error.evidence?.response.bodyBase64 ?? '', 'base64')
    expect(body.length).toBe(reply.error.evidence?.response.bytes)
    expect(() => JSON.parse(body.toString('utf8')) as unknown).toThrow()
    expect(await fateOf(requestId)).toEqual({ requestId, state: 'settled', reply })
  })

  it('keeps a failure with the service’s own answer', async () => {
    app.sandbox.injectFault({ kind: 'serverError', status: 503 })
    const reply = await search(crypto.randomUUID())
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'OutcomeUnknownError', evidence: { response: { status: 503 } } },
    })
    expect(app.sandbox.requests).toHaveLength(1)
  })
})
