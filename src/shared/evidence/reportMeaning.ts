import { z } from 'zod'
import { exportedEntitySchema } from '../bridge/evidenceContract'
import { verifyAuditChain } from '../cases/auditChain'
import { auditEntrySchema, caseNoteSchema, hitDecisionSchema } from '../cases/caseSchemas'
import { decisionOnHit } from '../cases/checkHits'
import { escapeForDisplay } from '../text/escapeForDisplay'
import { bundlePaths, type BundleManifest } from './bundleFormat'
import { caseFileSchema, caseRecordOfFile } from './caseFile'
import type { BundleProblem } from './bundleProblems'
import { layoutOfBundle } from './bundleLayout'
import type { ExportedCheckSummary } from './checkSummary'
import { meaningProblem } from './meaningProblems'
import { renderReportHtml } from './reportHtml'

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

/**
 * The report the exporter writes for these files: the same rendering of the case, its checks as
 * their raw answers give them, the decisions, entities, notes and trail, under the manifest's
 * time, signer and version, in the bundle's layout. A path instead when a file it needs cannot be
 * read (the manifest's when it names a layout this version does not know).
 */
export function reportOfBundle(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BundleManifest,
  checks: readonly ExportedCheckSummary[],
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
      ...(manifest.team ? { team: manifest.team } : {}),
    },
    layout,
  )
  return { report }
}

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
  problems: BundleProblem[],
): void {
  const say = (detail: string) => problems.push(meaningProblem(bundlePaths.report, detail))
  const bytes = files.get(bundlePaths.report)
  if (!bytes) {
    say('is not in the bundle, so it cannot be checked')
    return
  }
  const expected = reportOfBundle(files, manifest, checks)
  if ('unreadable' in expected) {
    say(`cannot be checked: ${expected.unreadable} is not as Compliance Desk writes it`)
    return
  }
  const found = new TextDecoder().decode(bytes)
  if (found !== expected.report) {
    say(`does not say what the bundle's files say: ${firstDifference(found, expected.report)}`)
  }
}
