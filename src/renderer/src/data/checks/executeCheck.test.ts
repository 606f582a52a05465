import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bridgeErrorNames, type BridgeErrorName } from '../../../../shared/bridge'
import { BridgeCallError } from '../../bridge/bridgeCall'
import { appDatabase } from '../database/appDatabase'
import { executeCheck } from './executeCheck'

const refusal = vi.hoisted(() => ({ current: new Error('no refusal chosen') }))

// The bridge is the edge here: the main side's answer is what this test chooses.
vi.mock('../../bridge/bridgeClient', async () => {
  const call = await import('../../bridge/bridgeCall')
  return {
    ...call,
    callBridge: () => Promise.reject(refusal.current),
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
  beforeEach(() => appDatabase.checks.clear())

  it('leaves nothing when this computer refused it by the user’s own budget, before sending', async () => {
    for (const name of [bridgeErrorNames.budgetReached, bridgeErrorNames.notOptedIn]) {
      refusal.current = refused(name)
      await expect(check(`req-${name}`)).rejects.toMatchObject({ name })
    }
    expect(await appDatabase.checks.count()).toBe(0)
  })

  it('keeps a failed attempt when the service refused it', async () => {
    refusal.current = refused(bridgeErrorNames.paymentRequired, 402)
    await expect(check('req-402')).rejects.toBeInstanceOf(BridgeCallError)
    expect(await appDatabase.checks.toArray()).toMatchObject([
      { outcome: 'failed', error: { name: bridgeErrorNames.paymentRequired } },
    ])
  })
})
