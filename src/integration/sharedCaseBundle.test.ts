import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hitsOf } from '../shared/cases/checkHits'
import type { AuditEntry } from '../shared/cases/caseSchemas'
import {
  bundlePaths,
  sharedCaseEvidenceFormat,
  type BundleManifest,
} from '../shared/evidence/bundleFormat'
import { verifyBundle, type BundleProblem } from '../shared/evidence/verifyBundle'
import { groupedFingerprint } from '../shared/identity/investigator'
import { idOfTeamEntry, type TeamEntryDocument } from '../shared/team/teamEntry'
import { addNote, decideHit } from '../renderer/src/data/cases/caseRepository'
import { exportCase } from '../renderer/src/data/cases/caseExport'
import { shareCase, syncSharedCases } from '../renderer/src/data/cases/sharedCases'
import { sampleWallets } from '../shared/records/sampleWallets'
import { editJson, forgeBundle, strangerKey, tamperBundle } from '../test-support/bundleTampering'
import { downloadedBundle } from '../test-support/evidenceFixtures'
import { publishDeskKey, testDesk } from '../test-support/teamDesks'
import {
  caseWithCheck,
  teamOfTwo,
  type TeamDeskOnSandbox,
  type TeamOfTwo,
} from '../test-support/teamDeskOnSandbox'

const database = 'team'
const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
const replicated = { timeout: 15_000, interval: 100 }

const entriesOf = (bundle: Uint8Array): TeamEntryDocument[] => {
  let entries: TeamEntryDocument[] = []
  tamperBundle(bundle, (files) => {
    entries = JSON.parse(strFromU8(files[bundlePaths.teamEntries]!)) as TeamEntryDocument[]
  })
  return entries
}

const problemsOf = (bundle: Uint8Array, expectedSigner?: string): BundleProblem[] =>
  verifyBundle(bundle, { expectedSigner }).problems

/**
 * A case two investigators wrote in, exported by one of them through the page and the main side:
 * the bundle carries each author's entries as they signed them, and the verifier holds each one
 * to its author's key in the roster the bundle carries.
 */
describe('the evidence bundle of a shared case', () => {
  let team: TeamOfTwo | undefined
  let ana: TeamDeskOnSandbox
  let ben: TeamDeskOnSandbox
  let bundle: Uint8Array
  let bensEntries: TeamEntryDocument[]
  let caseId: string
  const stranger = strangerKey()

  beforeAll(async () => {
    team = await teamOfTwo(database)
    ;({ ana, ben } = team)

    const opened = await caseWithCheck(ana, wallet, 'Wallet of a new customer')
    caseId = opened.caseId
    const { result, stored } = opened
    const [first, second] = hitsOf(result.check)
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
    await shareCase(ana.db, caseId)
    await vi.waitFor(async () => {
      await syncSharedCases(ben.db)
      expect((await ben.db.cases.get(caseId))?.checkIds).toHaveLength(1)
    }, replicated)
    await decideHit(ben.db, ben.actor, caseId, {
      check,
      hit: second!,
      decision: 'false_positive',
      rationale: 'Another chain than the customer’s.',
    })
    await addNote(ben.db, ben.actor, caseId, 'Checked with the exchange.')
    await vi.waitFor(async () => {
      await syncSharedCases(ana.db)
      expect(await ana.db.auditEntries.where('caseId').equals(caseId).count()).toBe(5)
    }, replicated)

    bundle = downloadedBundle(ana.main, await exportCase(ana.db, ana.call, caseId))
    bensEntries = entriesOf(bundle).filter((entry) => entry.member === 'ben')
  }, 90_000)

  afterAll(() => team?.stop())

  it('verifies, in format 2, naming both authors with their keys, and its report names them', () => {
    const verified = verifyBundle(bundle, { expectedSigner: ana.actor.fingerprint })
    expect(verified.problems).toEqual([])
    expect(verified.ok).toBe(true)
    const manifest = verified.manifest!
    expect(manifest.format).toBe(sharedCaseEvidenceFormat)
    expect(manifest.team?.entries).toBe(5)
    expect(manifest.team?.authors).toEqual([
      { member: 'ana', author: ana.actor, entries: 3 },
      { member: 'ben', author: ben.actor, entries: 2 },
    ])
    expect(bensEntries.map((entry) => entry.action)).toEqual(['hit-decided', 'note-added'])
    const report = strFromU8(verified.files.get(bundlePaths.report)!)
    for (const desk of [ana, ben]) {
      expect(report).toContain(`${desk.actor.name} <span class="actor">`)
      expect(report).toContain(groupedFingerprint(desk.actor.fingerprint))
    }
    expect(report).toContain('team member ben')
    expect(report).toContain('written by 2 members (ana, ben)')
  })

  it('is printed by npm run verify-bundle with every author', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cd-shared-bundle-')), 'shared.zip')
    writeFileSync(path, bundle)
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(process.cwd(), 'scripts/verifyBundle.ts'), path],
      { encoding: 'utf8' },
    )
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(
      `Author: ben, Investigator ben <ben@example.org>, Example Compliance; key ${groupedFingerprint(ben.actor.fingerprint)}; 2 entries`,
    )
    expect(run.stdout).toContain(
      `Author: ana, Investigator ana <ana@example.org>, Example Compliance; key ${groupedFingerprint(ana.actor.fingerprint)}; 3 entries`,
    )
  })

  it('fails, naming the entry, when an entry says what its author did not sign', () => {
    const edited = tamperBundle(
      bundle,
      (files) =>
        editJson<TeamEntryDocument[]>(files, bundlePaths.teamEntries, (entries) => {
          const decision = entries.find((entry) => entry._id === bensEntries[0]!._id)!
          decision.after = { ...(decision.after as object), decision: 'true_match' }
        }),
      stranger,
    )
    expect(problemsOf(edited)).toContainEqual({
      kind: 'meaning',
      path: bundlePaths.teamEntries,
      detail: `${bensEntries[0]!._id} was changed after it was signed`,
    })
  })

  it('fails, naming the gap, when an entry is dropped from its author’s chain', () => {
    const dropped = tamperBundle(
      bundle,
      (files) =>
        editJson<TeamEntryDocument[]>(files, bundlePaths.teamEntries, (entries) => {
          entries.splice(
            entries.findIndex((entry) => entry._id === bensEntries[0]!._id),
            1,
          )
        }),
      stranger,
    )
    expect(problemsOf(dropped)).toContainEqual({
      kind: 'meaning',
      path: bundlePaths.teamEntries,
      detail: `${bensEntries[1]!._id} follows an entry of its desk the bundle does not hold: its chain has a gap`,
    })
  })

  it('fails, naming each entry, when the roster gives an author another key', () => {
    const swapped = tamperBundle(
      bundle,
      (files) =>
        editJson<TeamEntryDocument[]>(files, bundlePaths.teamRoster, (roster) => {
          const at = roster.findIndex((entry) => entry.member === 'ben')
          // Self-signed and well formed: only its key is not the one Ben's entries carry.
          roster[at] = publishDeskKey({ ...testDesk('ben', 9), device: roster[at]!.device })
        }),
      stranger,
    )
    for (const entry of bensEntries) {
      expect(problemsOf(swapped)).toContainEqual({
        kind: 'meaning',
        path: bundlePaths.teamEntries,
        detail: `${idOfTeamEntry(entry)} is signed by a key not in the roster`,
      })
    }
  })

  it('fails when its trail names another actor than the entry’s author', () => {
    const forged = forgeBundle(
      bundle,
      (files) =>
        editJson<AuditEntry[]>(files, bundlePaths.auditTrail, (trail) => {
          trail[3] = { ...trail[3]!, actor: ana.actor }
        }),
      stranger,
      { keepActors: true },
    )
    expect(problemsOf(forged)).toContainEqual({
      kind: 'meaning',
      path: bundlePaths.auditTrail,
      detail: `entry 4 (hit-decided) names key ${groupedFingerprint(ana.actor.fingerprint)} as actor, its team entry ${bensEntries[0]!._id} is signed by ben's key ${groupedFingerprint(ben.actor.fingerprint)}`,
    })
  })

  it('fails when the manifest is signed again by a key no member published', () => {
    // Its report rendered again under the new signer: the signature is all that changed.
    const resigned = forgeBundle(bundle, () => undefined, stranger, { keepActors: true })
    expect(problemsOf(resigned)).toEqual([
      {
        kind: 'meaning',
        path: bundlePaths.signature,
        detail: `is by key ${groupedFingerprint(stranger.signer.fingerprint)}, which no member of the team published in ${bundlePaths.teamRoster}`,
      },
    ])
    expect(problemsOf(resigned, ana.actor.fingerprint)).toContainEqual(
      expect.objectContaining({ kind: 'signer', path: bundlePaths.signature }),
    )
  })

  it('fails when its manifest leaves an author out', () => {
    const hidden = tamperBundle(
      bundle,
      (files) =>
        editJson<BundleManifest>(files, bundlePaths.manifest, (manifest) => {
          manifest.team!.authors = manifest.team!.authors.filter(({ member }) => member !== 'ben')
        }),
      stranger,
    )
    expect(problemsOf(hidden)).toContainEqual({
      kind: 'meaning',
      path: bundlePaths.manifest,
      detail: `names the authors ana (3), ${bundlePaths.teamEntries} is signed by ana (3), ben (2)`,
    })
  })

  it('fails as format 1, whose trail may name only the signer', () => {
    const downgraded = tamperBundle(
      bundle,
      (files) =>
        editJson<BundleManifest>(files, bundlePaths.manifest, (manifest) => {
          manifest.format = 'compliance-desk-evidence/1'
        }),
      stranger,
    )
    expect(problemsOf(downgraded)).toContainEqual(
      expect.objectContaining({
        path: bundlePaths.auditTrail,
        detail: expect.stringContaining(
          `key ${groupedFingerprint(ben.actor.fingerprint)} as actor`,
        ) as string,
      }),
    )
  })

  it(
    'exports again with the first export on the trail as its exporter’s signed entry, and not while the page lags behind the team',
    { timeout: 30_000 },
    async () => {
      const again = downloadedBundle(ana.main, await exportCase(ana.db, ana.call, caseId))
      const verified = verifyBundle(again)
      expect(verified.problems).toEqual([])
      expect(
        entriesOf(again)
          .map((entry) => [entry.member, entry.action])
          .at(-1),
      ).toEqual(['ana', 'exported'])

      await addNote(ben.db, ben.actor, caseId, 'The exchange answered.')
      await vi.waitFor(async () => {
        const { entries } = await ana.call('team.readCase', { caseId })
        expect(entries).toHaveLength(8)
      }, replicated)
      await expect(exportCase(ana.db, ana.call, caseId)).rejects.toThrow(
        /^This case's trail here is not yet what the team's entries say \(audit-trail\.json ends at entry 7, team\/entries\.json goes on with 1 more, from entry:.*:ben:.*\): it changed while it was being exported\./,
      )
      await syncSharedCases(ana.db)
      const caughtUp = downloadedBundle(ana.main, await exportCase(ana.db, ana.call, caseId))
      expect(verifyBundle(caughtUp).ok).toBe(true)
    },
  )
})
