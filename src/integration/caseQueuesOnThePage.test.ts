import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReviewQueue } from '../shared/bridge/teamContract'
import { caseNumber } from '../shared/cases/caseNumber'
import { sampleWallets } from '../shared/records/sampleWallets'
import { readCaseListRows, readCasesAwaitingReview } from '../renderer/src/data/cases/caseListReads'
import { noCaseListFilters, selectCaseRows } from '../renderer/src/data/cases/caseListSelection'
import { caseQueues, type CaseQueue } from '../renderer/src/data/cases/caseQueues'
import { closeCase, createCase } from '../renderer/src/data/cases/caseRepository'
import { shareCase, syncSharedCases } from '../renderer/src/data/cases/sharedCases'
import {
  sharedTrueMatch,
  teamOfTwo,
  type TeamDeskOnSandbox as Desk,
  type TeamOfTwo,
} from '../test-support/teamDeskOnSandbox'

const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
/** Replication on a loaded 2-core machine takes seconds, not the poll's default 1 s. */
const replicated = { timeout: 15_000 }

const queueKeys: Record<CaseQueue, keyof ReviewQueue> = {
  'assigned-to-me': 'assignedToMe',
  'waiting-for-my-review': 'waitingForMyReview',
  unassigned: 'unassigned',
}

/** The case ids the page's case list shows in each queue, judged from its database alone. */
const pageQueues = async (desk: Desk, me: string): Promise<Record<CaseQueue, string[]>> => {
  const rows = await readCaseListRows(desk.db)
  const idsIn = (queue: CaseQueue) =>
    selectCaseRows(rows, { ...noCaseListFilters, queue }, me)
      .map((row) => row.caseRecord.id)
      .sort()
  return {
    'assigned-to-me': idsIn('assigned-to-me'),
    'waiting-for-my-review': idsIn('waiting-for-my-review'),
    unassigned: idsIn('unassigned'),
  }
}

/** The same queues as the main side's team.reviewQueue lists them. */
const mainQueues = async (desk: Desk): Promise<Record<CaseQueue, string[]>> => {
  const queue = await desk.call('team.reviewQueue', {})
  return Object.fromEntries(
    caseQueues.map((name) => [name, queue[queueKeys[name]].caseIds]),
  ) as Record<CaseQueue, string[]>
}

describe('the case list’s team queues, judged by the page from what it applied', () => {
  let team: TeamOfTwo
  beforeAll(async () => {
    team = await teamOfTwo('team')
  }, 90_000)
  afterAll(() => team.stop())

  it(
    'lists what team.reviewQueue lists on each desk: closed and unshared cases in none',
    { timeout: 120_000 },
    async () => {
      const { ana, ben } = team
      const rosterOnAna = async () => {
        const view = await ana.call('team.view', {})
        return view.joined ? view.roster.map((entry) => entry.member) : []
      }
      await expect.poll(rosterOnAna, replicated).toEqual(['ana', 'ben'])

      // A case with a true match, assigned to ben, whose close waits for ben's review.
      const { caseId: matched } = await sharedTrueMatch(ana, wallet, 'Listed wallet')
      await ana.call('team.setRoles', { member: 'ben', roles: ['investigator', 'reviewer'] })
      await ana.call('team.assignCase', { caseId: matched, member: 'ben' })
      await ana.call('team.requestReview', {
        caseId: matched,
        outcome: 'risk_confirmed',
        reason: 'The wallet is listed.',
      })
      // A shared case nobody was given, one assigned to ben but closed, and one never shared.
      const newCase = (title: string) =>
        createCase(ana.db, ana.actor, { title, subject: wallet, description: '' })
      const unassigned = await newCase('Nobody’s wallet')
      await shareCase(ana.db, unassigned)
      const closed = await newCase('Closed wallet')
      await shareCase(ana.db, closed)
      await ana.call('team.assignCase', { caseId: closed, member: 'ben' })
      await closeCase(ana.db, ana.actor, closed, { outcome: 'no_concern', reason: 'Clean.' })
      await newCase('Ana’s own wallet')
      await syncSharedCases(ana.db)

      const onBen = {
        'assigned-to-me': [matched],
        'waiting-for-my-review': [matched],
        unassigned: [unassigned],
      }
      await expect
        .poll(async () => {
          await syncSharedCases(ben.db)
          return pageQueues(ben, 'ben')
        }, replicated)
        .toEqual(onBen)
      await expect.poll(() => mainQueues(ben), replicated).toEqual(onBen)

      const onAna = { 'assigned-to-me': [], 'waiting-for-my-review': [], unassigned: [unassigned] }
      expect(await pageQueues(ana, 'ana')).toEqual(onAna)
      expect(await mainQueues(ana)).toEqual(onAna)

      // The Changes screen names the case waiting for ben's review by its number and title.
      expect(await readCasesAwaitingReview(ben.db, 'ben')).toEqual([
        {
          caseId: matched,
          number: caseNumber(matched),
          title: 'Listed wallet',
          askedBy: 'Investigator ana',
          askedAt: expect.any(String) as string,
        },
      ])
      expect(await readCasesAwaitingReview(ana.db, 'ana')).toEqual([])
    },
  )
})
