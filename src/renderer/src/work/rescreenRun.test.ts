import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge'
import { fixtureActor } from '../../../test-support/evidenceFixtures'
import { storedCheck, walletRecord } from '../../../test-support/storedChecks'
import { BridgeCallError } from '../bridge/bridgeClient'
import { recordRescreen, walletsOfCase } from '../data/cases/caseRescreen'
import { createCase, decideHit, linkCheck } from '../data/cases/caseRepository'
import { caseRescreenSteps } from '../data/cases/rescreenCase'
import { hitsOf } from '../../../shared/cases/checkHits'
import {
  openAppDatabase,
  type AppDatabase,
  type CheckAttempt,
  type StoredCheck,
} from '../data/database/appDatabase'
import { newChanges } from '../data/watch/watchRepository'
import { recordListRescreen, walletsOfChecks } from '../data/rescreen/listRescreen'
import {
  leftAtCap,
  type RescreenOutcome,
  type RescreenSteps,
  type RescreenWallet,
} from '../data/rescreen/rescreenWallets'
import { rescreenWallets } from './rescreenRun'

// Listed in 2024, no longer listed today.
const delisted = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'
// The same record then and now.
const steady = '0x5ca1ab1e00000000000000000000000000000001'
const third = '0x532B77B33A040587e9FD1800088225f99b8B0E8A'
const now = new Date('2026-11-23T10:00:00.000Z')

const in2024 = {
  delisted: storedCheck('2024-06-01T10:00:00.000Z_a', delisted, {
    sanctions: [walletRecord(delisted)],
  }),
  steady: storedCheck('2024-06-01T10:00:01.000Z_b', steady, { pep: [walletRecord(steady)] }),
  third: storedCheck('2024-06-01T10:00:02.000Z_c', third, {}),
}
/** What the service answers today, by wallet. */
const todays: Record<string, StoredCheck['check']['categories']> = {
  [delisted]: {},
  [steady]: { pep: [walletRecord(steady)] },
  [third]: {},
}
const failedAttempt: CheckAttempt = {
  outcome: 'failed',
  localId: '2024-06-01T10:00:03.000Z_d',
  environment: 'local',
  query: third,
  queryKey: third,
  fetchedAt: '2024-06-01T10:00:03.000Z',
  billed: false,
  requestId: 'r-d',
  searchTerms: [],
}

let db: AppDatabase
let checked: string[]

/** The service's answer today, stored as runCheck stores one: the later check's key. */
const checkToday = async (wallet: RescreenWallet): Promise<string> => {
  checked.push(wallet.query)
  const later = storedCheck(
    `2026-11-23T09:00:0${checked.length}.000Z_${checked.length}`,
    wallet.query,
    todays[wallet.query] ?? {},
  )
  await db.checks.put(later)
  return later.localId
}

const listSteps = (check = checkToday): RescreenSteps => ({
  check,
  record: (_wallet, laterId) => recordListRescreen(db, laterId, now),
})

const refused = (status: number) =>
  new BridgeCallError({
    name: bridgeErrorNames.paymentRequired,
    message: 'Insufficient fund',
    status,
    mayHaveReachedService: false,
  })

const kinds = (outcomes: readonly RescreenOutcome[]) =>
  outcomes.map((outcome) => [outcome.wallet.query, outcome.kind])

beforeEach(async () => {
  db = openAppDatabase(`rescreen-list-${crypto.randomUUID()}`)
  checked = []
  await db.checks.bulkPut([in2024.delisted, in2024.steady, in2024.third, failedAttempt])
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('re-screening wallets outside a case', () => {
  it('takes each wallet of the chosen checks once, answered checks only', async () => {
    const again = storedCheck('2025-01-01T10:00:00.000Z_e', delisted, {
      sanctions: [walletRecord(delisted)],
    })
    await db.checks.put(again)
    const wallets = await walletsOfChecks(db, [
      in2024.delisted.localId,
      again.localId,
      failedAttempt.localId,
      in2024.steady.localId,
      'no-such-check',
    ])
    expect(wallets).toEqual([
      { environment: 'local', query: delisted, queryKey: delisted },
      { environment: 'local', query: steady, queryKey: steady },
    ])
  })

  it('compares each later check with the one before it and puts material changes in the inbox', async () => {
    const wallets = await walletsOfChecks(db, [in2024.delisted.localId, in2024.steady.localId])
    const told: number[] = []
    const outcomes = await rescreenWallets(listSteps(), wallets, (_outcome, index) =>
      told.push(index),
    )
    expect(told).toEqual([0, 1])
    expect(outcomes.map((outcome) => outcome.kind === 'done' && outcome.difference)).toEqual([
      { added: [], removed: [`sanctions:${delisted}`], changed: [] },
      { added: [], removed: [], changed: [] },
    ])
    // Only the wallet whose hits changed is in the inbox, on its own (in no case).
    const inbox = await newChanges(db)
    expect(inbox).toHaveLength(1)
    expect(inbox[0]).toMatchObject({
      query: delisted,
      earlier: { localId: in2024.delisted.localId },
      removed: [`sanctions:${delisted}`],
      caseIds: [],
    })
  })

  it('stops at a refused plan or balance, and goes on past a wallet that failed on its own', async () => {
    const wallets = await walletsOfChecks(db, [
      in2024.delisted.localId,
      in2024.steady.localId,
      in2024.third.localId,
    ])
    const failing = (failures: Record<string, Error>) => async (wallet: RescreenWallet) => {
      const failure = failures[wallet.query]
      if (failure) throw failure
      return checkToday(wallet)
    }
    const stopped = await rescreenWallets(
      listSteps(failing({ [steady]: refused(402) })),
      wallets,
      () => undefined,
    )
    expect(kinds(stopped)).toEqual([
      [delisted, 'done'],
      [steady, 'failed'],
      [third, 'notRun'],
    ])
    expect(stopped[1]).toMatchObject({ message: 'Insufficient fund' })

    const goneOn = await rescreenWallets(
      listSteps(failing({ [delisted]: new Error('The answer could not be read.') })),
      wallets,
      () => undefined,
    )
    expect(kinds(goneOn)).toEqual([
      [delisted, 'failed'],
      [steady, 'done'],
      [third, 'done'],
    ])
  })

  it('stops at its budget cap keeping what it found, and goes on with exactly the wallets it left', async () => {
    const wallets = await walletsOfChecks(db, [
      in2024.delisted.localId,
      in2024.steady.localId,
      in2024.third.localId,
    ])
    const capReached = new BridgeCallError({
      name: bridgeErrorNames.budgetReached,
      message:
        'Nothing was sent: this re-screen has sent its budget cap of 1 billed check. Raise the cap to go on.',
      mayHaveReachedService: false,
    })
    let allowed = 1
    const withinCap = async (wallet: RescreenWallet) => {
      if (checked.length >= allowed) throw capReached
      return checkToday(wallet)
    }
    const stopped = await rescreenWallets(listSteps(withinCap), wallets, () => undefined)
    expect(kinds(stopped)).toEqual([
      [delisted, 'done'],
      [steady, 'failed'],
      [third, 'notRun'],
    ])
    expect(stopped[1]).toMatchObject({ atCap: true })
    // The wallet checked before the cap keeps its change in the inbox.
    expect(await newChanges(db)).toHaveLength(1)
    expect(leftAtCap(stopped)).toEqual([1, 2])

    allowed = 3
    const left = leftAtCap(stopped).map((place) => stopped[place]!.wallet)
    const rest = await rescreenWallets(listSteps(withinCap), left, () => undefined)
    expect(kinds(rest)).toEqual([
      [steady, 'done'],
      [third, 'done'],
    ])
    expect(checked).toEqual([delisted, steady, third])
  })

  it('leaves nothing to go on with when a run stopped for another reason', async () => {
    const wallets = await walletsOfChecks(db, [in2024.delisted.localId, in2024.steady.localId])
    const outcomes = await rescreenWallets(
      listSteps(() => Promise.reject(refused(402))),
      wallets,
      () => undefined,
    )
    expect(kinds(outcomes)).toEqual([
      [delisted, 'failed'],
      [steady, 'notRun'],
    ])
    expect(outcomes[0]).not.toHaveProperty('atCap')
    expect(leftAtCap(outcomes)).toEqual([])
  })

  it('stops when asked, after the wallet on its way', async () => {
    const wallets = await walletsOfChecks(db, [in2024.delisted.localId, in2024.steady.localId])
    const stop = new AbortController()
    const outcomes = await rescreenWallets(listSteps(), wallets, () => stop.abort(), stop.signal)
    expect(kinds(outcomes)).toEqual([
      [delisted, 'done'],
      [steady, 'notRun'],
    ])
    expect(checked).toEqual([delisted])
  })
})

describe('re-screening a case through the same run', () => {
  it('puts the later check on the case and counts the decisions carried', async () => {
    const caseId = await createCase(db, fixtureActor, {
      title: 'Mixer',
      subject: 'TC',
      description: '',
    })
    for (const { localId, query, fetchedAt } of [in2024.delisted, in2024.steady]) {
      await linkCheck(db, fixtureActor, caseId, { localId, query, fetchedAt })
    }
    await decideHit(db, fixtureActor, caseId, {
      check: in2024.steady,
      hit: hitsOf(in2024.steady.check)[0]!,
      decision: 'false_positive',
      rationale: 'A made-up register: not our customer.',
    })
    const caseRecord = (await db.cases.get(caseId))!
    const steps = caseRescreenSteps(
      { recordRescreen: (id, checks) => recordRescreen(db, fixtureActor, id, checks) },
      caseId,
      'rescreen',
    )
    const outcomes = await rescreenWallets(
      { ...steps, check: checkToday },
      await walletsOfCase(db, caseRecord),
      () => undefined,
    )
    expect(outcomes.map((outcome) => outcome.kind === 'done' && outcome.difference)).toEqual([
      expect.objectContaining({ removed: [`sanctions:${delisted}`], carried: 0 }),
      expect.objectContaining({ removed: [], carried: 1 }),
    ])
  })
})
