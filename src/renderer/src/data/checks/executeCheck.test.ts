import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bridgeErrorNames, type BridgeErrorName } from '../../../../shared/bridge'
import { BridgeCallError } from '../../bridge/bridgeCall'
import { appDatabase } from '../database/appDatabase'
import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import { storedCheck } from '../../../../test-support/storedChecks'
import { checksContaining } from './checkSelection'
import { deriveAwaitingTerms } from './deferredSearchTerms'
import { executeCheck } from './executeCheck'

const reply = vi.hoisted(() => ({
  refusal: new Error('no refusal chosen'),
  answer: undefined as CryptoSearchResult | undefined,
}))

// The bridge is the edge here: the main side's answer is what this test chooses.
vi.mock('../../bridge/bridgeClient', async () => {
  const call = await import('../../bridge/bridgeCall')
  return {
    ...call,
    callBridge: () =>
      reply.answer ? Promise.resolve(reply.answer) : Promise.reject(reply.refusal),
  }
})

const refused = (name: BridgeErrorName, status?: number) =>
  new BridgeCallError({
    name,
    message: 'Refused.',
    mayHaveReachedService: false,
    ...(status ? { status } : {}),
  })

const check = (requestId: string) =>
  executeCheck({
    requestId,
    query: '0x8589427373D6D84E98730D7795D8f6f8731FDA16',
    environment: 'production',
    purpose: 'watch',
  })

describe('what a refused check leaves in History', () => {
  beforeEach(async () => {
    reply.answer = undefined
    await appDatabase.checks.clear()
  })

  it('leaves nothing when this computer refused it by the user’s own budget, before sending', async () => {
    for (const name of [bridgeErrorNames.budgetReached, bridgeErrorNames.notOptedIn]) {
      reply.refusal = refused(name)
      await expect(check(`req-${name}`)).rejects.toMatchObject({ name })
    }
    expect(await appDatabase.checks.count()).toBe(0)
  })

  it('keeps a failed attempt when the service refused it', async () => {
    reply.refusal = refused(bridgeErrorNames.paymentRequired, 402)
    await expect(check('req-402')).rejects.toBeInstanceOf(BridgeCallError)
    expect(await appDatabase.checks.toArray()).toMatchObject([
      { outcome: 'failed', error: { name: bridgeErrorNames.paymentRequired } },
    ])
  })
})

describe('History’s search entries of a check sent in the background', () => {
  beforeEach(() => appDatabase.checks.clear())

  it('are left to be derived in a batch, after which the check is found by a fragment', async () => {
    const query = '0x8589427373D6D84E98730D7795D8f6f8731FDA16'
    const { environment, check, evidence } = storedCheck('2026-11-24T02:00:00.000Z_x', query, {})
    reply.answer = { environment, check, evidence }
    const background = await executeCheck({
      requestId: 'req-bulk',
      query,
      environment: 'local',
      pace: 'background',
    })
    const person = await executeCheck({ requestId: 'req-person', query, environment: 'local' })
    // A person's check is found at once; the background one once its entries are derived.
    expect(await checksContaining(appDatabase, 'fda16')).toEqual([person])
    expect(await deriveAwaitingTerms(appDatabase)).toBe(1)
    expect((await checksContaining(appDatabase, 'fda16')).sort()).toEqual(
      [background, person].sort(),
    )
  })
})
