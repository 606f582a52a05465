import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { caseOutcomes, hitDecisionKinds, type CaseOutcome } from '../cases/caseSchemas'
import { propertyRuns } from '../../test-support/propertyRuns'
import {
  caseChanges,
  publishDeskKey,
  testDesk,
  writeMemberRoles,
  writeTeamEntry,
} from '../../test-support/teamDesks'
import { closeVerdict, fourEyesBreaches } from './fourEyes'
import type { TeamChange } from './nextTeamEntry'
import { rememberingSignatureCheck } from './teamChains'
import type { TeamEntry, TeamEntryDocument } from './teamEntry'
import { replayTeamRoster } from './teamRoster'
import { trustTeamEntries } from './teamTrust'

/**
 * Three desks work on one case offline, asking for reviews, approving, sending back and closing at
 * random, and replicate at random. The oracle says, from what each desk held when it wrote, which
 * closes the rule accepts: stated here on its own, with none of the rule's code. `TEAM_PROPERTY_RUNS`
 * sets how many histories it tries.
 */
const runs = Number(process.env.TEAM_PROPERTY_RUNS ?? 50)
const timeout = Math.max(20_000, runs * 200)

const scope = 'case_fourprop'
const desks = [testDesk('ana', 21), testDesk('bob', 22), testDesk('cyd', 23)] as const
const deskIndex = fc.constantFrom(0, 1, 2)
const outcome = fc.constantFrom(...caseOutcomes)
const minuteOf = (index: number) => new Date(Date.UTC(2026, 10, 20, 10, index)).toISOString()

type Work =
  | { kind: 'decide'; hit: string; decision: (typeof hitDecisionKinds)[number] }
  | { kind: 'move'; state: 'escalated' | 'in_review' }
  | { kind: 'note' | 'reopen' | 'approve' | 'send-back' }
  | { kind: 'assign'; member: number }
  | { kind: 'request'; outcome: CaseOutcome }
  /** Closes with the outcome given, or with that of the latest request the desk holds. */
  | { kind: 'close'; outcome: CaseOutcome | undefined }

const work: fc.Arbitrary<Work> = fc.oneof(
  // True matches are what the rule is about: more of them than of other calls.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      hit: fc.constantFrom('h1', 'h2'),
      decision: fc.constant('true_match' as const),
    }),
  },
  fc.record({
    kind: fc.constant('decide' as const),
    hit: fc.constantFrom('h1', 'h2'),
    decision: fc.constantFrom(...hitDecisionKinds),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    state: fc.constantFrom('escalated', 'in_review'),
  }),
  fc.record({ kind: fc.constantFrom('note', 'reopen', 'send-back') }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('approve' as const) }) },
  fc.record({ kind: fc.constant('assign' as const), member: deskIndex }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('request' as const), outcome }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      outcome: fc.option(outcome, { nil: undefined, freq: 4 }),
    }),
  },
)

type Step =
  | { kind: 'work'; desk: number; work: Work }
  | { kind: 'receive'; desk: number; from: number }
  /**
   * A review round, so that histories often reach a close the rule could accept: a request, the
   * approver receiving it and approving, and a desk receiving that and closing, with the requested
   * outcome or another.
   */
  | {
      kind: 'round'
      requester: number
      approver: number
      closer: number
      outcome: CaseOutcome
      closing: CaseOutcome | undefined
    }

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('work' as const), desk: deskIndex, work }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      desk: deskIndex,
      from: deskIndex,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('round' as const),
      requester: deskIndex,
      approver: deskIndex,
      closer: deskIndex,
      outcome,
      closing: fc.option(outcome, { nil: undefined, freq: 4 }),
    }),
  },
)

/** From which minute each desk's member reviews (ana, the admin, sets it), or never. */
const reviewerFrom = fc.tuple(
  ...desks.map(() => fc.option(fc.nat({ max: 40 }), { nil: undefined, freq: 3 })),
)

/** What the oracle knows of an entry: what it says and what its desk held when writing it. */
interface Written {
  document: TeamEntryDocument
  index: number
  held: Set<string>
  decides?: { hit: string; decision: string }
  request?: string
  outcome?: CaseOutcome
}

function play(steps: readonly Step[]) {
  const holdings = desks.map(() => new Map<string, TeamEntryDocument>())
  const written = new Map<string, Written>()
  const write = (desk: number, change: TeamChange, at: string, more: Partial<Written> = {}) => {
    const holding = holdings[desk] as Map<string, TeamEntryDocument>
    const document = writeTeamEntry(
      desks[desk] as (typeof desks)[number],
      scope,
      [...holding.values()],
      change,
      at,
    )
    written.set(document._id, {
      document,
      index: written.size,
      held: new Set(holding.keys()),
      ...more,
    })
    holding.set(document._id, document)
  }
  const receive = (desk: number, from: number) => {
    const holding = holdings[desk] as Map<string, TeamEntryDocument>
    for (const [id, document] of holdings[from] ?? []) holding.set(id, document)
  }
  // Ana opens the case and every desk has it before any work.
  write(0, caseChanges.created(), '2026-11-20T09:30:00.000Z')
  receive(1, 0)
  receive(2, 0)
  steps.forEach((step, index) => {
    const at = minuteOf(index)
    if (step.kind === 'receive') return receive(step.desk, step.from)
    if (step.kind === 'round') {
      const { requester, approver, closer, outcome: asked, closing } = step
      write(requester, caseChanges.reviewRequested(asked), at, { outcome: asked })
      const request = [...written.values()].at(-1)?.document._id ?? ''
      receive(approver, requester)
      write(approver, caseChanges.approved(request), at, { request })
      receive(closer, approver)
      write(closer, caseChanges.closed(closing ?? asked), at, { outcome: closing ?? asked })
      return
    }
    const holding = holdings[step.desk] as Map<string, TeamEntryDocument>
    const latestRequest = [...holding.keys()]
      .map((id) => written.get(id))
      .filter((entry) => entry?.document.action === 'review-requested')
      .sort((a, b) => (b?.index ?? 0) - (a?.index ?? 0))[0]
    const { work: w } = step
    if (w.kind === 'decide') {
      write(step.desk, caseChanges.decided(scope, w.hit, w.decision), at, { decides: w })
    } else if (w.kind === 'move') write(step.desk, caseChanges.moved('open', w.state), at)
    else if (w.kind === 'note') write(step.desk, caseChanges.noted(`Note ${index}.`), at)
    else if (w.kind === 'reopen') write(step.desk, caseChanges.reopened(), at)
    else if (w.kind === 'assign')
      write(step.desk, caseChanges.assigned(desks[w.member]?.member ?? null), at)
    else if (w.kind === 'request') {
      write(step.desk, caseChanges.reviewRequested(w.outcome), at, { outcome: w.outcome })
    } else if (w.kind === 'close') {
      const closing = w.outcome ?? latestRequest?.outcome ?? 'inconclusive'
      write(step.desk, caseChanges.closed(closing), at, { outcome: closing })
    } else if (latestRequest) {
      const id = latestRequest.document._id
      if (w.kind === 'approve') write(step.desk, caseChanges.approved(id), at, { request: id })
      else write(step.desk, caseChanges.sentBack(id), at)
    }
  })
  return written
}

/** The roster: every desk's key; ana (the admin) makes reviewers; bob's own try is not hers. */
function rosterOf(from: readonly (number | undefined)[]) {
  const documents: TeamEntryDocument[] = []
  const add = (make: (held: TeamEntry[]) => TeamEntryDocument) => documents.push(make(documents))
  for (const desk of desks) add((held) => publishDeskKey(desk, held, '2026-11-20T08:00:00.000Z'))
  add((held) => writeMemberRoles(desks[1], 'bob', ['reviewer'], held, '2026-11-20T08:00:00.000Z'))
  from.forEach((minute, desk) => {
    const member = desks[desk]?.member ?? ''
    if (minute !== undefined) {
      add((held) =>
        writeMemberRoles(desks[0], member, ['investigator', 'reviewer'], held, minuteOf(minute)),
      )
    }
  })
  return documents
}

/**
 * Whether the rule lets `closer` close with `closing` holding `held`, said from the history alone:
 * the rule does not apply unless a true match stands on some hit (a true-match decision no decision
 * on that hit answered, made by a desk that held it) or some entry escalated the case; then there
 * must be an approval held, of a request its approver held, by neither the requester nor the
 * closer, by a reviewer at the time, for this outcome, whose approver held every entry held here
 * but approvals and assignments.
 */
function oracle(
  written: ReadonlyMap<string, Written>,
  held: ReadonlySet<string>,
  closer: string,
  closing: CaseOutcome | undefined,
  reviewerFromMinute: readonly (number | undefined)[],
): boolean {
  const entries = [...held].flatMap((id) => written.get(id) ?? [])
  const decisions = entries.filter((entry) => entry.decides)
  const trueMatchStands = decisions.some(
    (entry) =>
      entry.decides?.decision === 'true_match' &&
      !decisions.some(
        (other) => other.decides?.hit === entry.decides?.hit && other.held.has(entry.document._id),
      ),
  )
  const escalated = entries.some(
    (entry) =>
      entry.document.action === 'state-changed' &&
      (entry.document.after as { state: string }).state === 'escalated',
  )
  if (!trueMatchStands && !escalated) return true
  const reviews = (member: string, at: string) => {
    const minute = reviewerFromMinute[desks.findIndex((desk) => desk.member === member)]
    return minute !== undefined && Date.parse(at) >= Date.parse(minuteOf(minute))
  }
  return entries.some((approval) => {
    const request = approval.request ? written.get(approval.request) : undefined
    if (!request || !approval.held.has(request.document._id)) return false
    const approver = approval.document.member
    return (
      approver !== request.document.member &&
      approver !== closer &&
      reviews(approver, approval.document.at) &&
      request.outcome === closing &&
      entries.every(
        (entry) =>
          ['approved', 'assigned'].includes(entry.document.action) ||
          approval.held.has(entry.document._id),
      )
    )
  })
}

describe('the four-eyes rule over random histories', () => {
  it(
    `accepts a close exactly when an approval as the rule states it was held (${runs} histories)`,
    () => {
      fc.assert(
        fc.property(
          fc.array(step, { minLength: 5, maxLength: 40 }),
          reviewerFrom,
          (steps, from) => {
            const written = play(steps)
            const verify = rememberingSignatureCheck()
            const { roster } = replayTeamRoster(rosterOf(from), ['ana'], verify)
            const documents = [...written.values()].map(({ document }) => document)
            const { applied, setAside } = trustTeamEntries(scope, documents, roster, verify)
            expect(setAside).toEqual([])
            const breaches = fourEyesBreaches(applied, roster).map(({ entryId }) => entryId)
            const expected = [...written.values()]
              .filter(({ document }) => document.action === 'closed')
              .filter(
                ({ document, held, outcome: closing }) =>
                  !oracle(written, held, document.member, closing, from),
              )
              .map(({ document }) => document._id)
            expect(breaches.sort()).toEqual(expected.sort())
            const all = new Set(written.keys())
            for (const { member } of desks) {
              for (const closing of caseOutcomes) {
                expect(closeVerdict(applied, roster, { member, outcome: closing }).may).toBe(
                  oracle(written, all, member, closing, from),
                )
              }
            }
          },
        ),
        propertyRuns(runs),
      )
    },
    timeout,
  )
})
