import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleWallets } from '../shared/records/sampleWallets'
import { assignCase } from '../renderer/src/data/cases/fourEyesCalls'
import { shareCase, syncSharedCases } from '../renderer/src/data/cases/sharedCases'
import { assignmentWords } from '../renderer/src/features/cases/fourEyesWords'
import {
  caseWithCheck,
  type TeamDeskOnSandbox as Desk,
  teamOfTwo,
  type TeamOfTwo,
} from '../test-support/teamDeskOnSandbox'

const database = 'team'
const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
/** Replication on a loaded 2-core machine takes seconds. */
const replicated = { timeout: 15_000 }

/** The shared case's stored assignment on a desk's page, after the page took in what arrived. */
const assignmentOn = async (desk: Desk, caseId: string) => {
  await syncSharedCases(desk.db)
  return (await desk.db.teamCases.get(caseId))?.assignment
}

/** What the case's header says of its assignment on a desk, with the roster that desk holds. */
const headerOn = async (desk: Desk, caseId: string) => {
  const assignment = await assignmentOn(desk, caseId)
  const view = await desk.call('team.view', {})
  return assignment && view.joined ? assignmentWords(view.roster, assignment) : null
}

describe(
  'two desks that assign one case to different members while offline',
  { timeout: 90_000 },
  () => {
    let team: TeamOfTwo
    let relays: Array<TeamOfTwo['relays']['ana']>
    let ana: Desk
    let ben: Desk
    beforeAll(async () => {
      team = await teamOfTwo(database)
      ;({ ana, ben } = team)
      relays = Object.values(team.relays)
    }, 60_000)
    afterAll(async () => {
      await team.stop()
    })

    it('both assignments stand, contested, and the header says who gave it to whom; a later assignment settles it on both', async () => {
      const { caseId } = await caseWithCheck(ana, wallet, 'Wallet nobody has taken')
      await shareCase(ana.db, caseId)
      await expect
        .poll(async () => (await assignmentOn(ben, caseId))?.assignee, replicated)
        .toBeNull()

      await Promise.all(relays.map((relay) => relay.cut()))
      await assignCase(ana.db, caseId, 'ana')
      await assignCase(ben.db, caseId, 'ben')
      // Each desk alone knows only its own assignment: nothing is contested yet.
      expect(await assignmentOn(ana, caseId)).toMatchObject({ assignee: 'ana', contested: false })
      expect(await assignmentOn(ben, caseId)).toMatchObject({ assignee: 'ben', contested: false })
      await Promise.all(relays.map((relay) => relay.restore()))

      const sidesOf = async (desk: Desk) => {
        const assignment = await assignmentOn(desk, caseId)
        return {
          contested: assignment?.contested,
          sides: assignment?.sides.map((side) => `${side.member}→${side.assignee}`).sort(),
        }
      }
      for (const desk of [ana, ben]) {
        await expect
          .poll(() => sidesOf(desk), replicated)
          .toEqual({ contested: true, sides: ['ana→ana', 'ben→ben'] })
      }
      // Both desks name the same assignee: the later of the two in the case's one order.
      const onAna = await assignmentOn(ana, caseId)
      expect((await assignmentOn(ben, caseId))?.assignee).toBe(onAna?.assignee)
      const contested = await headerOn(ana, caseId)
      expect(contested?.contested).toMatch(
        /^Assigned at once by two members who did not know of each other: .+\. Reassign it to settle who works on it\.$/,
      )
      expect(contested?.contested).toContain('Investigator ana (ana) took it')
      expect(contested?.contested).toContain('Investigator ben (ben) took it')
      expect(await headerOn(ben, caseId)).toEqual(contested)

      // Ana reassigns, knowing both: one assignment stands again, on both desks.
      await assignCase(ana.db, caseId, 'ben')
      for (const desk of [ana, ben]) {
        await expect
          .poll(() => headerOn(desk, caseId), replicated)
          .toEqual({ assignee: 'Assigned to Investigator ben (ben)', contested: null })
      }
      expect(await assignmentOn(ben, caseId)).toMatchObject({
        assignee: 'ben',
        contested: false,
        sides: [{ member: 'ana', assignee: 'ben' }],
      })
    })
  },
)
