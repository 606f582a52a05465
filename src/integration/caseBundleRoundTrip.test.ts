import 'fake-indexeddb/auto'
import { randomBytes } from 'node:crypto'
import { downloadedBundle, fixtureActor, signingActor } from '../test-support/evidenceFixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMainSideOnSandbox, type MainSideOnSandbox } from '../test-support/mainSideOnSandbox'
import type { BridgeInput, BridgeOutput } from '../shared/bridge'
import { hitsOf } from '../shared/cases/checkHits'
import { unzipSync, zipSync } from 'fflate'
import type { Actor } from '../shared/identity/investigator'
import { bundlePaths } from '../shared/evidence/bundleFormat'
import { verifyBundle } from '../shared/evidence/verifyBundle'
import {
  openAppDatabase,
  type AppDatabase,
  type StoredCheck,
} from '../renderer/src/data/database/appDatabase'
import { saveCheck, toStoredCheck } from '../renderer/src/data/checks/checkRepository'
import {
  addNote,
  changeState,
  closeCase,
  createCase,
  decideHit,
  linkCheck,
  linkEntity,
} from '../renderer/src/data/cases/caseRepository'
import { readCaseChecks } from '../renderer/src/data/cases/caseReads'
import { exportCase, type BridgeCaller } from '../renderer/src/data/cases/caseExport'
import {
  CaseAlreadyImportedError,
  importBundle,
  SignerNotKnownError,
} from '../renderer/src/data/cases/caseImport'
import { CaseRuleError } from '../renderer/src/data/cases/caseErrors'

/**
 * The whole path of a case's evidence, with the renderer's own code on a real IndexedDB
 * implementation and the real main side over its bridge dispatcher: checks run against the
 * sandbox, a case is built, exported, verified, and imported on "another computer".
 */
const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

let app: MainSideOnSandbox
let investigator: AppDatabase
let reviewer: AppDatabase
let caseId: string
let actor: Actor
let bundle: Uint8Array

const call: BridgeCaller = async (method, input) => {
  const reply = await app.call(method, input)
  if (!reply.ok) throw new Error(`${reply.error.name}: ${reply.error.message}`)
  return reply.data as BridgeOutput<typeof method>
}

const runCheck = async (query: string): Promise<string> => {
  const requestId = crypto.randomUUID()
  const result = await call('crypto.search', {
    requestId,
    query,
    isSubjectConsent: true,
    type: 'all',
  })
  const stored = toStoredCheck(requestId, query, query, result)
  await saveCheck(investigator, stored)
  return stored.localId
}

const reviewerActor = {
  name: 'Rita Reviewer',
  email: 'rita@example.org',
  organisation: 'Audit LLP',
  fingerprint: 'a'.repeat(32),
}

/** The reviewer's computer: its own key, and the investigator's marked as trusted. */
const reviewerTrustingTheInvestigator = async () => {
  const identity = await call('identity.get', {})
  return {
    own: { fingerprint: reviewerActor.fingerprint },
    trusted: [{ fingerprint: identity.signingKey.fingerprint }],
  }
}

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  actor = await signingActor(app.call)
  investigator = openAppDatabase(`investigator-${crypto.randomUUID()}`)
  reviewer = openAppDatabase(`reviewer-${crypto.randomUUID()}`)
  caseId = await createCase(investigator, actor, {
    title: 'ACME wallets',
    subject: 'ACME Ltd',
    description: 'Alert 7',
  })
  for (const query of [sanctioned, sanctioned]) {
    const localId = await runCheck(query)
    const stored = (await investigator.checks.get(localId)) as StoredCheck | undefined
    await linkCheck(investigator, actor, caseId, {
      localId,
      query,
      fetchedAt: stored!.fetchedAt,
    })
    for (const hit of hitsOf(stored!.check)) {
      await decideHit(investigator, actor, caseId, {
        check: stored!,
        hit,
        decision: 'true_match',
        rationale: 'OFAC SDN listing.',
      })
    }
  }
  await linkEntity(investigator, actor, caseId, {
    environment: 'local',
    id: 'ent_acme',
    name: 'ACME Ltd',
  })
  await addNote(investigator, actor, caseId, 'Reported to the FIU.')
  // A move with its optional reason: the verifier replays it like any other.
  await changeState(investigator, actor, caseId, 'in_review', 'Waiting for the FIU.')
  await closeCase(investigator, actor, caseId, {
    outcome: 'reported',
    reason: 'Confirmed sanctioned wallet.',
  })
  const progress: number[] = []
  bundle = downloadedBundle(
    app,
    await exportCase(investigator, call, caseId, (sent) => progress.push(sent)),
  )
  expect(progress).toEqual([2])
})

afterAll(async () => {
  await app.stop()
})

describe('a case exported by the renderer through the main side', () => {
  it('verifies, with every linked check, decision and trail entry in it', () => {
    const result = verifyBundle(bundle)
    expect(result.problems).toEqual([])
    expect(result.manifest).toMatchObject({
      case: { id: caseId, state: 'closed' },
      counts: { checks: 2, hits: 2, decisions: 2, notes: 1, entities: 1 },
      auditTrail: { entries: 9, intact: true },
    })
  })

  it('imports on another computer as a read-only case with the same checks, byte for byte', async () => {
    const imported = await importBundle(reviewer, verifyBundle(bundle), 'acme.zip', {
      importer: reviewerActor,
      known: await reviewerTrustingTheInvestigator(),
    })
    expect(imported.origin).toMatchObject({
      kind: 'imported',
      fileName: 'acme.zip',
      signerTrust: 'trusted',
      signer: { name: fixtureActor.name },
      importedBy: reviewerActor,
    })
    const original = await readCaseChecks(investigator, (await investigator.cases.get(caseId))!)
    const copy = await readCaseChecks(reviewer, imported)
    expect(copy.missing).toEqual([])
    expect(copy.checks).toEqual(original.checks)
    expect(await reviewer.auditEntries.count()).toBe(9)
    expect(await reviewer.checks.count()).toBe(0)
    await expect(addNote(reviewer, fixtureActor, caseId, 'edit')).rejects.toThrow(/read-only/)
  })

  it('asks before replacing an earlier import, and never imports over the case it came from', async () => {
    const known = await reviewerTrustingTheInvestigator()
    await expect(
      importBundle(reviewer, verifyBundle(bundle), 'again.zip', { importer: reviewerActor, known }),
    ).rejects.toBeInstanceOf(CaseAlreadyImportedError)
    const replaced = await importBundle(reviewer, verifyBundle(bundle), 'again.zip', {
      replace: true,
      importer: reviewerActor,
      known,
    })
    expect(replaced.origin?.fileName).toBe('again.zip')
    expect(await reviewer.auditEntries.count()).toBe(9)
    const own = { own: { fingerprint: known.trusted[0]!.fingerprint }, trusted: [] }
    await expect(
      importBundle(investigator, verifyBundle(bundle), 'own.zip', {
        importer: fixtureActor,
        known: own,
      }),
    ).rejects.toThrow(/a case of this computer/)
  })

  it('asks before importing a bundle from an unknown signer or an unsigned one, and records it', async () => {
    const stranger = { own: { fingerprint: 'e'.repeat(32) }, trusted: [] }
    const elsewhere = openAppDatabase(`elsewhere-${crypto.randomUUID()}`)
    const asked = importBundle(elsewhere, verifyBundle(bundle), 'acme.zip', {
      importer: reviewerActor,
      known: stranger,
    })
    await expect(asked).rejects.toBeInstanceOf(SignerNotKnownError)
    await expect(asked).rejects.toThrow(/whose key this computer does not know/)
    expect(await elsewhere.cases.count()).toBe(0)
    const accepted = await importBundle(elsewhere, verifyBundle(bundle), 'acme.zip', {
      importer: reviewerActor,
      known: stranger,
      acceptUnknownSigner: true,
    })
    expect(accepted.origin).toMatchObject({ signerTrust: 'unknown', importedBy: reviewerActor })

    const files = unzipSync(bundle)
    delete files[bundlePaths.signature]
    const unsigned = verifyBundle(zipSync(files))
    expect(unsigned.ok).toBe(false)
    const options = { importer: reviewerActor, known: stranger, replace: true }
    await expect(importBundle(elsewhere, unsigned, 'old.zip', options)).rejects.toThrow(
      /not signed: nothing shows who made it/,
    )
    const old = await importBundle(elsewhere, unsigned, 'old.zip', {
      ...options,
      acceptUnknownSigner: true,
    })
    expect(old.origin).toMatchObject({ signerTrust: 'unsigned', fileName: 'old.zip' })
    expect(old.origin?.signer).toBeUndefined()
  })

  it('refuses to import a bundle that fails verification', async () => {
    const tampered = Uint8Array.from(bundle)
    tampered[200] = tampered[200]! ^ 0xff
    const verification = verifyBundle(tampered)
    expect(verification.ok).toBe(false)
    await expect(
      importBundle(openAppDatabase('fresh'), verification, 'bad.zip', {
        importer: reviewerActor,
        known: await reviewerTrustingTheInvestigator(),
        acceptUnknownSigner: true,
      }),
    ).rejects.toBeInstanceOf(CaseRuleError)
  })

  it('sends heavy answers in several calls, and keeps them byte for byte', async () => {
    const heavyCase = await createCase(investigator, actor, {
      title: 'Heavy',
      subject: 'S',
      description: '',
    })
    const template = (await investigator.checks.toCollection().first()) as StoredCheck
    const heavyBodies: Buffer[] = []
    const answer = JSON.parse(
      Buffer.from(template.evidence.response.bodyBase64, 'base64').toString('utf8'),
    ) as { data: Record<string, unknown> }
    for (let index = 0; index < 3; index += 1) {
      // A real answer that weighs 2 MB: the service's own extra member, which the parser keeps.
      answer.data.padding = randomBytes(1_500_000).toString('base64')
      const body = Buffer.from(JSON.stringify(answer))
      heavyBodies.push(body)
      const localId = `${template.fetchedAt}_heavy-${index}`
      await investigator.checks.put({
        ...template,
        localId,
        evidence: {
          ...template.evidence,
          response: {
            ...template.evidence.response,
            bodyBase64: body.toString('base64'),
            bytes: body.length,
          },
        },
      })
      await linkCheck(investigator, actor, heavyCase, {
        localId,
        query: template.query,
        fetchedAt: template.fetchedAt,
      })
    }
    const checkCalls: number[] = []
    const counting: BridgeCaller = (method, input) => {
      if (method === 'evidence.addToExport') {
        const part = (input as BridgeInput<'evidence.addToExport'>).part
        if (part.kind === 'checks') checkCalls.push(part.items.length)
      }
      return call(method, input)
    }
    const verification = verifyBundle(
      downloadedBundle(app, await exportCase(investigator, counting, heavyCase)),
    )
    expect(verification.problems).toEqual([])
    expect(checkCalls).toEqual([1, 1, 1])
    const raws = [...verification.files.entries()].filter(([path]) => path.endsWith('response.raw'))
    // Folders follow the order the checks were linked in.
    expect(raws.map(([, bytes], index) => Buffer.from(bytes).equals(heavyBodies[index]!))).toEqual([
      true,
      true,
      true,
    ])
  })

  it('removes the partial bundle when a linked check is gone, and says why', async () => {
    const second = await createCase(investigator, actor, {
      title: 'Gone',
      subject: 'S',
      description: '',
    })
    await linkCheck(investigator, actor, second, {
      localId: 'missing_check',
      query: 'x',
      fetchedAt: '2026-11-20T00:00:00.000Z',
    })
    await expect(exportCase(investigator, call, second)).rejects.toThrow(
      /1 linked check is no longer on this computer/,
    )
  })
})
