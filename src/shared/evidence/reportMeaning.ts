import { z } from 'zod'
import { exportedEntitySchema } from '../bridge/evidenceContract'
import { verifyAuditChain } from '../cases/auditChain'
import { auditEntrySchema, caseNoteSchema, hitDecisionSchema } from '../cases/caseSchemas'
import { decisionOnHit } from '../cases/checkHits'
import { escapeForDisplay } from '../text/escapeForDisplay'
import { bundlePaths, sharedCaseEvidenceFormat, type BundleManifest } from './bundleFormat'
import { caseFileSchema, caseRecordOfFile } from './caseFile'
import type { BundleProblem } from './bundleProblems'
import { layoutOfBundle } from './bundleLayout'
import type { ExportedCheckSummary } from './checkSummary'
import { meaningProblem } from './meaningProblems'
import { oneDeskReview, type CloseReview } from './closeReview'
import type { ReportTeam } from './reportFourEyes'
import { renderReportHtml } from './reportHtml'
import { checkTeamEvidence, type TeamEvidenceCheck } from './teamEvidence'

const parts = {
  caseFile: [bundlePaths.case, caseFileSchema],
  entities: [bundlePaths.entities, z.array(exportedEntitySchema)],
  notes: [bundlePaths.notes, z.array(caseNoteSchema)],
  decisions: [bundlePaths.decisions, z.array(hitDecisionSchema)],
  auditTrail: [bundlePaths.auditTrail, z.array(auditEntrySchema)],
} as const

function readPart<T>(files: ReadonlyMap<string, Uint8Array>, path: string, schema: z.ZodType<T>) {
  const bytes = files.get(path)
  if (!bytes) return undefined
  try {
    const parsed = schema.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** A shared case's entries and roster as the bundle holds them, judged by its stated admins. */
function teamOfBundle(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BundleManifest,
): TeamEvidenceCheck | null {
  if (manifest.format !== sharedCaseEvidenceFormat) return null
  const entries = readPart(files, bundlePaths.teamEntries, z.array(z.unknown()))
  const roster = readPart(files, bundlePaths.teamRoster, z.array(z.unknown()))
  if (!entries || !roster) return null
  return checkTeamEvidence(manifest.case.id, entries, roster, manifest.team?.admins ?? [])
}

/**
 * The report the exporter writes for these files: the same rendering of the case, its checks as
 * their raw answers give them, the decisions, entities, notes and trail, under the manifest's
 * time, signer and version, in the bundle's layout; for a shared case, its authors, the admins
 * the manifest states, and how its close was reviewed as the bundle's entries and roster show it.
 * A path instead when a file it needs cannot be read (the manifest's when it names a layout this
 * version does not know). `team` is the shared case's evidence when the caller has read it already.
 */
export function reportOfBundle(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BundleManifest,
  checks: readonly ExportedCheckSummary[],
  team: TeamEvidenceCheck | null = teamOfBundle(files, manifest),
): { report: string } | { unreadable: string } {
  const caseFile = readPart(files, ...parts.caseFile)
  const entities = readPart(files, ...parts.entities)
  const notes = readPart(files, ...parts.notes)
  const decisions = readPart(files, ...parts.decisions)
  const auditTrail = readPart(files, ...parts.auditTrail)
  if (!caseFile) return { unreadable: bundlePaths.case }
  if (!entities) return { unreadable: bundlePaths.entities }
  if (!notes) return { unreadable: bundlePaths.notes }
  if (!decisions) return { unreadable: bundlePaths.decisions }
  if (!auditTrail) return { unreadable: bundlePaths.auditTrail }
  const layout = layoutOfBundle(manifest, files)
  if (!manifest.signer || layout === undefined) return { unreadable: bundlePaths.manifest }
  const caseRecord = caseRecordOfFile(caseFile)
  const byId = new Map(decisions.map((decision) => [decision.id, decision]))
  const report = renderReportHtml(
    {
      createdAt: manifest.createdAt,
      signer: manifest.signer,
      appVersion: manifest.exporter.appVersion,
      caseRecord,
      checks,
      decisionOf: (checkId, hit) => decisionOnHit(byId, caseRecord.id, checkId, hit),
      entities,
      notes,
      auditTrail,
      auditCheck: verifyAuditChain(auditTrail),
      ...(manifest.team ? { team: reportTeamOf(manifest.team, team) } : {}),
      closeReview: team?.closeReview ?? null,
    },
    layout,
  )
  return { report }
}

/**
 * How the close a bundle's case stands closed by was reviewed, as its report says it: by the
 * entries and roster of a shared case, or for a case of no team, that nobody else could review
 * it. Null when the case is not closed, or its team's files cannot be read.
 */
export function closeReviewOfBundle(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BundleManifest,
): CloseReview | null {
  if (!manifest.case.closure) return null
  if (manifest.format !== sharedCaseEvidenceFormat) return oneDeskReview
  return teamOfBundle(files, manifest)?.closeReview ?? null
}

/** What the report says of a shared case's team: the manifest's words, the entries' ids. */
export const reportTeamOf = (
  { authors, admins }: NonNullable<BundleManifest['team']>,
  team: Pick<TeamEvidenceCheck, 'replay'> | null,
): ReportTeam => ({
  authors,
  ...(admins ? { admins } : {}),
  ...(team ? { entryIds: team.replay.entryIds } : {}),
})

/** The first place two texts differ, as a line number and a short stretch of each around it. */
function firstDifference(found: string, expected: string): string {
  let at = 0
  while (at < found.length && found[at] === expected[at]) at += 1
  const line = found.slice(0, at).split('\n').length
  const around = (text: string) =>
    escapeForDisplay(text.slice(Math.max(0, at - 30), at + 50)).replace(/\s+/g, ' ')
  return `line ${line} reads “…${around(found)}…” where the bundle's files give “…${around(expected)}…”`
}

/**
 * report.html is what a reviewer reads, so it must say exactly what the rest of the bundle says,
 * the checks as their raw answers give them: it is rendered again and compared byte for byte.
 */
export function checkReport(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BundleManifest,
  checks: readonly ExportedCheckSummary[],
  team: TeamEvidenceCheck | null,
  problems: BundleProblem[],
): void {
  const say = (detail: string) => problems.push(meaningProblem(bundlePaths.report, detail))
  const bytes = files.get(bundlePaths.report)
  if (!bytes) {
    say('is not in the bundle, so it cannot be checked')
    return
  }
  const expected = reportOfBundle(files, manifest, checks, team)
  if ('unreadable' in expected) {
    say(`cannot be checked: ${expected.unreadable} is not as Compliance Desk writes it`)
    return
  }
  const found = new TextDecoder().decode(bytes)
  if (found !== expected.report) {
    say(`does not say what the bundle's files say: ${firstDifference(found, expected.report)}`)
  }
}
