import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, strToU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BridgeOutput } from '../shared/bridge'
import type { CryptoSearchResult } from '../shared/bridge/cryptoContract'
import { nextAuditEntry } from '../shared/cases/auditChain'
import { caseNumber } from '../shared/cases/caseNumber'
import { hitsOf } from '../shared/cases/checkHits'
import { verifyBundle } from '../shared/evidence/verifyBundle'
import { saveCheck, toStoredCheck } from '../renderer/src/data/checks/checkRepository'
import { openAppDatabase, type StoredCheck } from '../renderer/src/data/database/appDatabase'
import {
  closeCase,
  createCase,
  decideHit,
  linkCheck,
  reopenCase,
  unlinkCheck,
} from '../renderer/src/data/cases/caseRepository'
import { exportCase, type BridgeCaller } from '../renderer/src/data/cases/caseExport'
import {
  searchOn,
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../test-support/mainSideOnSandbox'
import {
  caseFixture,
  downloadedBundle,
  exportedCheckOf,
  exportThroughBridge,
  fixtureActor,
  signingActor,
  withAnswerEdited,
  type CaseFixture,
} from '../test-support/evidenceFixtures'
import {
  editJson,
  forgeBundle,
  strangerKey,
  type BundleFiles,
} from '../test-support/bundleTampering'

/**
 * A bundle whose files were edited and whose manifest lines were then recomputed matches its
 * manifest: only what its audit trail says can show the edit.
 */
const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

let app: MainSideOnSandbox
let fixture: CaseFixture
let bundle: Uint8Array

const call: BridgeCaller = async (method, input) => {
  const reply = await app.call(method, input)
  if (!reply.ok) throw new Error(`${reply.error.name}: ${reply.error.message}`)
  return reply.data as BridgeOutput<typeof method>
}

const search = (query: string): Promise<CryptoSearchResult> => searchOn(app, query)

const refOf = ({ localId, query, fetchedAt }: StoredCheck) => ({ localId, query, fetchedAt })

/** The tamperer signs their edit with a key of their own: the signature holds, the meaning not. */
const mallory = strangerKey()
const tamper = (edit: (files: BundleFiles) => void): Uint8Array =>
  forgeBundle(bundle, edit, mallory)

const problemsOf = (zip: Uint8Array) =>
  verifyBundle(zip).problems.map((problem) => `${problem.kind} ${problem.path}: ${problem.detail}`)

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  const results = [await search(sanctioned), await search(sanctioned)]
  fixture = caseFixture(results.map((result, index) => exportedCheckOf(result, index)))
  bundle = downloadedBundle(app, await exportThroughBridge(app.call, fixture))
})

afterAll(async () => {
  await app.stop()
})

describe('a bundle edited with its manifest recomputed', () => {
  it('fails when a confirmed true match is turned into a false positive, naming the decision', () => {
    expect(fixture.decisions).toHaveLength(2)
    const rationale = fixture.decisions[0]!.rationale
    const tampered = tamper((files) => {
      editJson<Array<{ decision: string; rationale: string }>>(files, 'decisions.json', (list) => {
        for (const decision of list) {
          decision.decision = 'false_positive'
          decision.rationale = 'The exchange’s hot wallet.'
        }
      })
      const csv = strFromU8(files['hits.csv']!)
      files['hits.csv'] = strToU8(
        csv.replaceAll('true_match', 'false_positive').replaceAll(rationale, 'The hot wallet.'),
      )
    })
    const said = (file: string, { recordTitle, checkId }: (typeof fixture.decisions)[0]) =>
      `meaning ${file}: says false positive for ${recordTitle} in check ${checkId}, the audit trail says true match`
    expect(problemsOf(tampered).sort()).toEqual(
      fixture.decisions
        .flatMap((decision) => [said('decisions.json', decision), said('hits.csv', decision)])
        .sort(),
    )
  })

  it('fails when hits.csv loses the row of a true match', () => {
    const tampered = tamper((files) => {
      const lines = strFromU8(files['hits.csv']!).split('\n')
      files['hits.csv'] = strToU8([lines[0], ...lines.slice(2)].join('\n'))
    })
    const { recordTitle, checkId } = fixture.decisions[0]!
    expect(problemsOf(tampered)).toEqual([
      `meaning hits.csv: has no row for ${recordTitle} in check ${checkId}`,
    ])
  })

  it('fails when hits.csv names another holder or chain than the raw answer lists', () => {
    const tampered = tamper((files) => {
      files['hits.csv'] = strToU8(
        strFromU8(files['hits.csv']!)
          .replaceAll('"ETH"', '"BSC"')
          .replaceAll('"Peijnenburg, Alex Adrianus Martinus"', '"Someone Else"'),
      )
    })
    const problems = problemsOf(tampered)
    expect(problems).toHaveLength(4)
    expect(problems).toContain(
      `meaning hits.csv: row 1 gives ${sanctioned} in check ${fixture.checks[0]!.localId} the chain “BSC”, its response.raw “ETH”`,
    )
    expect(problems).toContain(
      `meaning hits.csv: row 2 gives ${sanctioned} in check ${fixture.checks[1]!.localId} the holder “Someone Else”, its response.raw “Peijnenburg, Alex Adrianus Martinus”`,
    )
  })

  it('fails when case.json gives the case another number than its id', () => {
    const tampered = tamper((files) => {
      editJson<{ caseNumber: string }>(files, 'case.json', (record) => {
        record.caseNumber = 'CD-0000-0000'
      })
    })
    expect(problemsOf(tampered)).toEqual([
      `meaning case.json: gives the case number CD-0000-0000, case ${fixture.caseRecord.id} is ${caseNumber(fixture.caseRecord.id)}`,
    ])
  })

  it('fails when case.json and the manifest say the case is still in review', () => {
    const reopen = (record: { state: string; closure?: unknown }) => {
      record.state = 'in_review'
      delete record.closure
    }
    const tampered = tamper((files) => {
      editJson(files, 'case.json', reopen)
      editJson<{ case: { state: string } }>(files, 'manifest.json', (manifest) =>
        reopen(manifest.case),
      )
    })
    expect(problemsOf(tampered)).toEqual([
      'meaning case.json: says the case is in review, the audit trail says closed',
    ])
  })

  it('fails when case.json and the manifest say the case closed with another outcome', () => {
    const clear = (record: { closure?: { outcome: string } }) => {
      record.closure!.outcome = 'no_concern'
    }
    const tampered = tamper((files) => {
      editJson(files, 'case.json', clear)
      editJson(files, 'manifest.json', (manifest: { case: { closure?: { outcome: string } } }) =>
        clear(manifest.case),
      )
    })
    expect(problemsOf(tampered)).toEqual([
      'meaning case.json: says the case is closed as no concern, the audit trail says closed as reported to the authorities',
    ])
  })

  it('is named as such by npm run verify-bundle', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cd-meaning-')), 'edited.zip')
    writeFileSync(
      path,
      tamper((files) => {
        files['hits.csv'] = strToU8(strFromU8(files['hits.csv']!).replaceAll('true_match', ''))
      }),
    )
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verifyBundle.ts', path], {
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stdout).toContain(
      `MEANING hits.csv says no decision for ${fixture.decisions[0]!.recordTitle}`,
    )
  })
})

describe('a bundle true to its trail', () => {
  it('fails when the trail closes the case as no concern over a confirmed true match', async () => {
    const { auditTrail, caseRecord } = fixture
    const closure = { ...caseRecord.closure!, outcome: 'no_concern' as const }
    const closing = auditTrail[auditTrail.length - 1]!
    const noConcern: CaseFixture = {
      ...fixture,
      caseRecord: { ...caseRecord, closure },
      auditTrail: [
        ...auditTrail.slice(0, -1),
        nextAuditEntry(
          caseRecord.id,
          auditTrail[auditTrail.length - 2],
          {
            action: 'closed',
            summary: 'Closed: No concern',
            before: closing.before,
            after: { state: 'closed', closure },
          },
          fixtureActor,
          closing.at,
        ),
      ],
    }
    const zip = downloadedBundle(app, await exportThroughBridge(app.call, noConcern))
    expect(problemsOf(zip)).toEqual(
      fixture.decisions.map(
        ({ recordTitle, checkId }) =>
          `meaning case.json: the case closed as no concern while ${recordTitle} in check ${checkId} is a confirmed true match`,
      ),
    )
  })

  it('passes a check that lists the same record twice: one decision, a row for each', async () => {
    const answer = exportedCheckOf(await search(sanctioned), 0)
    const [category, records] = Object.entries(answer.check.categories).find(
      ([, listed]) => listed.length > 0,
    )!
    const check = withAnswerEdited(answer, (data) => {
      data[category] = [...records, ...records]
    })
    const twice = caseFixture([check], 'case_twice')
    expect(twice.decisions).toHaveLength(1)
    const verification = verifyBundle(
      downloadedBundle(app, await exportThroughBridge(app.call, twice)),
    )
    expect(verification.problems).toEqual([])
    expect(verification.manifest?.counts).toMatchObject({ hits: 2, decisions: 1 })
  })

  it('passes with revised decisions, an unlinked check, and a closing undone and redone', async () => {
    const db = openAppDatabase(`meaning-${crypto.randomUUID()}`)
    const actor = await signingActor(app.call)
    const caseId = await createCase(db, actor, {
      title: 'Revised',
      subject: 'ACME Ltd',
      description: '',
    })
    const checks: StoredCheck[] = []
    for (let index = 0; index < 3; index += 1) {
      const requestId = crypto.randomUUID()
      const stored = toStoredCheck(requestId, sanctioned, sanctioned, await search(sanctioned))
      await saveCheck(db, stored)
      await linkCheck(db, actor, caseId, refOf(stored))
      checks.push(stored)
    }
    const decide = (check: StoredCheck, decision: 'true_match' | 'false_positive') =>
      decideHit(db, actor, caseId, {
        check,
        hit: hitsOf(check.check)[0]!,
        decision,
        rationale: `Judged ${decision}.`,
      })
    await decide(checks[0]!, 'true_match')
    await decide(checks[0]!, 'false_positive')
    await decide(checks[1]!, 'true_match')
    await unlinkCheck(db, actor, caseId, refOf(checks[1]!))
    await decide(checks[2]!, 'true_match')
    await closeCase(db, actor, caseId, {
      outcome: 'risk_confirmed',
      reason: 'One wallet is theirs.',
    })
    await reopenCase(db, actor, caseId, 'The bank sent more statements.')
    await closeCase(db, actor, caseId, { outcome: 'reported', reason: 'SAR filed.' })

    const verification = verifyBundle(downloadedBundle(app, await exportCase(db, call, caseId)))
    expect(verification.problems).toEqual([])
    expect(verification.manifest?.counts).toMatchObject({ checks: 2, decisions: 2 })
    const csv = strFromU8(verification.files.get('hits.csv')!)
    expect(csv).toContain('"false_positive","Judged false_positive."')
    db.close()
  })
  it('passes a case closed once each wallet’s latest check is decided, an earlier check of the wallet being its history', async () => {
    const db = openAppDatabase(`meaning-${crypto.randomUUID()}`)
    const actor = await signingActor(app.call)
    const caseId = await createCase(db, actor, {
      title: 'Re-screened',
      subject: 'ACME Ltd',
      description: '',
    })
    const checks: StoredCheck[] = []
    for (let index = 0; index < 2; index += 1) {
      const stored = toStoredCheck(
        crypto.randomUUID(),
        sanctioned,
        sanctioned,
        await search(sanctioned),
      )
      await saveCheck(db, stored)
      await linkCheck(db, actor, caseId, refOf(stored))
      checks.push(stored)
    }
    const [earlier, latest] = checks as [StoredCheck, StoredCheck]
    expect(latest.fetchedAt >= earlier.fetchedAt).toBe(true)
    await decideHit(db, actor, caseId, {
      check: latest,
      hit: hitsOf(latest.check)[0]!,
      decision: 'true_match',
      rationale: 'Listed by OFAC.',
    })
    // The app's rule: nothing is left to decide, so no reason for open hits is asked.
    await closeCase(db, actor, caseId, { outcome: 'risk_confirmed', reason: 'Their wallet.' })

    const verification = verifyBundle(downloadedBundle(app, await exportCase(db, call, caseId)))
    expect(verification.problems).toEqual([])
    expect(verification.manifest?.counts).toMatchObject({ checks: 2, decisions: 1 })
    db.close()
  })
})
