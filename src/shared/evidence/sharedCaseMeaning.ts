import { z } from 'zod'
import type { AuditEntry } from '../cases/caseSchemas'
import { bundlePaths, type BundleManifest } from './bundleFormat'
import type { BundleProblem } from './bundleProblems'
import { meaningProblem, readPart } from './meaningProblems'
import {
  authorsAgainstTeam,
  breachDetail,
  checkTeamEvidence,
  signerAgainstTeam,
  trailAgainstTeam,
  type TeamEvidenceCheck,
} from './teamEvidence'

/**
 * A bundle of a shared case (format 2) speaks for several authors: each entry of its trail must be
 * a team entry its author signed, with a key the bundle's roster gives to that author's member,
 * every chain of entries whole, and the trail exactly what those entries replay to. The rest of
 * the bundle is then held to the trail as any bundle is. The manifest names every author, and its
 * signer must be a member too. A case that stands closed must have closed as the four-eyes rule
 * allows, judged on the bundle's entries and roster: the entries are signed, so an approval cannot
 * be dropped without leaving a gap in its author's chain or a close the rule refuses.
 *
 * Returns what the team's evidence holds, for the report to be rendered from, or null when it
 * cannot be read.
 */
export function compareWithTeam(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BundleManifest,
  trail: readonly AuditEntry[],
  problems: BundleProblem[],
): TeamEvidenceCheck | null {
  if (!manifest.team) {
    problems.push(
      meaningProblem(
        bundlePaths.manifest,
        `is of a shared case (${manifest.format}) but names no authors`,
      ),
    )
  }
  const entries = readPart(files, bundlePaths.teamEntries, z.array(z.unknown()), problems)
  const roster = readPart(files, bundlePaths.teamRoster, z.array(z.unknown()), problems)
  if (!entries || !roster) return null
  const team = checkTeamEvidence(manifest.case.id, entries, roster, manifest.team?.admins ?? [])
  for (const { path, detail } of team.problems) problems.push(meaningProblem(path, detail))
  if (team.breach) problems.push(meaningProblem(bundlePaths.teamEntries, breachDetail(team.breach)))
  for (const detail of trailAgainstTeam(trail, team)) {
    problems.push(meaningProblem(bundlePaths.auditTrail, detail))
  }
  if (!manifest.team) return team
  const authors = authorsAgainstTeam(manifest.team.authors, team.replay)
  if (authors) problems.push(meaningProblem(bundlePaths.manifest, authors))
  if (manifest.team.entries !== team.replay.entries.length) {
    problems.push(
      meaningProblem(
        bundlePaths.manifest,
        `counts ${manifest.team.entries} team entries, ${bundlePaths.teamEntries} holds ${entries.length}`,
      ),
    )
  }
  const signer = manifest.signer && signerAgainstTeam(manifest.signer, team.keyOwners)
  if (signer) problems.push(meaningProblem(bundlePaths.signature, signer))
  return team
}
