import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyAuditChain } from '../../../../shared/cases/auditChain'
import { hitsOf } from '../../../../shared/cases/checkHits'
import { replayTrail } from '../../../../shared/cases/replayTrail'
import { openAppDatabase, type AppDatabase, type StoredCheck } from '../database/appDatabase'
import { fixtureActor } from '../../../../test-support/evidenceFixtures'
import { storedCheck, walletRecord } from '../../../../test-support/storedChecks'
import { CaseRuleError } from './caseErrors'
import { createCase, decideHit, linkCheck } from './caseRepository'
import { auditTrailOf } from './caseReads'
import { readCaseDecisions } from './caseReads'
import { recordRescreen } from './caseRescreen'

const wallet = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'
const reviewer = { ...fixtureActor, name: 'Second Reviewer', email: 'second@example.com' }

// In 2024 the wallet was on the SDN list and in a made-up PEP register; today only the register
// has it, with another amount.
const in2024 = storedCheck('2024-06-01T10:00:00.000Z_a', wallet, {
  sanctions: [walletRecord(wallet, { alias: ['TORNADO CASH'] })],
  pep: [walletRecord(wallet, { topics: ['role.pep'], amountUsd: ['10.00'] })],
})
const today = storedCheck('2026-11-23T10:00:00.000Z_b', wallet, {
  pep: [walletRecord(wallet, { topics: ['role.pep'], amountUsd: ['12.00'] })],
  crime: [walletRecord(wallet, { topics: ['crime.fin'] })],
})

let db: AppDatabase
let caseId: string

const decide = (check: StoredCheck, category: string) =>
  decideHit(db, fixtureActor, caseId, {
    check,
    hit: hitsOf(check.check).find((hit) => hit.category === category)!,
    decision: 'true_match',
    rationale: 'Matches the customer’s declared wallet.',
  })

beforeEach(async () => {
  db = openAppDatabase(`rescreen-${crypto.randomUUID()}`)
  await db.checks.bulkPut([in2024, today])
  caseId = await createCase(db, fixtureActor, { title: 'Mixer', subject: 'TC', description: '' })
  await linkCheck(db, fixtureActor, caseId, {
    localId: in2024.localId,
    query: in2024.query,
    fetchedAt: in2024.fetchedAt,
  })
  await decide(in2024, 'sanctions')
  await decide(in2024, 'pep')
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('re-screening a wallet of a case', () => {
  it('links the later check, keeps the difference on the trail and carries decisions on records that came back', async () => {
    const found = await recordRescreen(db, reviewer, caseId, {
      earlierId: in2024.localId,
      laterId: today.localId,
    })
    expect(found.added).toEqual([`crime:${wallet}`])
    expect(found.removed).toEqual([`sanctions:${wallet}#TORNADO CASH`])
    expect(found.changed).toEqual([{ hitKey: `pep:${wallet}`, fields: ['amountUsd'] }])

    const decisions = [...(await readCaseDecisions(db, caseId)).values()]
    const carried = decisions.find((decision) => decision.checkId === today.localId)
    // Carried as it was made: by whom and when, marked with the check it was made on.
    expect(carried).toMatchObject({
      hitKey: `pep:${wallet}`,
      decision: 'true_match',
      decidedBy: fixtureActor,
      carriedFrom: in2024.localId,
    })
    // The record no longer listed keeps its decision on the earlier check, which stays linked.
    expect(decisions.filter((decision) => decision.checkId === in2024.localId)).toHaveLength(2)
    expect((await db.cases.get(caseId))?.checkIds).toEqual([in2024.localId, today.localId])
    // The case list's summary counts the later check's hits only (the earlier one is the wallet's
    // history): the carried decision stands, the new hit is the one to decide.
    expect((await db.caseSummaries.get(caseId))?.hits).toMatchObject({ total: 2, undecided: 1 })

    const trail = await auditTrailOf(db, caseId).toArray()
    const entry = trail.at(-1)!
    expect(entry).toMatchObject({ action: 'rescreened', actor: reviewer })
    expect(entry.summary).toBe(
      `Re-screened ${wallet}: 1 new hit, 1 hit no longer listed, 1 hit changed, 1 decision carried`,
    )
    expect(verifyAuditChain(trail).intact).toBe(true)
    // The trail alone tells the same decisions, as the bundle verifier replays them.
    const replayed = replayTrail(trail)
    expect(replayed.unreadable).toEqual([])
    expect(new Map([...replayed.decisions].sort())).toEqual(
      new Map(decisions.map((decision) => [decision.id, decision] as const).sort()),
    )
  })

  it('refuses a check of another wallet, one already linked, or an earlier one not in the case', async () => {
    const other = storedCheck(
      '2026-11-23T11:00:00.000Z_c',
      '0x5ca1ab1e00000000000000000000000000000001',
      {},
    )
    await db.checks.put(other)
    const refusal = (checks: { earlierId: string; laterId: string }) =>
      recordRescreen(db, reviewer, caseId, checks).then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(await refusal({ earlierId: in2024.localId, laterId: other.localId })).toBeInstanceOf(
      CaseRuleError,
    )
    expect(await refusal({ earlierId: in2024.localId, laterId: in2024.localId })).toBeInstanceOf(
      CaseRuleError,
    )
    expect(await refusal({ earlierId: today.localId, laterId: other.localId })).toBeInstanceOf(
      CaseRuleError,
    )
    expect(await auditTrailOf(db, caseId).last()).toMatchObject({ action: 'hit-decided' })
  })
})
