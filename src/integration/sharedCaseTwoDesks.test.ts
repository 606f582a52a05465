import 'fake-indexeddb/auto'
import { strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FetchedEntity } from '../shared/bridge/entitiesContract'
import type { ExportedEntity } from '../shared/bridge/evidenceContract'
import { hitsOf } from '../shared/cases/checkHits'
import { bundlePaths } from '../shared/evidence/bundleFormat'
import { toStoredCheck, saveCheck } from '../renderer/src/data/checks/checkRepository'
import { saveEntity } from '../renderer/src/data/entities/entityRepository'
import {
  addNote,
  createCase,
  decideHit,
  linkCheck,
  linkEntity,
  unlinkCheck,
} from '../renderer/src/data/cases/caseRepository'
import { exportCase } from '../renderer/src/data/cases/caseExport'
import { readCaseEntities } from '../renderer/src/data/cases/caseReads'
import {
  connectTeamCaller,
  shareCase,
  syncSharedCases,
} from '../renderer/src/data/cases/sharedCases'
import { tamperBundle } from '../test-support/bundleTampering'
import { downloadedBundle } from '../test-support/evidenceFixtures'
import { searchOn } from '../test-support/mainSideOnSandbox'
import {
  caseAsKept,
  keptAfterSync,
  caseWithCheck,
  teamOfTwo,
  writeWithAlteredAttachment,
  type TeamDeskOnSandbox,
  type TeamOfTwo,
} from '../test-support/teamDeskOnSandbox'
import { sampleWallets } from '../shared/records/sampleWallets'

const database = 'team'
/** The made-up politically exposed person: one wallet, records in four categories. */
const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
const replicated = { timeout: 15_000 }

/** An entity as a bundle and the case's Entities tab list it, from what the desk fetched. */
const exported = ({ environment, fetchedAt, entity }: FetchedEntity): ExportedEntity => ({
  environment,
  id: entity.id,
  fetchedAt,
  entity,
})

const unknown = ({ environment, id }: ExportedEntity): ExportedEntity => ({
  environment,
  id,
  fetchedAt: null,
  entity: null,
})

/** The case's linked entities as the desk shows them, once its page took in what arrived. */
async function entitiesAfterSync(desk: TeamDeskOnSandbox, caseId: string) {
  await syncSharedCases(desk.db)
  const caseRecord = await desk.db.cases.get(caseId)
  return caseRecord ? readCaseEntities(desk.db, caseRecord) : []
}

describe('a case shared by two desks, through the page’s data layer and the team server', () => {
  let team: TeamOfTwo
  let ana: TeamDeskOnSandbox
  let ben: TeamDeskOnSandbox
  beforeAll(async () => {
    team = await teamOfTwo(database)
    ;({ ana, ben } = team)
  }, 60_000)
  afterAll(() => team.stop())

  it(
    'is the same case on both desks, whoever changes it, and a colleague’s check stays out of History',
    { timeout: 90_000 },
    async () => {
      const { caseId, result, stored } = await caseWithCheck(
        ana,
        wallet,
        'Wallet of a new customer',
      )
      const [first, second] = hitsOf(result.check)
      expect(second).toBeDefined()
      const check = {
        localId: stored.localId,
        environment: stored.environment,
        queryKey: stored.queryKey,
      }
      await decideHit(ana.db, ana.actor, caseId, {
        check,
        hit: first!,
        decision: 'true_match',
        rationale: 'Listed wallet, same chain.',
      })
      const before = await caseAsKept(ana.db, caseId)
      await shareCase(ana.db, caseId)
      // Shared, the case is kept as its entries replay: the same case as before it was shared.
      const shared = await caseAsKept(ana.db, caseId)
      expect(shared.trail.map((entry) => [entry.action, entry.actor, entry.at])).toEqual(
        before.trail.map((entry) => [entry.action, entry.actor, entry.at]),
      )
      expect(shared.decisions).toEqual(before.decisions)
      expect(shared.caseRecord).toEqual(before.caseRecord)

      // Replication brings the entries in its own batches: Ben's copy grows until it is Ana's.
      const onAnaFirst = await caseAsKept(ana.db, caseId)
      expect(onAnaFirst.caseRecord?.title).toBe('Wallet of a new customer')
      await expect.poll(() => keptAfterSync(ben, caseId), replicated).toEqual(onAnaFirst)
      // Ben never ran the check: it is the case's, not his History's.
      expect(await ben.db.checks.count()).toBe(0)

      await decideHit(ben.db, ben.actor, caseId, {
        check,
        hit: second!,
        decision: 'false_positive',
        rationale: 'Another chain than the customer’s.',
      })
      await addNote(ben.db, ben.actor, caseId, 'Checked with the exchange.')
      await expect
        .poll(async () => {
          await syncSharedCases(ana.db)
          return await ana.db.hitDecisions.where('caseId').equals(caseId).count()
        }, replicated)
        .toBe(2)
      await expect
        .poll(async () => {
          await syncSharedCases(ana.db)
          return await ana.db.caseNotes.where('caseId').equals(caseId).count()
        }, replicated)
        .toBe(1)
      const onAna = await caseAsKept(ana.db, caseId)
      await expect.poll(() => keptAfterSync(ben, caseId), replicated).toEqual(onAna)
      expect(onAna.trail.map((entry) => entry.actor?.name)).toEqual([
        'Investigator ana',
        'Investigator ana',
        'Investigator ana',
        'Investigator ben',
        'Investigator ben',
      ])
      expect((await ana.db.teamCases.get(caseId))?.authors.map((author) => author.member)).toEqual([
        'ana',
        'ben',
      ])
    },
  )

  it(
    'shares a case in parts, with a check linked and unlinked before sharing',
    { timeout: 90_000 },
    async () => {
      const stored = []
      for (const [index, sample] of sampleWallets.entries()) {
        const result = await searchOn(ana.main, sample.query)
        stored.push(toStoredCheck(`request-part-${index}`, sample.query, sample.query, result))
      }
      await Promise.all(stored.map((check) => saveCheck(ana.db, check)))
      const caseId = await createCase(ana.db, ana.actor, {
        title: 'Three wallets',
        subject: 'A customer’s wallets',
        description: '',
      })
      const refs = stored.map((check) => ({
        localId: check.localId,
        query: check.query,
        fetchedAt: check.fetchedAt,
      }))
      for (const ref of refs) await linkCheck(ana.db, ana.actor, caseId, ref)
      await unlinkCheck(ana.db, ana.actor, caseId, refs[2]!)
      const calls: number[] = []
      const counting = ana.call
      connectTeamCaller(ana.db, (method, input) => {
        if (method === 'team.shareCase') calls.push((input as { checks: unknown[] }).checks.length)
        return counting(method, input)
      })
      // One byte per part: each check goes in a part of its own.
      await shareCase(ana.db, caseId, { bytesPerPart: 1 })
      connectTeamCaller(ana.db, counting)
      expect(calls).toEqual([1, 1, 1])
      const onAna = await caseAsKept(ana.db, caseId)
      expect(onAna.caseRecord?.checkIds).toEqual([refs[0]!.localId, refs[1]!.localId])
      await expect.poll(() => keptAfterSync(ben, caseId), replicated).toEqual(onAna)
    },
  )

  it(
    'carries a linked entity’s details with its link, as the desk that linked it cached them',
    { timeout: 90_000 },
    async () => {
      const fetchedAtAna = async (firstName: string) => {
        const fetched = await ana.call('entities.create', {
          requestId: crypto.randomUUID(),
          entity: { entityType: 'individual', isSubjectConsent: true, firstName, lastName: 'Doe' },
        })
        await saveEntity(ana.db, fetched)
        return exported(fetched)
      }
      const refOf = ({ environment, id, entity }: ExportedEntity) => ({
        environment,
        id,
        name: `${entity?.firstName} ${entity?.lastName}`,
      })
      const beforeSharing = await fetchedAtAna('Early')
      const onceShared = await fetchedAtAna('Late')
      const altered = await fetchedAtAna('Altered')
      // Linked on Ana's desk from a colleague's word, never fetched there: it goes as its link.
      const neverFetched = unknown({ ...beforeSharing, id: 'ent_neverfetchedhere' })
      const { caseId } = await caseWithCheck(ana, wallet, 'A customer, their wallet and family')
      await linkEntity(ana.db, ana.actor, caseId, refOf(beforeSharing))
      await shareCase(ana.db, caseId)
      await linkEntity(ana.db, ana.actor, caseId, refOf(onceShared))
      await linkEntity(ana.db, ana.actor, caseId, { ...refOf(neverFetched), name: 'Someone' })

      // Ben never fetched an entity: each shows as Ana's desk had it when she linked it.
      const linked = [beforeSharing, onceShared, neverFetched]
      await expect.poll(() => entitiesAfterSync(ben, caseId), replicated).toEqual(linked)
      expect(await ben.db.entities.count()).toBe(0)
      expect(await entitiesAfterSync(ana, caseId)).toEqual(linked)
      const bundle = downloadedBundle(ben.main, await exportCase(ben.db, ben.call, caseId))
      tamperBundle(bundle, (files) => {
        expect(JSON.parse(strFromU8(files[bundlePaths.entities]!))).toEqual(linked)
      })

      // An entry whose details are not the bytes its author signed: linked, but no details.
      const details = (entity: ExportedEntity) => new TextEncoder().encode(JSON.stringify(entity))
      await writeWithAlteredAttachment(
        team.server,
        database,
        'ana',
        caseId,
        {
          action: 'entity-linked',
          summary: 'Entity Altered Doe linked',
          before: null,
          after: refOf(altered),
        },
        {
          name: 'entity-details',
          signed: details(altered),
          sent: details({ ...altered, entity: { ...altered.entity!, firstName: 'Mallory' } }),
        },
      )
      await expect
        .poll(() => entitiesAfterSync(ben, caseId), replicated)
        .toEqual([...linked, unknown(altered)])
      const read = await ben.call('team.readCase', { caseId })
      expect(read.setAside).toEqual([])
      expect(read.entities.find(({ id }) => id === altered.id)).toEqual(unknown(altered))
    },
  )
})
