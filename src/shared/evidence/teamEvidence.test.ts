import { describe, expect, it } from 'vitest'
import {
  caseChanges,
  publishDeskKey,
  testDesk,
  writeTeamEntry,
  type TestDesk,
} from '../../test-support/teamDesks'
import { groupedFingerprint } from '../identity/investigator'
import type { TeamEntryDocument } from '../team/teamEntry'
import { checkTeamEvidence, signerAgainstTeam, trailAgainstTeam } from './teamEvidence'

const caseId = 'case_evidence'
const ana = testDesk('ana', 1)
const ben = testDesk('ben', 2)
const anaKey = publishDeskKey(ana)
const benKey = publishDeskKey(ben, [anaKey])

/** `desk` writes `change` holding everything in `held`. */
const write = (desk: TestDesk, held: TeamEntryDocument[], change = caseChanges.noted('n')) =>
  writeTeamEntry(desk, caseId, held, change)

function sharedCase(): TeamEntryDocument[] {
  const opened = write(ana, [], caseChanges.created())
  const decided = write(ben, [opened], caseChanges.decided(caseId, 'h1', 'false_positive'))
  const noted = write(ben, [opened, decided])
  const moved = write(ana, [opened, decided, noted], caseChanges.moved('open', 'in_review'))
  return [opened, decided, noted, moved]
}

const details = (entries: unknown[], roster: unknown[] = [anaKey, benKey]) =>
  checkTeamEvidence(caseId, entries, roster, []).problems.map(
    ({ path, detail }) => `${path} ${detail}`,
  )

describe("a shared case's evidence in a bundle", () => {
  it('holds when every entry is signed by its member’s published key on a whole chain', () => {
    const entries = sharedCase()
    const check = checkTeamEvidence(caseId, [...entries].reverse(), [anaKey, benKey], [])
    expect(check.problems).toEqual([])
    expect(check.replay.authors.map(({ member, entries: count }) => [member, count])).toEqual([
      ['ana', 2],
      ['ben', 2],
    ])
    expect(check.trail.map((entry) => entry.actor?.fingerprint)).toEqual(
      [ana, ben, ben, ana].map((desk) => desk.author.fingerprint),
    )
    expect(trailAgainstTeam(check.trail, check)).toEqual([])
  })

  it('names an entry signed with a key its member did not publish, even one another member did', () => {
    const [opened] = sharedCase()
    const posing = write({ ...ben, member: 'ana', device: ana.device }, [opened!])
    expect(details([opened!, posing])).toEqual([
      `team/entries.json ${posing._id} is signed by ben’s key, not ana’s`,
    ])
  })

  it('names two entries claiming one place on a desk’s chain, and an entry of another case', () => {
    const [opened] = sharedCase()
    const one = write(ben, [opened!], caseChanges.noted('one'))
    const other = write(ben, [opened!], caseChanges.noted('other'))
    const elsewhere = writeTeamEntry(ana, 'case_elsewhere', [], caseChanges.created())
    expect(details([opened!, one, other, elsewhere])).toEqual(
      expect.arrayContaining([
        `team/entries.json ${elsewhere._id} belongs to case_elsewhere`,
        `team/entries.json ${one._id} is on a desk chain that split in two`,
      ]),
    )
  })

  it('names a roster whose chain has a gap, and the entries its missing key leaves unvouched', () => {
    const benAgain = testDesk('ben', 3)
    const second = publishDeskKey({ ...benAgain, device: ben.device }, [anaKey, benKey])
    const opened = write(ana, [], caseChanges.created())
    const byNewKey = write({ ...benAgain, device: ben.device }, [opened])
    expect(details([opened, byNewKey], [anaKey, second])).toEqual([
      `team/roster.json ${second._id} follows an entry of its desk the bundle does not hold: its chain has a gap`,
      `team/entries.json ${byNewKey._id} is signed by a key not in the roster`,
    ])
  })

  it('says when the one who signs the bundle published no key in its roster', () => {
    const check = checkTeamEvidence(caseId, sharedCase(), [anaKey], [])
    const keyOf = ({ publicKey, author }: TestDesk) => ({
      publicKey,
      fingerprint: author.fingerprint,
    })
    const eve = testDesk('eve', 9)
    expect(signerAgainstTeam(keyOf(ana), check.keyOwners)).toBeNull()
    expect(signerAgainstTeam(keyOf(eve), check.keyOwners)).toBe(
      `is by key ${groupedFingerprint(eve.author.fingerprint)}, which no member of the team published in team/roster.json`,
    )
  })
})
