import 'fake-indexeddb/auto'
import { ZodError } from 'zod'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyAuditChain } from '../../../../shared/cases/auditChain'
import type { HitDecisionKind } from '../../../../shared/cases/caseSchemas'
import { hitsOf } from '../../../../shared/cases/checkHits'
import { replayTrail } from '../../../../shared/cases/replayTrail'
import { openAppDatabase, type AppDatabase, type StoredCheck } from '../database/appDatabase'
import { fixtureActor } from '../../../../test-support/evidenceFixtures'
import { storedCheckOf as checkOf } from '../../../../test-support/storedChecks'
import { CaseRuleError } from './caseErrors'
import {
  addNote,
  changeState,
  closeCase,
  createCase,
  decideHit,
  linkCheck,
  linkEntity,
  recordExport,
  reopenCase,
  unlinkCheck,
} from './caseRepository'
import { auditTrailOf, earlierDecisionOn, readCaseDecisions } from './caseReads'
import { openHitsSentence, tallyHits } from '../../../../shared/cases/caseRules'

let db: AppDatabase
const first = checkOf('2026-11-20T10:00:00.000Z_a', 2)
const later = checkOf('2026-11-21T10:00:00.000Z_b', 1)
const refOf = (check: StoredCheck) => ({
  localId: check.localId,
  query: check.query,
  fetchedAt: check.fetchedAt,
})

const decide = (
  caseId: string,
  check: StoredCheck,
  index: number,
  decision: HitDecisionKind = 'false_positive',
) =>
  decideHit(db, fixtureActor, caseId, {
    check,
    hit: hitsOf(check.check)[index]!,
    decision,
    rationale: 'Different owner: the exchange’s hot wallet.',
  })

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('expected a refusal'),
    (error: unknown) => error,
  )

beforeEach(async () => {
  db = openAppDatabase(`cases-${crypto.randomUUID()}`)
  await db.checks.bulkPut([first, later])
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('a case through its life', () => {
  it('moves open → in review → escalated → closed, and every change is chained in the trail', async () => {
    const id = await createCase(db, fixtureActor, {
      title: 'ACME wallets',
      subject: 'ACME Ltd',
      description: '',
    })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await linkEntity(db, fixtureActor, id, {
      environment: 'local',
      id: 'ent_acme',
      name: 'ACME Ltd',
    })
    await addNote(db, fixtureActor, id, 'Asked the bank for statements.')
    await changeState(db, fixtureActor, id, 'in_review')
    await changeState(db, fixtureActor, id, 'escalated')
    await decide(id, first, 0)
    await decide(id, first, 1, 'true_match')
    await closeCase(db, fixtureActor, id, { outcome: 'reported', reason: 'One wallet confirmed.' })
    const trail = await auditTrailOf(db, id).toArray()
    expect(trail.map((entry) => entry.action)).toEqual([
      'created',
      'check-linked',
      'entity-linked',
      'note-added',
      'state-changed',
      'state-changed',
      'hit-decided',
      'hit-decided',
      'closed',
    ])
    expect(verifyAuditChain(trail)).toMatchObject({ intact: true, entries: 9 })
    expect(trail[4]).toMatchObject({ before: { state: 'open' }, after: { state: 'in_review' } })
    expect(await db.cases.get(id)).toMatchObject({
      state: 'closed',
      closure: { outcome: 'reported' },
    })
  })

  it('keeps the optional reason of a state move in its audit entry, which replays as before', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await changeState(db, fixtureActor, id, 'in_review', '  Statements received from the bank. ')
    await changeState(db, fixtureActor, id, 'escalated', '   ')
    const trail = await auditTrailOf(db, id).toArray()
    expect(trail[1]).toMatchObject({
      summary: 'Open → In review: Statements received from the bank.',
      after: { state: 'in_review', reason: 'Statements received from the bank.' },
    })
    // A blank reason is no reason: the entry is the one a move without one has always written.
    expect(trail[2]?.after).toEqual({ state: 'escalated' })
    expect(verifyAuditChain(trail)).toMatchObject({ intact: true })
    expect(replayTrail(trail)).toMatchObject({ state: 'escalated', unreadable: [] })
  })

  it('refuses moves the workflow does not allow', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await changeState(db, fixtureActor, id, 'escalated')
    const refused = await failureOf(changeState(db, fixtureActor, id, 'open'))
    expect(refused).toBeInstanceOf(CaseRuleError)
    expect((refused as Error).message).toBe('A case that is escalated cannot move to open.')
  })

  it('will not close with undecided hits unless the reason is recorded', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await decide(id, first, 0)
    const refused = await failureOf(
      closeCase(db, fixtureActor, id, { outcome: 'no_concern', reason: 'Nothing found.' }),
    )
    expect((refused as Error).message).toBe(
      '1 hit has no decision. Give every hit a final decision, or record why the case closes without one.',
    )
    expect((await db.cases.get(id))?.state).toBe('open')
    await closeCase(db, fixtureActor, id, {
      outcome: 'no_concern',
      reason: 'Nothing found.',
      undecidedHitsReason: 'Second hit is a test wallet.',
    })
    expect((await db.cases.get(id))?.closure).toMatchObject({
      undecidedHitsReason: 'Second hit is a test wallet.',
    })
  })

  it('counts hits that still need review as open, apart from those with no decision', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await decide(id, first, 0, 'needs_review')
    const tally = tallyHits(id, [first], await readCaseDecisions(db, id))
    expect(tally).toMatchObject({ total: 2, undecided: 1, byDecision: { needs_review: 1 } })
    expect(openHitsSentence(tally)).toBe('1 hit has no decision and 1 still needs review')
    await decide(id, first, 1)
    const refused = await failureOf(
      closeCase(db, fixtureActor, id, {
        outcome: 'inconclusive',
        reason: 'The exchange is silent.',
      }),
    )
    expect((refused as Error).message).toBe(
      '1 hit still needs review. Give every hit a final decision, or record why the case closes without one.',
    )
    await closeCase(db, fixtureActor, id, {
      outcome: 'inconclusive',
      reason: 'The exchange is silent.',
      undecidedHitsReason: 'The exchange never answered.',
    })
    expect(await auditTrailOf(db, id).last()).toMatchObject({
      summary: 'Closed: Inconclusive (1 hit still needs review)',
      after: { closure: { undecidedHitsReason: 'The exchange never answered.' } },
    })
  })

  it('closes without a reason once the latest check of each wallet is decided: an earlier check is history, not hits to decide', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await linkCheck(db, fixtureActor, id, refOf(later))
    await decide(id, later, 0)
    expect(tallyHits(id, [first, later], await readCaseDecisions(db, id))).toMatchObject({
      total: 1,
      undecided: 0,
    })
    await closeCase(db, fixtureActor, id, { outcome: 'inconclusive', reason: 'Nothing more.' })
    expect((await db.cases.get(id))?.closure).not.toHaveProperty('undecidedHitsReason')
    expect((await db.caseSummaries.get(id))?.hits).toMatchObject({ total: 1, undecided: 0 })
  })

  it('will not close as no concern while a hit is a confirmed true match', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await decide(id, first, 0, 'true_match')
    await decide(id, first, 1)
    const refused = await failureOf(
      closeCase(db, fixtureActor, id, { outcome: 'no_concern', reason: 'Nothing found.' }),
    )
    expect(refused).toBeInstanceOf(CaseRuleError)
    expect((refused as Error).message).toBe(
      'A case cannot close as “No concern” while 1 hit is a confirmed true match: choose another outcome, or revise the decision first.',
    )
    expect(await db.cases.get(id)).toMatchObject({ state: 'open' })
    expect(await auditTrailOf(db, id).last()).toMatchObject({ action: 'hit-decided' })
    await decide(id, first, 0)
    await closeCase(db, fixtureActor, id, {
      outcome: 'no_concern',
      reason: 'Both wallets are the exchange’s.',
    })
    expect((await db.cases.get(id))?.closure).toMatchObject({ outcome: 'no_concern' })
  })

  it('unlinks a check once however often it is asked, at once or one after another: one entry', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    const entries = async () => (await auditTrailOf(db, id).toArray()).length
    const linked = await entries()
    await Promise.all([1, 2, 3].map(() => unlinkCheck(db, fixtureActor, id, refOf(first))))
    await unlinkCheck(db, fixtureActor, id, refOf(first))
    expect(await entries()).toBe(linked + 1)
    expect((await db.cases.get(id))?.checkIds).toEqual([])
    expect(verifyAuditChain(await auditTrailOf(db, id).toArray()).intact).toBe(true)
  })

  it('decides a hit once when the same decision is made again: one entry; a changed one is a new entry', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    const entries = async () => (await auditTrailOf(db, id).toArray()).length
    const linked = await entries()
    await Promise.all([1, 2, 3].map(() => decide(id, first, 0, 'true_match')))
    expect(await entries()).toBe(linked + 1)
    await decide(id, first, 0, 'false_positive')
    expect(await entries()).toBe(linked + 2)
  })

  it('writes a trail that replays to its decisions, state and closure', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await linkCheck(db, fixtureActor, id, refOf(later))
    await decide(id, first, 0, 'true_match')
    await decide(id, later, 0, 'true_match')
    await decide(id, first, 0, 'needs_review')
    await unlinkCheck(db, fixtureActor, id, refOf(later))
    await decide(id, first, 1)
    await changeState(db, fixtureActor, id, 'in_review')
    await closeCase(db, fixtureActor, id, {
      outcome: 'risk_confirmed',
      reason: 'Maybe.',
      undecidedHitsReason: 'Later.',
    })
    await reopenCase(db, fixtureActor, id, 'The bank answered.')
    await decide(id, first, 0, 'true_match')
    await closeCase(db, fixtureActor, id, { outcome: 'reported', reason: 'SAR filed.' })
    const replayed = replayTrail(await auditTrailOf(db, id).toArray())
    const stored = await db.cases.get(id)
    expect(replayed.unreadable).toEqual([])
    expect(replayed.state).toBe(stored?.state)
    expect(replayed.closure).toEqual(stored?.closure)
    expect(replayed.decisions).toEqual(await readCaseDecisions(db, id))
  })

  it('locks a closed case until it is reopened, and records the reopening', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await closeCase(db, fixtureActor, id, { outcome: 'inconclusive', reason: 'No data.' })
    expect(((await failureOf(addNote(db, fixtureActor, id, 'late'))) as Error).message).toBe(
      'This case is closed: reopen it to change it.',
    )
    await reopenCase(db, fixtureActor, id, 'New transactions came in.')
    const reopened = await db.cases.get(id)
    expect(reopened?.state).toBe('open')
    expect(reopened?.closure).toBeUndefined()
    const last = await auditTrailOf(db, id).last()
    expect(last).toMatchObject({
      action: 'reopened',
      before: { state: 'closed' },
      after: { reason: 'New transactions came in.' },
    })
  })

  it('never changes an imported case', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await db.cases.update(id, {
      origin: {
        kind: 'imported',
        importedAt: first.fetchedAt,
        exportedAt: first.fetchedAt,
        fileName: 'b.zip',
        manifestSha256: 'a'.repeat(64),
      },
    })
    expect(((await failureOf(addNote(db, fixtureActor, id, 'x'))) as Error).message).toMatch(
      /imported from a bundle and is read-only/,
    )
    expect(await auditTrailOf(db, id).count()).toBe(1)
  })
})

describe('who did what', () => {
  it('names the investigator on every entry, note and decision', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    const colleague = { ...fixtureActor, name: 'Ben Colleague', fingerprint: 'b'.repeat(32) }
    await addNote(db, colleague, id, 'Called the exchange.')
    await decideHit(db, colleague, id, {
      check: first,
      hit: hitsOf(first.check)[0]!,
      decision: 'false_positive',
      rationale: 'Another wallet of the same name.',
    })
    const trail = await auditTrailOf(db, id).toArray()
    expect(trail.map((entry) => entry.actor?.name)).toEqual([
      fixtureActor.name,
      fixtureActor.name,
      'Ben Colleague',
      'Ben Colleague',
    ])
    expect((await db.caseNotes.toArray())[0]?.author).toEqual(colleague)
    expect((await db.hitDecisions.toArray())[0]?.decidedBy).toEqual(colleague)
    expect(verifyAuditChain(trail).intact).toBe(true)
    // The actor is hashed: naming someone else afterwards breaks the chain.
    const forged = trail.map((entry, index) =>
      index === 2 ? { ...entry, actor: fixtureActor } : entry,
    )
    expect(verifyAuditChain(forged)).toMatchObject({ intact: false, seq: 3 })
  })

  it('puts an export on the trail of a closed case, and never on an imported one', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await closeCase(db, fixtureActor, id, { outcome: 'inconclusive', reason: 'No data.' })
    const exported = { fileName: 'T 2026-11-23.zip', sha256: 'c'.repeat(64), bytes: 1234 }
    await recordExport(db, fixtureActor, id, exported)
    expect(await auditTrailOf(db, id).last()).toMatchObject({
      action: 'exported',
      actor: fixtureActor,
      after: exported,
    })
    expect((await db.cases.get(id))?.state).toBe('closed')
    await db.cases.update(id, {
      origin: {
        kind: 'imported',
        importedAt: first.fetchedAt,
        exportedAt: first.fetchedAt,
        fileName: 'b.zip',
        manifestSha256: 'a'.repeat(64),
      },
    })
    const before = await auditTrailOf(db, id).count()
    await recordExport(db, fixtureActor, id, exported)
    expect(await auditTrailOf(db, id).count()).toBe(before)
  })
})

describe('hit decisions', () => {
  it('need a rationale', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    const refused = await failureOf(
      decideHit(db, fixtureActor, id, {
        check: first,
        hit: hitsOf(first.check)[0]!,
        decision: 'true_match',
        rationale: '  ',
      }),
    )
    expect(refused).toBeInstanceOf(ZodError)
    expect(await db.hitDecisions.count()).toBe(0)
  })

  it('are shown again when the same identifier and record come back in a later check', async () => {
    const id = await createCase(db, fixtureActor, {
      title: 'ACME wallets',
      subject: 'S',
      description: '',
    })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await decide(id, first, 0)
    const [recurring] = hitsOf(later.check)
    const earlier = await earlierDecisionOn(db, later.queryKey, recurring!, later.localId)
    expect(earlier).toMatchObject({
      caseTitle: 'ACME wallets',
      decision: { decision: 'false_positive', checkId: first.localId },
    })
    expect(await earlierDecisionOn(db, first.queryKey, recurring!, first.localId)).toBeUndefined()
  })

  it('are counted per hit, and withdrawn (but kept in the trail) when their check is unlinked', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await linkCheck(db, fixtureActor, id, refOf(first))
    await decide(id, first, 0)
    expect(tallyHits(id, [first], await readCaseDecisions(db, id))).toMatchObject({
      total: 2,
      undecided: 1,
    })
    await unlinkCheck(db, fixtureActor, id, refOf(first))
    expect(await db.hitDecisions.count()).toBe(0)
    const last = await auditTrailOf(db, id).last()
    expect(last).toMatchObject({
      action: 'check-unlinked',
      before: { decisions: [{ decision: 'false_positive' }] },
    })
  })
})

describe('the audit trail', () => {
  it('shows an edited entry and a removed one', async () => {
    const id = await createCase(db, fixtureActor, { title: 'T', subject: 'S', description: '' })
    await addNote(db, fixtureActor, id, 'one')
    await addNote(db, fixtureActor, id, 'two')
    await db.auditEntries.update([id, 2], { summary: 'Something else' })
    expect(verifyAuditChain(await auditTrailOf(db, id).toArray())).toMatchObject({
      intact: false,
      seq: 2,
      problem: 'entry 2 was changed after it was written',
    })
    await db.auditEntries.delete([id, 2])
    expect(verifyAuditChain(await auditTrailOf(db, id).toArray())).toMatchObject({
      intact: false,
      seq: 2,
      problem: 'entry 2 is missing: entry 3 comes in its place',
    })
  })
})
