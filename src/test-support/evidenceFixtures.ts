import { readFileSync } from 'node:fs'
import { cryptoCheckOfRaw } from '../shared/api/cryptoAnswer'
import type { BridgeReply } from '../shared/bridge'
import {
  checkEvidenceOf,
  type ExportedCheck,
  type ExportedEntity,
  type ExportPart,
} from '../shared/bridge/evidenceContract'
import type { CryptoSearchResult } from '../shared/bridge/cryptoContract'
import { nextAuditEntry } from '../shared/cases/auditChain'
import type { AuditEntry, CaseNote, CaseRecord, HitDecision } from '../shared/cases/caseSchemas'
import { hitDecisionId, hitsOf } from '../shared/cases/checkHits'
import type { BundleSigning, ExportResult } from '../main/services/evidence/evidenceExporter'
import { openSigningKey } from '../main/services/identity/signingKey'
import { sessionKeyStore } from '../main/services/keys/secretKeyStore'
import type { IdentityView } from '../shared/bridge/identityContract'
import { actedBy } from './bundleTampering'
import type { MainSideOnSandbox } from './mainSideOnSandbox'
import { investigatorOf, type Actor } from '../shared/identity/investigator'

/** The investigator every fixture's records name. */
export const fixtureActor: Actor = {
  name: 'Ana Fixture',
  email: 'ana@example.org',
  organisation: 'Example Compliance Ltd',
  fingerprint: '0123456789abcdef0123456789abcdef',
}

/** For tests and the bench: a closed case over given checks, every hit decided, with its trail. */
export interface CaseFixture {
  caseRecord: CaseRecord
  checks: ExportedCheck[]
  entities: ExportedEntity[]
  notes: CaseNote[]
  decisions: HitDecision[]
  auditTrail: AuditEntry[]
}

export function exportedCheckOf(result: CryptoSearchResult, position: number): ExportedCheck {
  return {
    localId: `${result.evidence.startedAt}_${String(position).padStart(8, '0')}`,
    environment: result.environment,
    query: result.check.query ?? '',
    queryKey: result.check.query ?? '',
    fetchedAt: result.evidence.startedAt,
    check: result.check,
    evidence: result.evidence,
  }
}

/**
 * The check as if the service had answered otherwise: its raw answer's data edited, and the
 * check read again from the new bytes with the one parser of answers.
 */
export function withAnswerEdited(
  linked: ExportedCheck,
  edit: (data: Record<string, unknown>) => void,
): ExportedCheck {
  const raw = Buffer.from(linked.evidence.response.bodyBase64, 'base64')
  const envelope = JSON.parse(raw.toString('utf8')) as { data: Record<string, unknown> }
  edit(envelope.data)
  const bytes = Buffer.from(JSON.stringify(envelope))
  const check = cryptoCheckOfRaw(bytes)
  if (!check) throw new Error('the edited answer is no longer a readable answer')
  const response = {
    ...linked.evidence.response,
    bodyBase64: bytes.toString('base64'),
    bytes: bytes.length,
  }
  return { ...linked, check, evidence: { ...linked.evidence, response } }
}

export function caseFixture(
  checks: ExportedCheck[],
  caseId = 'case_fixture',
  rationale = 'Listed by OFAC; the wallet is the subject’s.',
): CaseFixture {
  const at = '2026-11-20T09:00:00.000Z'
  const everyHit: HitDecision[] = checks.flatMap((check) =>
    hitsOf(check.check).map((hit) => ({
      id: hitDecisionId(caseId, check.localId, hit.hitKey),
      caseId,
      checkId: check.localId,
      environment: check.environment,
      queryKey: check.queryKey,
      hitKey: hit.hitKey,
      category: hit.category,
      recordTitle: hit.title,
      decision: 'true_match' as const,
      rationale,
      decidedAt: at,
      decidedBy: fixtureActor,
    })),
  )
  // One decision per hit key, as the repository keeps them: a record listed twice shares one.
  const decisions = [...new Map(everyHit.map((decision) => [decision.id, decision])).values()]
  const caseRecord: CaseRecord = {
    id: caseId,
    title: 'Fixture case <with markup>',
    subject: 'Wallets of ACME Ltd',
    description: 'Opened after an alert.',
    state: 'closed',
    createdAt: at,
    updatedAt: at,
    closure: { outcome: 'reported', reason: 'Sanctioned wallet confirmed.', closedAt: at },
    checkIds: checks.map((check) => check.localId),
    entityKeys: ['local|ent_fixture1'],
  }
  // The trail the case repository would have written for this case, so that it replays to it.
  let trail: AuditEntry[] = []
  const append = (action: string, summary: string, before: unknown, after: unknown): void => {
    trail = [
      ...trail,
      nextAuditEntry(
        caseId,
        trail[trail.length - 1],
        { action, summary, before, after },
        fixtureActor,
        at,
      ),
    ]
  }
  const { title, subject, description } = caseRecord
  append('created', `Case opened: ${title}`, null, { title, subject, description })
  for (const check of checks) {
    const { localId, query, fetchedAt } = check
    append('check-linked', `Check of ${query} linked`, null, { localId, query, fetchedAt })
  }
  const notes: CaseNote[] = [
    { id: 'note_1', caseId, createdAt: at, text: 'Called the bank.', author: fixtureActor },
  ]
  for (const note of notes) append('note-added', 'Note added', null, note)
  for (const decision of decisions) {
    append('hit-decided', `True match: ${decision.recordTitle}`, null, decision)
  }
  const closing = { state: 'closed', closure: caseRecord.closure }
  append('closed', 'Closed: Reported to the authorities', { state: 'open' }, closing)
  return {
    caseRecord,
    checks,
    entities: [
      {
        environment: 'local',
        id: 'ent_fixture1',
        fetchedAt: at,
        entity: { id: 'ent_fixture1', entityType: 'business', name: 'ACME Ltd' },
      },
    ],
    notes,
    decisions,
    auditTrail: trail,
  }
}

/** The fixture's investigator signing with a fresh key, for exporters made without the main side. */
export async function fixtureSigning(): Promise<BundleSigning> {
  const key = await openSigningKey(sessionKeyStore('fixture key'))
  const investigator = investigatorOf(fixtureActor)
  return {
    signer: async () => ({
      signer: { ...investigator, fingerprint: key.fingerprint, publicKey: key.publicKey },
      key,
    }),
  }
}

type BridgeCall = (method: string, input: unknown) => Promise<BridgeReply<unknown>>

const unwrap = async <T>(reply: Promise<BridgeReply<unknown>>): Promise<T> => {
  const settled = await reply
  if (!settled.ok) throw new Error(`${settled.error.name}: ${settled.error.message}`)
  return settled.data as T
}

/** The fixture's investigator as the main side's key signs for them: who the trail must name. */
export async function signingActor(call: BridgeCall): Promise<Actor> {
  const view = await unwrap<IdentityView>(
    call('identity.setInvestigator', { investigator: investigatorOf(fixtureActor) }),
  )
  return { ...investigatorOf(fixtureActor), fingerprint: view.signingKey.fingerprint }
}

/** Exports a fixture through the bridge, in batches, exactly as the renderer does. */
export async function exportThroughBridge(
  call: BridgeCall,
  fixture: CaseFixture,
  batchSize = 50,
): Promise<ExportResult> {
  // The trail's actors are the signer: the fixture's investigator with the main side's key.
  const actor = await signingActor(call)
  const auditTrail = actedBy(fixture.auditTrail, actor)
  const { exportId } = await unwrap<{ exportId: string }>(
    call('evidence.beginExport', { case: fixture.caseRecord }),
  )
  const send = (part: ExportPart) => unwrap(call('evidence.addToExport', { exportId, part }))
  for (let start = 0; start < fixture.checks.length; start += batchSize) {
    const batch = fixture.checks.slice(start, start + batchSize)
    await send({ kind: 'checks', items: batch.map(checkEvidenceOf) })
  }
  await send({ kind: 'entities', items: fixture.entities })
  await send({ kind: 'notes', items: fixture.notes })
  await send({ kind: 'decisions', items: fixture.decisions })
  await send({ kind: 'auditTrail', items: auditTrail })
  return unwrap<ExportResult>(call('evidence.finishExport', { exportId }))
}

/** A finished export's bundle, fetched the way the browser host would serve it. */
export function downloadedBundle(app: MainSideOnSandbox, finished: ExportResult): Uint8Array {
  if (finished.delivery.kind !== 'download') throw new Error('expected a download')
  const file = app.mainSide.downloads.take(finished.delivery.url.split('/').pop() ?? '')
  if (!file) throw new Error('the download was not registered')
  return readFileSync(file.path)
}

/** Exports a fixture through the bridge and fetches its bundle. */
export async function exportedBundle(
  app: MainSideOnSandbox,
  fixture: CaseFixture,
  batchSize = 50,
): Promise<Uint8Array> {
  return downloadedBundle(app, await exportThroughBridge(app.call, fixture, batchSize))
}
