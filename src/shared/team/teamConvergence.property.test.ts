import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { caseStates, hitDecisionKinds } from '../cases/caseSchemas'
import { propertyRuns } from '../../test-support/propertyRuns'
import {
  caseChanges,
  publishDeskKey,
  testDesk,
  writeTeamEntry,
  type TestDesk,
} from '../../test-support/teamDesks'
import type { TeamChange } from './nextTeamEntry'
import { replayTeamCase } from './teamCaseReplay'
import { rememberingSignatureCheck } from './teamChains'
import { rosterScope, type SignatureCheck, type TeamEntryDocument } from './teamEntry'
import { replayTeamRoster } from './teamRoster'
import { trustTeamEntries } from './teamTrust'

/**
 * Three desks work on one case offline and replicate in any order, whole or in part, pairwise or
 * through a server; once all is synced every desk must replay the same case. `TEAM_PROPERTY_RUNS`
 * sets how many histories each property tries (`TEAM_PROPERTY_RUNS=2000 npx vitest run
 * src/shared/team/teamConvergence`).
 */
const runs = Number(process.env.TEAM_PROPERTY_RUNS ?? 50)
/** Each history signs and verifies a few dozen entries: well under 200 ms on a slow machine. */
const timeout = Math.max(20_000, runs * 200)

const scope = 'case_converge'
const desks = [testDesk('ana', 11), testDesk('bob', 12), testDesk('cyd', 13)] as const
const deskIndex = fc.constantFrom(0, 1, 2)

const work: fc.Arbitrary<TeamChange> = fc.oneof(
  fc
    .tuple(fc.constantFrom('h1', 'h2', 'h3'), fc.constantFrom(...hitDecisionKinds))
    .map(([hit, decision]) => caseChanges.decided(scope, hit, decision)),
  fc.string({ maxLength: 12 }).map((text) => caseChanges.noted(text)),
  fc.constantFrom(...caseStates).map((state) => caseChanges.moved('open', state)),
  fc.constantFrom('check-1', 'check-2').map((check) => caseChanges.checkLinked(check)),
)

/** Which of a holder's documents a replication carries: all of them, or a part chosen by `pick`. */
const part = fc.option(fc.nat(), { nil: undefined })

type Step =
  | { kind: 'work'; desk: number; change: TeamChange }
  /** `desk` receives (part of) everything `from` holds. */
  | { kind: 'receive'; desk: number; from: number; pick: number | undefined }
  | { kind: 'push'; desk: number; pick: number | undefined }
  | { kind: 'pull'; desk: number; pick: number | undefined }

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('work' as const), desk: deskIndex, change: work }),
  },
  fc.record({
    kind: fc.constant('receive' as const),
    desk: deskIndex,
    from: deskIndex,
    pick: part,
  }),
  fc.record({ kind: fc.constant('push' as const), desk: deskIndex, pick: part }),
  fc.record({ kind: fc.constant('pull' as const), desk: deskIndex, pick: part }),
)

type Holding = Map<string, TeamEntryDocument>

/** A part of a holding that respects neither chains nor order: some documents, by a hash of their id. */
function partOf(holding: Holding, pick: number | undefined): TeamEntryDocument[] {
  const documents = [...holding.values()]
  if (pick === undefined) return documents
  return documents.filter((document) => {
    let hash = pick | 0
    for (const char of document._id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
    return (hash >>> 0) % 3 !== 0
  })
}

const receive = (into: Holding, documents: readonly TeamEntryDocument[]) => {
  for (const document of documents) into.set(document._id, document)
}

interface Site {
  desk: TestDesk
  holding: Holding
}

/**
 * Plays the steps: each desk starts with its own key published, and with the case ana opened (a
 * desk works on a case only once it has it; the rest of the roster still has to reach it).
 */
function play(steps: readonly Step[]): { holdings: Holding[]; written: Set<string> } {
  const sites: Site[] = desks.map((desk) => {
    const key = publishDeskKey(desk)
    return { desk, holding: new Map([[key._id, key]]) }
  })
  const siteOf = (index: number): Site => {
    const site = sites[index]
    if (!site) throw new Error(`no desk ${index}`)
    return site
  }
  const server: Holding = new Map()
  const written = new Set<string>()
  const writeOn = ({ desk, holding }: Site, change: TeamChange, at: string) => {
    const held = [...holding.values()].filter((document) => document.scope === scope)
    const document = writeTeamEntry(desk, scope, held, change, at)
    holding.set(document._id, document)
    written.add(document._id)
  }
  const opener = siteOf(0)
  writeOn(opener, caseChanges.created(), '2026-11-20T09:00:00.000Z')
  const opened = partOf(opener.holding, undefined).filter((document) => document.scope === scope)
  for (const { holding } of sites) receive(holding, opened)
  steps.forEach((step, index) => {
    const { holding } = siteOf(step.desk)
    const at = new Date(Date.UTC(2026, 10, 20, 10, index)).toISOString()
    if (step.kind === 'work') writeOn(siteOf(step.desk), step.change, at)
    else if (step.kind === 'receive') receive(holding, partOf(siteOf(step.from).holding, step.pick))
    else if (step.kind === 'push') receive(server, partOf(holding, step.pick))
    else receive(holding, partOf(server, step.pick))
  })
  return { holdings: sites.map(({ holding }) => holding), written }
}

/** What a desk shows of the case from what it holds, and what it set aside. */
function caseOn(documents: readonly TeamEntryDocument[], verify: SignatureCheck) {
  const rosterDocuments = documents.filter((document) => document.scope === rosterScope)
  const caseDocuments = documents.filter((document) => document.scope === scope)
  const { roster } = replayTeamRoster(rosterDocuments, ['ana'], verify)
  const trust = trustTeamEntries(scope, caseDocuments, roster, verify)
  const replay = replayTeamCase(trust.applied)
  return {
    entryIds: replay.entryIds,
    state: replay.state,
    closure: replay.closure,
    decisions: [...replay.decisions],
    disagreements: replay.disagreements,
    unreadable: replay.unreadable,
    notes: replay.notes,
    authors: replay.authors,
    setAside: trust.setAside.map(({ kind, id }) => ({ kind, id })),
  }
}

/** A permutation of `items` drawn from `seed`. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items]
  let state = seed >>> 0 || 1
  for (let i = result.length - 1; i > 0; i -= 1) {
    state = Math.imul(state ^ (state >>> 15), 2246822519) >>> 0
    const j = state % (i + 1)
    ;[result[i], result[j]] = [result[j] as T, result[i] as T]
  }
  return result
}

describe('a case shared by three desks', () => {
  it(
    `replays alike on every desk once all is synced, every entry once (${runs} histories)`,
    () => {
      fc.assert(
        fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
          const { holdings, written } = play(steps)
          const server = new Map<string, TeamEntryDocument>()
          for (const holding of holdings) receive(server, [...holding.values()])
          for (const holding of holdings) receive(holding, [...server.values()])
          const verify = rememberingSignatureCheck()
          const [first, ...others] = holdings.map((holding) =>
            caseOn([...holding.values()], verify),
          )
          for (const other of others) expect(other).toEqual(first)
          expect(first?.setAside).toEqual([])
          expect(new Set(first?.entryIds).size).toBe(first?.entryIds.length)
          expect([...(first?.entryIds ?? [])].sort()).toEqual([...written].sort())
        }),
        propertyRuns(runs),
      )
    },
    timeout,
  )

  it(
    `replays what a desk holds the same whatever order it arrived in (${runs} histories)`,
    () => {
      fc.assert(
        fc.property(
          fc.array(step, { minLength: 5, maxLength: 40 }),
          deskIndex,
          fc.integer(),
          (steps, desk, seed) => {
            const held = [...(play(steps).holdings[desk]?.values() ?? [])]
            const verify = rememberingSignatureCheck()
            expect(caseOn(shuffled(held, seed), verify)).toEqual(caseOn(held, verify))
          },
        ),
        propertyRuns(runs),
      )
    },
    timeout,
  )
})
