import { randomUUID } from 'node:crypto'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { cryptoCheckOfRaw } from '../../../shared/api/cryptoAnswer'
import type {
  CheckEvidence,
  ExportDelivery,
  ExportedEntity,
  ExportPart,
} from '../../../shared/bridge/evidenceContract'
import { genesisHash, verifyAuditChain } from '../../../shared/cases/auditChain'
import type {
  AuditEntry,
  CaseNote,
  CaseRecord,
  HitDecision,
} from '../../../shared/cases/caseSchemas'
import { decisionOnHit, type HitKeys } from '../../../shared/cases/checkHits'
import {
  bundlePaths,
  checkFolderName,
  currentReportLayout,
  evidenceFormat,
  manifestCaseOf,
  sharedCaseEvidenceFormat,
  type BundleManifest,
} from '../../../shared/evidence/bundleFormat'
import {
  breachDetail,
  checkTeamEvidence,
  signerAgainstTeam,
  trailAgainstTeam,
  type TeamEvidenceCheck,
} from '../../../shared/evidence/teamEvidence'
import { groupedFingerprint, type Signer } from '../../../shared/identity/investigator'
import { entriesByOtherKeys } from '../../../shared/cases/caseRules'
import { replayTrail } from '../../../shared/cases/replayTrail'
import { untrustedRestoreIn } from '../../../shared/cases/untrustedRestore'
import { decisionsAgainstTrail, notesAgainstTrail } from '../../../shared/evidence/trailAgreement'
import { detachedSignature } from '../identity/detachedSignature'
import { ServiceError } from '../serviceError'
import { BundleWriter } from './bundleWriter'
import type { ExportDestination, ExportTarget } from './exportDestination'
import { noSharedCases, type SharedCaseEvidence, type TeamEvidence } from './sharedCaseEvidence'
import {
  parsedCheckFile,
  summariseCheck,
  type ExportedCheckSummary,
} from '../../../shared/evidence/checkSummary'
import { caseFileOf } from '../../../shared/evidence/caseFile'
import { evidenceContradictions } from '../../../shared/evidence/checkEvidenceAgreement'
import { hitsCsv } from '../../../shared/evidence/hitsCsv'
import { caseNumber } from '../../../shared/cases/caseNumber'
import { renderReportHtml } from '../../../shared/evidence/reportHtml'
import { reportTeamOf } from '../../../shared/evidence/reportMeaning'
import { countOf, noun } from '../../../shared/text/counting'

export interface ExportResult {
  delivery: ExportDelivery
  fileName: string
  files: number
  bytes: number
  sha256: string
  signer: Signer
}

/** Who signs bundles: the identity service, or a stand-in in tests and the bench. */
export interface BundleSigning {
  signer(): Promise<{ signer: Signer; key: { sign(message: Uint8Array): string } }>
}

type Signing = Awaited<ReturnType<BundleSigning['signer']>>

interface ExportSession {
  caseRecord: CaseRecord
  signing: Signing
  target: ExportTarget
  writer: BundleWriter
  checks: ExportedCheckSummary[]
  /** The case's linked checks, and those already written. */
  linked: ReadonlySet<string>
  received: Set<string>
  entities: ExportedEntity[]
  notes: CaseNote[]
  decisions: HitDecision[]
  auditTrail: AuditEntry[]
  idleTimer: NodeJS.Timeout
}

/** A shared case's evidence as the team holds it, and what it replays to. */
interface SharedCaseExport {
  evidence: TeamEvidence
  check: TeamEvidenceCheck
}

/** An export left without a call for this long was abandoned (the window closed): it is removed. */
const idleLimitMs = 5 * 60_000

const jsonBytes = (value: unknown): Uint8Array =>
  new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`)

const refuse = (message: string): ServiceError =>
  new ServiceError(bridgeErrorNames.validation, message, {
    status: 400,
    mayHaveReachedService: false,
  })

/**
 * A file-system failure said so that the user knows what to fix; anything else is passed on.
 * `what` names the file ("The bundle"), `again` the way to retry ("export again").
 */
export const asWriteFailure = (
  error: unknown,
  what = 'The bundle',
  again = 'export again',
): unknown => {
  if (error instanceof ServiceError) return error
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (!code) return error
  return new ServiceError(
    bridgeErrorNames.exportWrite,
    `${what} could not be written (${code}). Check that the folder exists, is writable and has free space, then ${again}.`,
    { mayHaveReachedService: false },
  )
}

/**
 * The first way the decisions or notes sent disagree with the trail sent beside them, or null.
 * The renderer hands over all three, but only the trail is hash-chained: the decisions are those
 * its replay arrives at and the notes those it added, as the verifier holds them, or the signed
 * bundle would say what no entry of the case's history says.
 */
function trailDisagreement({ decisions, notes, auditTrail }: ExportSession): string | null {
  const [first, ...more] = [
    ...decisionsAgainstTrail(decisions, replayTrail(auditTrail).decisions).map(
      (detail) => `${bundlePaths.decisions} ${detail}`,
    ),
    ...notesAgainstTrail(notes, auditTrail).map((detail) => `${bundlePaths.notes} ${detail}`),
  ]
  if (first === undefined) return null
  return more.length === 0
    ? first
    : `${first} (and ${countOf(more.length, noun('other disagreement'))})`
}

/**
 * `CD-7K3M-Q9XA Case title 2026-11-22.zip`: the case number first, so a bundle is found by the
 * number people say, with nothing a file system could object to.
 */
export function bundleFileName(caseRecord: CaseRecord, createdAt: Date): string {
  const title = caseRecord.title
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
  return `${caseNumber(caseRecord.id)} ${title || caseRecord.id} ${createdAt.toISOString().slice(0, 10)}.zip`
}

/**
 * Writes case bundles on the main side. The renderer owns the case (it lives in IndexedDB) and
 * sends it in parts; checks are written to the ZIP as they arrive, so memory stays flat however
 * many checks a case holds. Every file's hash and size go into manifest.json, written last.
 */
export class EvidenceExporter {
  private readonly sessions = new Map<string, ExportSession>()
  private readonly now: () => Date
  /** Asked at the end of each export, never the renderer: whether the case is shared, and how. */
  private readonly sharedCases: SharedCaseEvidence

  constructor(
    private readonly destination: ExportDestination,
    private readonly appVersion: string,
    private readonly signing: BundleSigning,
    {
      now = () => new Date(),
      sharedCases = noSharedCases,
    }: { now?: () => Date; sharedCases?: SharedCaseEvidence } = {},
  ) {
    this.now = now
    this.sharedCases = sharedCases
  }

  async begin(caseRecord: CaseRecord): Promise<{ exportId: string }> {
    // Decided here, not only in the renderer: a bundle's signature vouches for the whole trail, and
    // a trail restored from a backup no trusted key signed cannot be vouched for.
    const untrusted = caseRecord.restoredUntrusted
    if (untrusted) {
      throw refuse(
        `This case was restored from an untrusted backup (“${untrusted.fileName}”: ${untrusted.reason}), so it cannot be exported under this computer's signature: its history cannot be vouched for. Nothing was written.`,
      )
    }
    // Before the save dialog: an export that cannot be signed is refused before anything is asked.
    const signing = await this.signing.signer()
    const target = await this.destination.open(bundleFileName(caseRecord, this.now()))
    if (!target) {
      throw new ServiceError(
        bridgeErrorNames.cancelled,
        'The export was cancelled; nothing was written.',
        { mayHaveReachedService: false },
      )
    }
    const exportId = randomUUID()
    const writer = new BundleWriter(target.partialPath)
    this.sessions.set(exportId, {
      caseRecord,
      signing,
      target,
      writer,
      checks: [],
      linked: new Set(caseRecord.checkIds),
      received: new Set(),
      entities: [],
      notes: [],
      decisions: [],
      auditTrail: [],
      idleTimer: this.idleTimer(exportId),
    })
    try {
      await writer.add(bundlePaths.case, jsonBytes(caseFileOf(caseRecord)))
    } catch (error) {
      await this.abort(exportId)
      throw asWriteFailure(error)
    }
    return { exportId }
  }

  async add(exportId: string, part: ExportPart): Promise<{ received: number }> {
    const session = this.session(exportId)
    try {
      switch (part.kind) {
        case 'checks':
          for (const check of part.items) await this.writeCheck(session, check)
          return { received: session.checks.length }
        case 'entities':
          session.entities.push(...part.items)
          return { received: session.entities.length }
        case 'notes':
          session.notes.push(...part.items)
          return { received: session.notes.length }
        case 'decisions':
          session.decisions.push(...part.items)
          return { received: session.decisions.length }
        case 'auditTrail': {
          // The trail is the mark the renderer cannot drop (see untrustedRestore), so a case
          // restored from untrusted data is refused here whatever its record said at `begin`.
          const restore = untrustedRestoreIn(part.items)
          if (restore) {
            throw refuse(
              `This case's audit trail says its history cannot be vouched for: ${restore}. So it cannot be exported under this computer's signature. Nothing was written.`,
            )
          }
          session.auditTrail.push(...part.items)
          return { received: session.auditTrail.length }
        }
      }
    } catch (error) {
      await this.abort(exportId)
      throw asWriteFailure(error)
    }
  }

  async finish(exportId: string): Promise<ExportResult> {
    const session = this.session(exportId)
    try {
      const missing = session.caseRecord.checkIds.filter((id) => !session.received.has(id))
      if (missing.length > 0) {
        throw refuse(
          `${countOf(missing.length, noun('linked check'))} ${missing.length === 1 ? 'was' : 'were'} not sent, so the bundle would be incomplete.`,
        )
      }
      const shared = await this.sharedCase(session)
      if (!shared) this.refuseOtherActors(session)
      const disagreement = trailDisagreement(session)
      if (disagreement) {
        throw refuse(
          `This case's ${disagreement}: a bundle says only what its audit trail says, so nothing was written.`,
        )
      }
      const manifest = jsonBytes(await this.writeSummaries(session, shared))
      await session.writer.add(bundlePaths.manifest, manifest)
      await session.writer.add(
        bundlePaths.signature,
        jsonBytes(detachedSignature(bundlePaths.manifest, manifest, session.signing)),
      )
      const written = await session.writer.finish()
      const delivery = await session.target.deliver()
      this.forget(exportId)
      return {
        delivery,
        fileName: session.target.fileName,
        files: session.writer.files.length,
        bytes: written.bytes,
        sha256: written.sha256,
        signer: session.signing.signer,
      }
    } catch (error) {
      await this.abort(exportId)
      throw asWriteFailure(error)
    }
  }

  async abort(exportId: string): Promise<{ aborted: boolean }> {
    const session = this.sessions.get(exportId)
    if (!session) return { aborted: false }
    this.forget(exportId)
    await session.writer.abort()
    await session.target.discard()
    return { aborted: true }
  }

  /** A case of this computer speaks only for the key that signs it. */
  private refuseOtherActors(session: ExportSession): void {
    const signer = session.signing.signer
    const [foreign, ...more] = entriesByOtherKeys(session.auditTrail, signer.fingerprint)
    if (foreign?.actor) {
      throw refuse(
        `${countOf(more.length + 1, noun('entry', 'entries'))} of this case's audit trail, from entry ${foreign.seq}, ${more.length === 0 ? 'names' : 'name'} the signing key ${groupedFingerprint(foreign.actor.fingerprint)} as actor, not this computer's ${groupedFingerprint(signer.fingerprint)}: a bundle speaks only for the key that signs it, so it would not verify. Nothing was written.`,
      )
    }
  }

  /**
   * A shared case's evidence, read here from the team's entries, or null when the case is not
   * shared. Its entries must hold together and the trail the page sent must be what they replay
   * to, or the bundle would not verify: refused with the words the verifier would use.
   */
  private async sharedCase(session: ExportSession): Promise<SharedCaseExport | null> {
    const { signer } = session.signing
    const evidence = await this.sharedCases.evidenceOf(session.caseRecord.id, signer.publicKey)
    if (!evidence) return null
    const check = checkTeamEvidence(
      session.caseRecord.id,
      evidence.entries,
      evidence.roster,
      evidence.admins,
    )
    const [problem] = check.problems
    if (problem) {
      throw refuse(
        `This case is shared, and what this desk holds of it cannot be vouched for: ${problem.path} ${problem.detail}. Nothing was written.`,
      )
    }
    const signerProblem = signerAgainstTeam(signer, check.keyOwners)
    if (signerProblem) {
      throw refuse(
        `This case is shared, but this computer's signature ${signerProblem.replace(/^is by /, 'uses ')}: join the team again to publish it. Nothing was written.`,
      )
    }
    // The rule travels with the evidence: a close it refuses would fail every verification.
    if (check.breach) {
      throw refuse(
        `This case stands closed without the second review the four-eyes rule asks for (${bundlePaths.teamEntries} ${breachDetail(check.breach)}), so a bundle of it would not verify. Reopen the case, ask a reviewer to approve the close, close it again, then export. Nothing was written.`,
      )
    }
    const [different] = trailAgainstTeam(session.auditTrail, check)
    if (different) {
      throw refuse(
        `This case's trail here is not yet what the team's entries say (${bundlePaths.auditTrail} ${different}): it changed while it was being exported. Wait until the case shows the latest changes, then export again. Nothing was written.`,
      )
    }
    return { evidence, check }
  }

  private session(exportId: string): ExportSession {
    const session = this.sessions.get(exportId)
    if (!session) {
      throw refuse(
        'This export is no longer open (it finished, failed or was left idle). Export again.',
      )
    }
    clearTimeout(session.idleTimer)
    session.idleTimer = this.idleTimer(exportId)
    return session
  }

  private idleTimer(exportId: string): NodeJS.Timeout {
    const timer = setTimeout(() => void this.abort(exportId), idleLimitMs)
    timer.unref()
    return timer
  }

  private forget(exportId: string): void {
    const session = this.sessions.get(exportId)
    if (session) clearTimeout(session.idleTimer)
    this.sessions.delete(exportId)
  }

  /**
   * Writes a check's raw answer and the check read from it here, with the one parser of answers:
   * what the bundle says about a check is what the service sent, whatever the renderer believes.
   * What the renderer says beside it (the identifier, its key, the time) must be what the recorded
   * request sent and the answer echoes, or the check is refused.
   */
  private async writeCheck(session: ExportSession, linked: CheckEvidence): Promise<void> {
    if (!session.linked.has(linked.localId)) {
      throw refuse(`Check ${linked.localId} is not linked to this case.`)
    }
    if (session.received.has(linked.localId)) {
      throw refuse(`Check ${linked.localId} was sent twice.`)
    }
    const raw = Buffer.from(linked.evidence.response.bodyBase64, 'base64')
    const check = cryptoCheckOfRaw(raw)
    if (!check) {
      throw refuse(
        `Check ${linked.localId} has no answer of the service that can be read (HTTP ${linked.evidence.response.status}), so it cannot be signed as evidence. Unlink it, or check the address again.`,
      )
    }
    const contradictions = evidenceContradictions(linked, check)
    if (contradictions.length > 0) {
      throw refuse(
        `Check ${linked.localId} ${contradictions.join('; it ')}. A bundle says only what was sent and answered, so nothing was written.`,
      )
    }
    const exported = { ...linked, check }
    const folder = checkFolderName(session.checks.length + 1, check.id)
    const summary = summariseCheck(exported, folder)
    await session.writer.add(bundlePaths.rawResponse(summary.folder), raw)
    const rawSha256 = session.writer.files[session.writer.files.length - 1]?.sha256 ?? ''
    await session.writer.add(
      bundlePaths.parsedCheck(summary.folder),
      jsonBytes(parsedCheckFile(exported, rawSha256)),
    )
    session.received.add(linked.localId)
    session.checks.push(summary)
  }

  /** Writes every file after the checks and returns the manifest that lists them all. */
  private async writeSummaries(
    session: ExportSession,
    shared: SharedCaseExport | null,
  ): Promise<BundleManifest> {
    const { caseRecord, writer } = session
    const createdAt = this.now().toISOString()
    const decisions = new Map(session.decisions.map((decision) => [decision.id, decision]))
    const decisionOf = (checkId: string, hit: HitKeys) =>
      decisionOnHit(decisions, caseRecord.id, checkId, hit)
    const auditCheck = verifyAuditChain(session.auditTrail)
    await writer.add(bundlePaths.entities, jsonBytes(session.entities))
    await writer.add(bundlePaths.notes, jsonBytes(session.notes))
    await writer.add(bundlePaths.decisions, jsonBytes(session.decisions))
    await writer.add(bundlePaths.auditTrail, jsonBytes(session.auditTrail))
    if (shared) {
      await writer.add(bundlePaths.teamEntries, jsonBytes(shared.evidence.entries))
      await writer.add(bundlePaths.teamRoster, jsonBytes(shared.evidence.roster))
    }
    const team = shared && {
      entries: shared.evidence.entries.length,
      authors: shared.check.replay.authors,
      admins: shared.evidence.admins,
    }
    await writer.add(
      bundlePaths.hitsCsv,
      new TextEncoder().encode(hitsCsv(session.checks, decisionOf)),
    )
    const report = renderReportHtml({
      createdAt,
      signer: session.signing.signer,
      appVersion: this.appVersion,
      caseRecord,
      checks: session.checks,
      decisionOf,
      entities: session.entities,
      notes: session.notes,
      auditTrail: session.auditTrail,
      auditCheck,
      ...(team && shared
        ? { team: reportTeamOf(team, shared.check), closeReview: shared.check.closeReview }
        : {}),
    })
    await writer.add(bundlePaths.report, new TextEncoder().encode(report))
    return {
      format: team ? sharedCaseEvidenceFormat : evidenceFormat,
      createdAt,
      exporter: { app: 'Compliance Desk', appVersion: this.appVersion },
      case: manifestCaseOf(caseRecord),
      counts: {
        checks: session.checks.length,
        entities: session.entities.length,
        notes: session.notes.length,
        decisions: session.decisions.length,
        hits: session.checks.reduce((sum, check) => sum + check.hits.length, 0),
      },
      auditTrail: {
        entries: session.auditTrail.length,
        headHash: session.auditTrail[session.auditTrail.length - 1]?.hash ?? genesisHash,
        intact: auditCheck.intact,
      },
      files: [...writer.files],
      reportLayout: currentReportLayout,
      signer: session.signing.signer,
      ...(team ? { team } : {}),
    }
  }
}
