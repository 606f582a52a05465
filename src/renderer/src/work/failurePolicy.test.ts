import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bridgeErrorNames, bridgeErrorNameSchema } from '../../../shared/bridge'
import { propertyRuns } from '../../../test-support/propertyRuns'
import { BridgeCallError } from '../bridge/bridgeClient'
import { nextStepAfter, type SendFailure } from '../data/requests/failurePolicy'
import { rescreenWallets } from './rescreenRun'
import { verdictOnFailure } from './bulkOutcome'
import { afterSendFailure } from './outboxDecision'

const failures = fc.record({
  name: fc.constantFrom(...bridgeErrorNameSchema.options),
  message: fc.constant('It failed.'),
  mayHaveReachedService: fc.boolean(),
  retryAfterS: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
}) satisfies fc.Arbitrary<SendFailure>

const outboxFor = { recover: 'recover', wait: 'wait', stop: 'fail', cap: 'fail' } as const

describe('the one failure policy', () => {
  it('never sends again on its own what may have reached the service', () => {
    fc.assert(
      fc.property(failures, (failure) => {
        const step = nextStepAfter(failure)
        if (failure.mayHaveReachedService)
          expect(['recover', 'settle:unknown']).toContain(
            step.kind === 'settle' ? `settle:${step.outcome}` : step.kind,
          )
      }),
      propertyRuns(300),
    )
  })

  it('means the same next step for the outbox, a bulk job and a re-screen', async () => {
    await fc.assert(
      fc.asyncProperty(failures, async (failure) => {
        const step = nextStepAfter(failure)
        expect(verdictOnFailure(failure).kind).toBe(step.kind)
        expect(afterSendFailure(failure)).toBe(
          step.kind === 'settle'
            ? step.outcome === 'unknown'
              ? 'ask'
              : 'fail'
            : outboxFor[step.kind],
        )
        // A re-screen goes on past a wallet only when that wallet's check is over.
        const checked: string[] = []
        await rescreenWallets(
          {
            check: async (wallet) => {
              checked.push(wallet.query)
              throw new BridgeCallError(failure)
            },
            record: async () => ({ added: [], removed: [], changed: [] }),
          },
          ['a', 'b'].map((query) => ({ environment: 'local' as const, query, queryKey: query })),
          () => {},
        )
        expect(checked).toEqual(step.kind === 'settle' ? ['a', 'b'] : ['a'])
      }),
      propertyRuns(200),
    )
  })

  it('stops a re-screen at a missing key, as it stops a bulk job', () => {
    const missing = {
      name: bridgeErrorNames.missingKey,
      message: 'No API key is set for Production.',
      mayHaveReachedService: false,
    }
    expect(nextStepAfter(missing)).toEqual({ kind: 'stop', obstacle: 'key' })
    expect(verdictOnFailure(missing).kind).toBe('stop')
  })
})
