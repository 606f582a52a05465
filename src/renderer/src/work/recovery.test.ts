import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import type { RequestFate } from '../../../shared/bridge/requestsContract'
import { beginAttempt, settleAttempt, pendingAttempts } from '../data/checks/checkAttempts'
import { openAppDatabase, type AppDatabase, type CheckAttempt } from '../data/database/appDatabase'
import { runningItems, settle } from '../data/outbox/outboxRepository'
import { recoverRequests, type RecoveryPorts } from './recovery'
import { journalFates } from '../../../test-support/journalFates'
import { holdingRequest, requestsInHand } from '../data/requests/requestOwnership'

let db: AppDatabase
let collected: string[]

const wallet = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const result: CryptoSearchResult = {
  environment: 'production',
  check: {
    id: 'chk_1',
    status: 'no_match',
    totalEntity: 0,
    categoryCount: {},
    categories: {},
  },
  evidence: {
    environment: 'production',
    baseUrl: 'http://127.0.0.1:1/',
    request: { method: 'POST', path: '/v2/api/x', body: null },
    response: { status: 200, headers: {}, bodyBase64: '', bytes: 0 },
    startedAt: '2026-11-23T10:00:00.000Z',
    durationMs: 1,
    attempts: 1,
  },
}

const recoveryPorts = (
  fates: Record<string, RequestFate['state'] | RequestFate>,
): RecoveryPorts => ({
  attempts: {
    pendingAttempts: () => pendingAttempts(db),
    settleAttempt: (attempt, end) => settleAttempt(db, attempt, end),
  },
  outbox: {
    runningItems: () => runningItems(db),
    settle: (localId, state, outcome) => settle(db, localId, state, outcome),
  },
  bulk: { runningChecksOf: async () => [], settleBulkCheck: async () => {} },
  readCheck: (localId) => db.checks.get(localId),
  inHand: requestsInHand,
  askFates: journalFates((requestId) => fates[requestId]),
  collect: async (ids) => void collected.push(...ids),
  saveEntity: async () => {},
})

const recover = (fates: Record<string, RequestFate['state'] | RequestFate>) =>
  recoverRequests(recoveryPorts(fates))

/** A new attempt, pending (a fresh key has no answer on record). */
const attempt = async (requestId = crypto.randomUUID()): Promise<CheckAttempt> => {
  const begun = await beginAttempt(db, {
    requestId,
    environment: 'production',
    query: wallet,
    queryKey: wallet,
    billed: true,
  })
  if (begun.outcome !== 'pending') throw new Error('a fresh attempt was already answered')
  return begun
}

beforeEach(() => {
  db = openAppDatabase(`recovery-${crypto.randomUUID()}`)
  collected = []
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('recovering check attempts a stopped page left pending', () => {
  it('stores the answer the journal kept, under the attempt’s own row, and lets the journal forget it', async () => {
    const pending = await attempt()
    await recover({
      [pending.requestId]: {
        requestId: pending.requestId,
        state: 'settled',
        reply: { ok: true, data: result },
      },
    })
    expect(await db.checks.get(pending.localId)).toMatchObject({
      outcome: 'succeeded',
      status: 'no_match',
      requestId: pending.requestId,
    })
    expect(collected).toEqual([pending.requestId])
  })

  it('records a check that may have left as possibly billed, and one that never left as not billed', async () => {
    const cutOff = await attempt()
    const neverSent = await attempt()
    await recover({ [cutOff.requestId]: 'mayHaveLeft', [neverSent.requestId]: 'neverSent' })
    expect(await db.checks.get(cutOff.localId)).toMatchObject({
      outcome: 'unknown',
      error: { message: expect.stringContaining('may have run and been billed') as unknown },
    })
    expect(await db.checks.get(neverSent.localId)).toMatchObject({
      outcome: 'failed',
      error: { message: expect.stringContaining('nothing was billed') as unknown },
    })
    expect(collected).toEqual([])
  })

  it('keeps a failure’s answer as evidence, and leaves alone what is still in flight', async () => {
    const failed = await attempt()
    const flying = await attempt()
    await recover({
      [failed.requestId]: {
        requestId: failed.requestId,
        state: 'settled',
        reply: {
          ok: false,
          error: {
            name: 'OutcomeUnknownError',
            message: 'Unreadable.',
            mayHaveReachedService: true,
            evidence: result.evidence,
          },
        },
      },
      [flying.requestId]: 'inFlight',
    })
    expect(await db.checks.get(failed.localId)).toMatchObject({
      outcome: 'unknown',
      evidence: result.evidence,
      error: { name: 'OutcomeUnknownError' },
    })
    expect(await db.checks.get(flying.localId)).toMatchObject({ outcome: 'pending' })
  })
})

describe('what recovery never overwrites', () => {
  it('keeps an answer stored while it asked the journal, which forgot the request once stored', async () => {
    const pending = await attempt()
    // Its sender stores the answer (and the journal forgets it) between recovery's read and the
    // journal's word: "never sent", of a request the service answered.
    await recoverRequests({
      ...recoveryPorts({}),
      askFates: async (requests) => {
        await settleAttempt(db, pending, { kind: 'answered', result })
        return new Map(
          requests.map(({ requestId }) => [requestId, { requestId, state: 'neverSent' as const }]),
        )
      },
    })
    expect(await db.checks.get(pending.localId)).toMatchObject({
      outcome: 'succeeded',
      status: 'no_match',
    })
  })

  it('leaves alone a request a live page has in hand, even where the journal never heard of it', async () => {
    let pendingId = ''
    let letGo = (): void => {}
    const requestId = crypto.randomUUID()
    const sending = holdingRequest(requestId, async () => {
      pendingId = (await attempt(requestId)).localId
      // Still on its way to the main side (or waiting in its rate limiter).
      await new Promise<void>((resolve) => (letGo = resolve))
    })
    await expect.poll(() => pendingId).not.toBe('')
    await recover({})
    expect(await db.checks.get(pendingId)).toMatchObject({ outcome: 'pending' })
    letGo()
    await sending
  })

  it('keeps an answer on record when the same check begins again under its key (a resend)', async () => {
    const pending = await attempt()
    await settleAttempt(db, pending, { kind: 'answered', result })
    const again = await beginAttempt(db, {
      requestId: pending.requestId,
      localId: pending.localId,
      environment: 'production',
      query: wallet,
      queryKey: wallet,
      billed: true,
    })
    expect(again.outcome).toBe('succeeded')
    expect(await db.checks.get(pending.localId)).toMatchObject({ outcome: 'succeeded' })
  })
})
