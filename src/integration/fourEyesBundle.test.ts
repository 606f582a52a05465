import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hitsOf } from '../shared/cases/checkHits'
import { bundlePaths } from '../shared/evidence/bundleFormat'
import { verifyBundle } from '../shared/evidence/verifyBundle'
import type { TeamEntryDocument } from '../shared/team/teamEntry'
import { sampleWallets } from '../shared/records/sampleWallets'
import { closeCase, decideHit, reopenCase } from '../renderer/src/data/cases/caseRepository'
import { exportCase } from '../renderer/src/data/cases/caseExport'
import { shareCase, syncSharedCases } from '../renderer/src/data/cases/sharedCases'
import { downloadedBundle } from '../test-support/evidenceFixtures'
import {
  forgedWithoutTeamEntry,
  teamStranger,
  withoutTeamEntry,
} from '../test-support/teamBundleTampering'
import {
  caseWithCheck,
  sharedTrueMatch,
  teamOfTwo,
  type TeamDeskOnSandbox as Desk,
  type TeamOfTwo,
} from '../test-support/teamDeskOnSandbox'

const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
/** Replication on a loaded 2-core machine takes seconds, not the poll's default 1 s. */
const replicated = { timeout: 15_000, interval: 100 }
const closing = {
  outcome: 'risk_confirmed',
  reason: 'The wallet is listed.',
  undecidedHitsReason: 'The listing settles it.',
} as const

const entriesOf = (bundle: Uint8Array): TeamEntryDocument[] =>
  JSON.parse(strFromU8(unzipSync(bundle)[bundlePaths.teamEntries]!)) as TeamEntryDocument[]

const reportOf = (bundle: Uint8Array): string => strFromU8(unzipSync(bundle)[bundlePaths.report]!)

/** `npm run verify-bundle` on the bundle, as a reviewer runs it. */
function verifyOnCommandLine(bundle: Uint8Array): { status: number | null; stdout: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'cd-four-eyes-')), 'bundle.zip')
  writeFileSync(path, bundle)
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', join(process.cwd(), 'scripts/verifyBundle.ts'), path],
    { encoding: 'utf8' },
  )
}

const keptOn = async (desk: Desk, caseId: string) => {
  await syncSharedCases(desk.db)
  return desk.db.teamCases.get(caseId)
}

/**
 * A real four-eyes close on two desks and the team server: ana decides a true match and asks to
 * close, ben (whom ana, a team admin, made a reviewer) approves, ana closes and exports through
 * the main side's exporter. The bundle carries the rule: it verifies naming ben as the approver,
 * and without the approval entry it fails by the rule, even re-signed by a forger.
 */
describe('the four-eyes rule in the evidence bundle of a shared case', () => {
  let team: TeamOfTwo | undefined
  let ana: Desk
  let ben: Desk
  let bundle: Uint8Array
  let approval: string
  let close: TeamEntryDocument

  beforeAll(async () => {
    team = await teamOfTwo('team')
    ;({ ana, ben } = team)
    const { caseId } = await sharedTrueMatch(ana, wallet, 'Listed wallet')
    // Ben's key reaches ana's roster by replication: only then can she give him a role.
    await vi.waitFor(async () => {
      const view = await ana.call('team.view', {})
      expect(view.joined && view.roster.map(({ member }) => member)).toContain('ben')
    }, replicated)
    await ana.call('team.setRoles', { member: 'ben', roles: ['investigator', 'reviewer'] })
    const { entryId: request } = await ana.call('team.requestReview', {
      caseId,
      outcome: closing.outcome,
      reason: 'The wallet is listed.',
    })
    await vi.waitFor(async () => {
      const { waitingForMyReview } = await ben.call('team.reviewQueue', {})
      expect(waitingForMyReview).toEqual({ count: 1, caseIds: [caseId] })
    }, replicated)
    ;({ entryId: approval } = await ben.call('team.approve', { caseId, request }))
    await vi.waitFor(async () => {
      expect((await keptOn(ana, caseId))?.closeVerdict?.may).toBe(true)
    }, replicated)
    await closeCase(ana.db, ana.actor, caseId, closing)

    bundle = downloadedBundle(ana.main, await exportCase(ana.db, ana.call, caseId))
    close = entriesOf(bundle).findLast((entry) => entry.action === 'closed')!
  }, 120_000)

  afterAll(() => team?.stop())

  const approvedBy =
    /Approved by Investigator ben \(ben\), a second reviewer, at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; closed by Investigator ana \(ana\)\./

  it('verifies, stating the admins, and its report names who approved the close', () => {
    const verified = verifyBundle(bundle, { expectedSigner: ana.actor.fingerprint })
    expect(verified.problems).toEqual([])
    expect(verified.ok).toBe(true)
    expect(verified.manifest?.team?.admins).toEqual(['ana'])
    const roster = JSON.parse(
      strFromU8(verified.files.get(bundlePaths.teamRoster)!),
    ) as TeamEntryDocument[]
    expect(roster.map(({ member, action }) => [member, action])).toContainEqual([
      'ana',
      'member-roles-set',
    ])
    const report = reportOf(bundle)
    expect(report).toMatch(approvedBy)
    expect(report).toContain('Approved the close requested by Investigator ana (ana)')
  })

  it('is printed by npm run verify-bundle with the admins and who approved', () => {
    const run = verifyOnCommandLine(bundle)
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(
      "Team admins: ana (as the signer states the team server's configuration names them)",
    )
    expect(run.stdout).toMatch(new RegExp(`Second review: ${approvedBy.source}`))
  })

  const breach = (): unknown =>
    expect.objectContaining({
      kind: 'meaning',
      path: bundlePaths.teamEntries,
      detail: expect.stringMatching(
        new RegExp(
          `^${close._id} closes the case without an approval by a second reviewer made after its last change\\. Because 1 hit is a confirmed true match, .*: Investigator ana \\(ana\\) asked for a review and no reviewer has approved it yet\\.$`,
        ),
      ) as string,
    })

  it('fails without its approval entry, the signature broken too', () => {
    const verified = verifyBundle(withoutTeamEntry(bundle, approval))
    expect(verified.ok).toBe(false)
    expect(verified.signature.status).toBe('invalid')
    expect(verified.problems).toContainEqual(breach())
  })

  it('fails without its approval entry by the rule alone when a forger re-signs it, and says so on the command line', () => {
    const forger = teamStranger()
    const forged = forgedWithoutTeamEntry(bundle, approval, forger)
    const verified = verifyBundle(forged)
    expect(verified.signature.status).toBe('valid')
    expect(verified.problems).toEqual([breach()])
    expect(reportOf(forged)).toContain(
      'Closed by Investigator ana (ana) without the second review the four-eyes rule asks for.',
    )

    const run = verifyOnCommandLine(forged)
    expect(run.status).toBe(1)
    expect(run.stdout).toContain(`MEANING team/entries.json ${close._id} closes the case`)
    // The files are what the forger signed: the bundle is not damaged, it records what did not happen.
    expect(run.stdout).toContain(
      'FAILED: 1 problem(s); the bundle is intact as signed, but what it records does not hold.',
    )
  })

  it(
    'refuses to export a case closed alone and then shared, until it is closed again with an approval',
    { timeout: 90_000 },
    async () => {
      const { caseId, result, stored } = await caseWithCheck(ana, wallet, 'Closed before sharing')
      await decideHit(ana.db, ana.actor, caseId, {
        check: {
          localId: stored.localId,
          environment: stored.environment,
          queryKey: stored.queryKey,
        },
        hit: hitsOf(result.check)[0]!,
        decision: 'true_match',
        rationale: 'Listed wallet, same chain.',
      })
      await closeCase(ana.db, ana.actor, caseId, closing)
      await shareCase(ana.db, caseId)
      await expect(exportCase(ana.db, ana.call, caseId)).rejects.toThrow(
        /^This case stands closed without the second review the four-eyes rule asks for \(team\/entries\.json entry:.* closes the case without an approval by a second reviewer made after its last change\. Because 1 hit is a confirmed true match, .*nobody has asked for a review yet\.\), so a bundle of it would not verify\. Reopen the case, ask a reviewer to approve the close, close it again, then export\. Nothing was written\.$/,
      )

      await reopenCase(ana.db, ana.actor, caseId, 'Closed before the team could review it.')
      const { entryId: request } = await ana.call('team.requestReview', {
        caseId,
        outcome: closing.outcome,
        reason: 'The wallet is listed.',
      })
      await expect
        .poll(
          async () => (await ben.call('team.reviewQueue', {})).waitingForMyReview.caseIds,
          replicated,
        )
        .toContain(caseId)
      await ben.call('team.approve', { caseId, request })
      await expect
        .poll(async () => (await keptOn(ana, caseId))?.closeVerdict?.may, replicated)
        .toBe(true)
      await closeCase(ana.db, ana.actor, caseId, closing)
      const again = downloadedBundle(ana.main, await exportCase(ana.db, ana.call, caseId))
      const verified = verifyBundle(again)
      expect(verified.problems).toEqual([])
      expect(reportOf(again)).toMatch(approvedBy)
    },
  )
})
