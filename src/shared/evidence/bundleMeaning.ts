import { z } from 'zod'
import { canonicalJson } from '../cases/canonicalJson'
import { caseOutcomeLabels, caseStateLabels } from '../cases/caseLabels'
import {
  auditEntrySchema,
  caseClosureSchema,
  caseNoteSchema,
  type AuditEntry,
  caseStateSchema,
  hitDecisionSchema,
  type CaseClosure,
} from '../cases/caseSchemas'
import {
  entriesByOtherKeys,
  outcomeAllowsDecision,
  openHitsSentence,
  tallyReview,
} from '../cases/caseRules'
import { decisionsOfCase } from '../cases/caseReview'
import { replayTrail, type ReplayedCase } from '../cases/replayTrail'
import { untrustedRestoreIn } from '../cases/untrustedRestore'
import { groupedFingerprint } from '../identity/investigator'
import { readBundleChecks } from './bundleChecks'
import {
  bundlePaths,
  notesHeldToTrailFrom,
  sharedCaseEvidenceFormat,
  type BundleManifest,
} from './bundleFormat'
import { compareWithTeam } from './sharedCaseMeaning'
import type { ExportedCheckSummary } from './checkSummary'
import { caseNumberProblem } from './caseFile'
import { checkReport } from './reportMeaning'
import { checkHitsCsv } from './hitsCsvMeaning'
import { decisionLabel, decisionSubject, meaningProblem, readPart } from './meaningProblems'
import type { BundleProblem } from './bundleProblems'
import { layoutOfBundle } from './bundleLayout'
import { decisionsAgainstTrail, differingFields, notesAgainstTrail } from './trailAgreement'

/** What the meaning checks read of case.json; the manifest check covers the rest. */
const caseFileSchema = z.object({
  id: z.string(),
  caseNumber: z.string().optional(),
  state: caseStateSchema,
  closure: caseClosureSchema.optional(),
})

const closureText = (closure: CaseClosure | undefined): string =>
  closure ? `closed as ${caseOutcomeLabels[closure.outcome].toLowerCase()}` : 'not closed'

function compareCase(
  caseFile: z.infer<typeof caseFileSchema>,
  trail: readonly AuditEntry[],
  replayed: ReplayedCase,
  problems: BundleProblem[],
): void {
  const say = (detail: string) => problems.push(meaningProblem(bundlePaths.case, detail))
  const wrongNumber = caseNumberProblem(caseFile)
  if (wrongNumber) say(wrongNumber)
  if (trail.some((entry) => entry.caseId !== caseFile.id)) {
    say(`is case ${caseFile.id}, the audit trail holds entries of another case`)
  }
  if (replayed.state !== null && caseFile.state !== replayed.state) {
    say(
      `says the case is ${caseStateLabels[caseFile.state].toLowerCase()}, the audit trail says ${caseStateLabels[replayed.state].toLowerCase()}`,
    )
  } else if (caseFile.closure?.outcome !== replayed.closure?.outcome) {
    say(
      `says the case is ${closureText(caseFile.closure)}, the audit trail says ${closureText(replayed.closure)}`,
    )
  } else if (canonicalJson(caseFile.closure) !== canonicalJson(replayed.closure)) {
    const fields = differingFields(caseFile.closure, replayed.closure)
    say(`differs from the audit trail on the case's closure (${fields.join(', ')})`)
  }
}

/**
 * The trail's actors are the signer: a bundle of a case of this computer speaks for the one who
 * signed it, so every entry that names an actor must name the signer's key. (Entries written
 * before actors were recorded name none; they hash as they always did.) A shared case's entries
 * carry their own authors' signatures instead (`compareWithTeam`).
 */
function compareActors(
  trail: readonly AuditEntry[],
  signer: BundleManifest['signer'],
  problems: BundleProblem[],
): void {
  if (!signer) return
  const byKey = new Map<string, AuditEntry[]>()
  for (const entry of entriesByOtherKeys(trail, signer.fingerprint)) {
    const key = entry.actor?.fingerprint ?? ''
    byKey.set(key, [...(byKey.get(key) ?? []), entry])
  }
  const named = (entry: AuditEntry) => `entry ${entry.seq} (${entry.action})`
  for (const [fingerprint, entries] of byKey) {
    const [first] = entries
    const who =
      entries.length === 1 && first
        ? `${named(first)} names`
        : `${entries.length} entries (${entries.slice(0, 3).map(named).join(', ')}${entries.length > 3 ? ', …' : ''}) name`
    problems.push(
      meaningProblem(
        bundlePaths.auditTrail,
        `${who} key ${groupedFingerprint(fingerprint)} as actor, the bundle is signed by key ${groupedFingerprint(signer.fingerprint)}`,
      ),
    )
  }
}

/** A closed case obeys the case rules as the trail leaves it: the outcome and the open hits. */
function compareClosure(
  replayed: ReplayedCase,
  checks: readonly ExportedCheckSummary[] | undefined,
  caseId: string,
  problems: BundleProblem[],
): void {
  const closure = replayed.closure
  if (replayed.state !== 'closed' || !closure) return
  for (const decision of replayed.decisions.values()) {
    if (outcomeAllowsDecision(closure.outcome, decision.decision)) continue
    problems.push(
      meaningProblem(
        bundlePaths.case,
        `the case closed as ${caseOutcomeLabels[closure.outcome].toLowerCase()} while ${decisionSubject(decision)} is a confirmed ${decisionLabel(decision.decision)}`,
      ),
    )
  }
  if (!checks || closure.undecidedHitsReason) return
  // The app's rule, whatever the bundle's age: an earlier check of a wallet is its history, not
  // hits to decide. Bundles closed under the earlier rule (every check's hits) hold under this one.
  const open = openHitsSentence(
    tallyReview(checks, (check) => check.hits, decisionsOfCase(replayed.decisions, caseId)),
  )
  if (open) {
    problems.push(
      meaningProblem(bundlePaths.case, `the case closed while ${open}, without saying why`),
    )
  }
}

/**
 * What a bundle says must be what its raw answers and its audit trail say: every check.json,
 * hits.csv and report.html say of each check what its response.raw says; decisions.json and
 * hits.csv hold the decisions the trail arrives at, notes.json the notes it added, case.json the
 * state it ends in, and the case obeys the case rules. Each file may match its manifest line and
 * still lie, when the line was recomputed after the edit; the trail's entries are chained, so one of them cannot be changed
 * without rewriting every entry after it, and each names the signer as its actor.
 */
export function checkBundleMeaning(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: BundleManifest,
  problems: BundleProblem[],
): void {
  const checks = readBundleChecks(files, problems)
  const trailBytes = files.get(bundlePaths.auditTrail)
  if (!trailBytes) {
    problems.push(
      meaningProblem(
        bundlePaths.auditTrail,
        'is not in the bundle, so nothing can be checked against it',
      ),
    )
    return
  }
  // An unreadable trail is the audit-trail check's to report; there is nothing to replay.
  let trailJson: unknown
  try {
    trailJson = JSON.parse(new TextDecoder().decode(trailBytes))
  } catch {
    return
  }
  const trail = z.array(auditEntrySchema).safeParse(trailJson)
  if (!trail.success) return
  const shared = manifest.format === sharedCaseEvidenceFormat
  const team = shared ? compareWithTeam(files, manifest, trail.data, problems) : null
  if (!shared) compareActors(trail.data, manifest.signer, problems)
  // Restored untrusted data is never the signer's own, whoever restored it (see untrustedRestore).
  const restore = untrustedRestoreIn(trail.data)
  if (restore) {
    problems.push(
      meaningProblem(
        bundlePaths.auditTrail,
        `${restore}: its history is not the signer's to vouch for`,
      ),
    )
  }
  const replayed = replayTrail(trail.data)
  for (const entry of replayed.unreadable) {
    problems.push(meaningProblem(bundlePaths.auditTrail, `cannot be replayed: ${entry}`))
  }

  const caseFile = readPart(files, bundlePaths.case, caseFileSchema, problems)
  if (caseFile) compareCase(caseFile, trail.data, replayed, problems)
  const caseId = trail.data[0]?.caseId
  if (caseId !== undefined) compareClosure(replayed, checks, caseId, problems)

  const decisions = readPart(files, bundlePaths.decisions, z.array(hitDecisionSchema), problems)
  for (const detail of decisions ? decisionsAgainstTrail(decisions, replayed.decisions) : []) {
    problems.push(meaningProblem(bundlePaths.decisions, detail))
  }
  const layout = layoutOfBundle(manifest, files)
  // Earlier exporters signed notes the trail never added (their test fixtures did), so a bundle
  // is held to its trail's notes from the layout whose exporter refuses any other.
  if (layout !== undefined && layout >= notesHeldToTrailFrom) {
    const notes = readPart(files, bundlePaths.notes, z.array(caseNoteSchema), problems)
    for (const detail of notes ? notesAgainstTrail(notes, trail.data) : []) {
      problems.push(meaningProblem(bundlePaths.notes, detail))
    }
  }
  if (!checks) return
  if (layout === undefined) {
    problems.push(
      meaningProblem(
        bundlePaths.manifest,
        `names report layout ${manifest.reportLayout}, which this version of Compliance Desk does not know (a later one made the bundle), so ${bundlePaths.hitsCsv} and ${bundlePaths.report} cannot be checked`,
      ),
    )
    return
  }
  if (caseId !== undefined)
    checkHitsCsv(files, checks, caseId, replayed.decisions, layout, problems)
  checkReport(files, manifest, checks, team, problems)
}
