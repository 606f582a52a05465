import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cryptoCheckOfData } from '../api/cryptoAnswer'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { runCryptoSearch } from '../../sandbox/crypto/cryptoSearchRoute'
import { syntheticMatches } from '../../sandbox/crypto/syntheticMatches'
import { WalletIndex } from '../../sandbox/crypto/walletIndex'
import {
  bundledDelistedWallets,
  bundledSanctionedWallets,
} from '../../sandbox/crypto/walletRecords'
import { propertyRuns } from '../../test-support/propertyRuns'
import { checkDifference, differenceKeys, type CheckDifference } from './checkDifference'
import { differenceWords } from './differenceWords'

/**
 * Every wallet of resources/sanctions/ as the sandbox answers for it, each listed record in:
 * delisted ones as they stood while listed, so a wallet's every record is in its answer.
 */
const listed = [...bundledSanctionedWallets(), ...bundledDelistedWallets()].map(
  ({ delistedOn: _delisted, ...record }) => record,
)
const index = new WalletIndex(listed)
const requester = {
  businessId: 'biz_test',
  user: { id: 'usr_test', firstName: 'Test', lastName: 'User', middleName: '' },
}

const answerFor = (publicKey: string): CryptoCheck => {
  const reply = runCryptoSearch(
    { query: publicKey, isSubjectConsent: true, type: 'all' },
    { wallets: index, synthetic: syntheticMatches, day: '9999-12-31' },
    requester,
    new Date('2026-11-26T12:00:00.000Z'),
  )
  const check = cryptoCheckOfData((reply.body as { data: unknown }).data)
  if (!check) throw new Error(`the sandbox's answer for ${publicKey} does not read`)
  return check
}

const wallets = [...new Set(listed.map((record) => record.publicKey))]
const answers = new Map(wallets.map((publicKey) => [publicKey, answerFor(publicKey)]))

/** A difference as sets: what it says, whatever order its lists are in. */
const meaningOf = (difference: CheckDifference) => {
  const keys = differenceKeys(difference)
  return {
    added: [...keys.added].sort(),
    removed: [...keys.removed].sort(),
    changed: keys.changed.map((change) => JSON.stringify(change)).sort(),
    unchanged: difference.unchanged.map((hit) => hit.hitKey).sort(),
  }
}

const emptyDifference = { added: [], removed: [], changed: [] }

/** The same answer with its records, and each record's tags, names and chains, in another order. */
const shuffled = (check: CryptoCheck, order: (length: number) => number[]): CryptoCheck => {
  const reorder = <T>(items: readonly T[]): T[] => order(items.length).map((at) => items[at] as T)
  return {
    ...check,
    categories: Object.fromEntries(
      Object.entries(check.categories).map(([category, records]) => [
        category,
        reorder(records).map((record) =>
          Object.fromEntries(
            Object.entries(record).map(([field, value]) => [
              field,
              Array.isArray(value) ? reorder(value) : value,
            ]),
          ),
        ),
      ]),
    ),
  }
}

/** A permutation of 0…length-1 drawn from `seeds`, so fast-check shrinks and replays it. */
const permutation =
  (seeds: readonly number[]) =>
  (length: number): number[] =>
    Array.from({ length }, (_, at) => at).sort(
      (a, b) => (seeds[a % seeds.length] ?? 0) - (seeds[b % seeds.length] ?? 0) || a - b,
    )

describe('a record is what the list lists', () => {
  it('finds nothing between an answer and itself, for every wallet of resources/sanctions', () => {
    expect(wallets.length).toBeGreaterThan(600)
    for (const [publicKey, answer] of answers) {
      const difference = checkDifference(answer, answer)
      expect({ publicKey, ...differenceKeys(difference) }).toEqual({
        publicKey,
        ...emptyDifference,
      })
      expect(difference.unchanged).toHaveLength(answer.totalEntity)
    }
  })

  it('reads the same answer of the ARB, BSC and ETH wallet again as nothing changed', () => {
    const answer = answerFor('0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c')
    expect(differenceWords(differenceKeys(checkDifference(answer, answer)))).toEqual([])
  })

  it('never depends on the order of the records, their chains or their tags', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...wallets),
        fc.array(fc.integer(), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer(), { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        (publicKey, seedsA, seedsB, kept) => {
          const answer = answers.get(publicKey)!
          // A later answer: some records gone, the rest valued anew.
          let at = 0
          const later: CryptoCheck = {
            ...answer,
            categories: Object.fromEntries(
              Object.entries(answer.categories).map(([category, records]) => [
                category,
                records
                  .filter(() => kept[at++ % kept.length] ?? true)
                  .map((record, position) =>
                    position % 2 === 0 ? { ...record, amountUsd: ['1.00'] } : record,
                  ),
              ]),
            ),
          }
          expect(
            meaningOf(checkDifference(answer, shuffled(answer, permutation(seedsA)))),
          ).toMatchObject(emptyDifference)
          expect(
            meaningOf(
              checkDifference(
                shuffled(answer, permutation(seedsA)),
                shuffled(later, permutation(seedsB)),
              ),
            ),
          ).toEqual(meaningOf(checkDifference(answer, later)))
        },
      ),
      propertyRuns(300),
    )
  })
})
