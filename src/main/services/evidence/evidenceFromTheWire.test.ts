import { strFromU8, strToU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cryptoCheckOfRaw } from '../../../shared/api/cryptoAnswer'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import { checkEvidenceOf, type ExportPart } from '../../../shared/bridge/evidenceContract'
import type { CaseNote, HitDecision } from '../../../shared/cases/caseSchemas'
import { bundlePaths } from '../../../shared/evidence/bundleFormat'
import { verifyBundle } from '../../../shared/evidence/verifyBundle'
import {
  actedBy,
  editJson,
  forgeBundle,
  strangerKey,
  reportSaysCleanProblem,
  withReportSayingClean,
} from '../../../test-support/bundleTampering'
import {
  caseFixture,
  exportedBundle,
  exportedCheckOf,
  fixtureActor,
  signingActor,
  type CaseFixture,
} from '../../../test-support/evidenceFixtures'
import {
  searchOn,
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../../test-support/mainSideOnSandbox'

/**
 * A signed bundle says only what the service answered: the main side reads every check from the
 * raw answer it is given, and the verifier reads it again from the bundle's response.raw.
 */
const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const formula = '=HYPERLINK("http://x","open")'

let app: MainSideOnSandbox
let answer: CryptoSearchResult
let fixture: CaseFixture
let bundle: Uint8Array

const checkJsonPath = (files: Record<string, Uint8Array>): string =>
  Object.keys(files).find((path) => path.endsWith('/check.json'))!

const problemsOf = (zip: Uint8Array) =>
  verifyBundle(zip).problems.map((problem) => `${problem.kind} ${problem.path}: ${problem.detail}`)

/** What the attacker hands over: the sanctioned wallet's raw answer, called clean. */
const cleanCheck = (check: CryptoSearchResult['check']) => ({
  ...check,
  status: 'no_match',
  totalEntity: 0,
  categoryCount: Object.fromEntries(Object.keys(check.categories).map((name) => [name, 0])),
  categories: Object.fromEntries(Object.keys(check.categories).map((name) => [name, []])),
})

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  answer = await searchOn(app, sanctioned)
  expect(answer.check.status).toBe('review_required')
  fixture = caseFixture([exportedCheckOf(answer, 0)], 'case_wire', formula)
  bundle = await exportedBundle(app, fixture)
})

afterAll(async () => {
  await app.stop()
})

describe('the signing oracle: a parsed check handed to the bridge beside a raw answer', () => {
  it('is refused in a sentence, and the export is left unwritten', async () => {
    const actor = await signingActor(app.call)
    expect(actor.fingerprint).toMatch(/^[0-9a-f]{32}$/)
    const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
    if (!begun.ok) throw new Error(begun.error.message)
    const { exportId } = begun.data as { exportId: string }
    const linked = fixture.checks[0]!
    const part = { kind: 'checks', items: [{ ...linked, check: cleanCheck(linked.check) }] }
    const refused = await app.call('evidence.addToExport', { exportId, part })
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.error.name).toBe('ValidationError')
    expect(refused.error.message).toContain(
      'a parsed check was handed over with the raw answer: a bundle is signed only from what the service sent, read on the main side, so nothing was written',
    )
    await app.call('evidence.abortExport', { exportId })
  })

  it('signs check.json as read from the raw answer with the one parser of answers', () => {
    const files = unzipSync(bundle)
    const path = checkJsonPath(files)
    const raw = files[path.replace('check.json', 'response.raw')]!
    const written = JSON.parse(strFromU8(files[path]!)) as { check: unknown }
    expect(written.check).toEqual(cryptoCheckOfRaw(raw))
    expect(written.check).toMatchObject({ status: 'review_required', totalEntity: 1 })
    expect(verifyBundle(bundle).problems).toEqual([])
  })
})

describe('a bundle whose check.json contradicts its raw answer, re-signed validly', () => {
  it('fails with a meaning problem naming what the raw answer says', () => {
    const mallory = strangerKey(fixtureActor.name)
    const forged = forgeBundle(
      bundle,
      (files) =>
        editJson<{ check: CryptoSearchResult['check'] }>(files, checkJsonPath(files), (file) => {
          file.check = cleanCheck(file.check)
        }),
      mallory,
    )
    const verification = verifyBundle(forged)
    expect(verification.signature.status).toBe('valid')
    expect(verification.ok).toBe(false)
    expect(problemsOf(forged)).toEqual([
      `meaning ${checkJsonPath(unzipSync(forged))}: says no_match, 0 hits, its response.raw says review_required, 1 hit`,
    ])
  })

  it('fails when report.html says the check is clean, however consistent the rest', () => {
    const mallory = strangerKey(fixtureActor.name)
    expect(problemsOf(forgeBundle(bundle, () => undefined, mallory))).toEqual([])
    expect(problemsOf(withReportSayingClean(bundle, mallory))).toEqual([
      expect.stringMatching(reportSaysCleanProblem),
    ])
  })
})

describe('hits.csv is safe to open', () => {
  it('writes a rationale that begins like a formula neutralised, and verifies it read back', () => {
    const csv = strFromU8(unzipSync(bundle)[bundlePaths.hitsCsv]!)
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""open"")"`)
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m)
    expect(verifyBundle(bundle).problems).toEqual([])
  })

  it('fails a hits.csv whose cell was made a live formula again', () => {
    const mallory = strangerKey(fixtureActor.name)
    const forged = forgeBundle(
      bundle,
      (files) => {
        const csv = strFromU8(files[bundlePaths.hitsCsv]!)
        files[bundlePaths.hitsCsv] = strToU8(csv.replace(`"'=HYPERLINK`, '"=HYPERLINK'))
      },
      mallory,
    )
    expect(problemsOf(forged)).toEqual([
      'meaning hits.csv: row 1 has a rationale cell that is not written as Compliance Desk writes one (a spreadsheet could run it as a formula)',
      `meaning hits.csv: has no row for ${sanctioned} in check ${fixture.checks[0]!.localId}`,
    ])
  })
})

describe('a check whose answer cannot be read', () => {
  it('is refused rather than signed', async () => {
    const linked = fixture.checks[0]!
    const unreadable = {
      ...linked,
      evidence: {
        ...linked.evidence,
        response: { ...linked.evidence.response, bodyBase64: btoa('<html>maintenance</html>') },
      },
    }
    const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
    if (!begun.ok) throw new Error(begun.error.message)
    const { exportId } = begun.data as { exportId: string }
    const part: ExportPart = { kind: 'checks', items: [checkEvidenceOf(unreadable)] }
    const refused = await app.call('evidence.addToExport', { exportId, part })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.message).toMatch(/cannot be signed as evidence/)
  })
})

describe('a trail whose actors are not the signer', () => {
  it('is refused before anything is signed, naming the first such entry', async () => {
    await signingActor(app.call)
    const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
    if (!begun.ok) throw new Error(begun.error.message)
    const { exportId } = begun.data as { exportId: string }
    const parts: ExportPart[] = [
      { kind: 'checks', items: fixture.checks.map(checkEvidenceOf) },
      { kind: 'decisions', items: fixture.decisions },
      // The fixture's trail as written, naming the fixture's own key rather than this computer's.
      { kind: 'auditTrail', items: fixture.auditTrail },
    ]
    for (const part of parts) {
      const added = await app.call('evidence.addToExport', { exportId, part })
      expect(added.ok).toBe(true)
    }
    const finished = await app.call('evidence.finishExport', { exportId })
    expect(finished.ok).toBe(false)
    if (finished.ok) return
    expect(finished.error.message).toMatch(
      new RegExp(
        `^${fixture.auditTrail.length} entries of this case's audit trail, from entry 1, name the signing key 0123 4567 89ab cdef 0123 4567 89ab cdef as actor, not this computer's [0-9a-f ]+: a bundle speaks only for the key that signs it, so it would not verify\\. Nothing was written\\.$`,
      ),
    )
  })
})

/** What the bridge answers when a case's one check crosses with `change` made to it. */
const exportRefusal = async (
  change: (check: ReturnType<typeof checkEvidenceOf>) => ReturnType<typeof checkEvidenceOf>,
): Promise<string> => {
  const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
  if (!begun.ok) throw new Error(begun.error.message)
  const { exportId } = begun.data as { exportId: string }
  const part: ExportPart = { kind: 'checks', items: [change(checkEvidenceOf(fixture.checks[0]!))] }
  const added = await app.call('evidence.addToExport', { exportId, part })
  if (added.ok) throw new Error('the check was accepted')
  // Refused and aborted: the export is gone, nothing of it is left to finish.
  expect((await app.call('evidence.finishExport', { exportId })).ok).toBe(false)
  return added.error.message
}

const clean = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

describe('what the renderer says beside the evidence, held to the recorded request', () => {
  it('refuses a check said to be of another wallet than the request sent', async () => {
    const localId = fixture.checks[0]!.localId
    expect(await exportRefusal((check) => ({ ...check, query: clean, queryKey: clean }))).toBe(
      `Check ${localId} says it checked “${clean}”, its recorded request sent “${sanctioned}”; it is filed under the wallet “${clean}”, its recorded request sent “${sanctioned}”. A bundle says only what was sent and answered, so nothing was written.`,
    )
  })

  it('refuses a request said to have sent another wallet than the raw answer is about', async () => {
    const message = await exportRefusal((check) => ({
      ...check,
      query: clean,
      queryKey: clean,
      evidence: {
        ...check.evidence,
        request: { ...check.evidence.request, body: { query: clean, isSubjectConsent: true } },
      },
    }))
    expect(message).toContain(
      `has an answer about “${sanctioned}” (its response.raw), its recorded request sent “${clean}”`,
    )
  })

  it('refuses a time, a key or an advanced search the request does not bear out', async () => {
    const message = await exportRefusal((check) => ({
      ...check,
      queryKey: sanctioned.toLowerCase(),
      fetchedAt: '2020-01-01T00:00:00.000Z',
      advancedSearch: { chain: 'ETH' },
    }))
    // The key names the same wallet in another case: that is no contradiction.
    expect(message).not.toContain('filed under')
    expect(message).toContain(
      `says its advanced search was “{"chain":"ETH"}”, its recorded request sent none; it says it was checked at 2020-01-01T00:00:00.000Z, its evidence that the request left at ${fixture.checks[0]!.evidence.startedAt}`,
    )
  })
})

describe("a check.json whose identifier is not the recorded request's, re-signed validly", () => {
  it('fails with a meaning problem naming what was sent', () => {
    const forged = forgeBundle(
      bundle,
      (files) =>
        editJson<{ query: string; queryKey: string }>(files, checkJsonPath(files), (file) => {
          file.query = clean
          file.queryKey = clean
        }),
      strangerKey(fixtureActor.name),
    )
    const path = checkJsonPath(unzipSync(forged))
    expect(problemsOf(forged).filter((problem) => problem.includes(path))).toEqual([
      `meaning ${path}: says it checked “${clean}”, its recorded request sent “${sanctioned}”`,
      `meaning ${path}: is filed under the wallet “${clean}”, its recorded request sent “${sanctioned}”`,
    ])
  })

  it('fails when the recorded request is made to agree but the raw answer is about another wallet', () => {
    const forged = forgeBundle(
      bundle,
      (files) =>
        editJson<{
          query: string
          queryKey: string
          evidence: { request: { body: { query: string } } }
        }>(files, checkJsonPath(files), (file) => {
          file.query = clean
          file.queryKey = clean
          file.evidence.request.body.query = clean
        }),
      strangerKey(fixtureActor.name),
    )
    const path = checkJsonPath(unzipSync(forged))
    // (hits.csv, left as it was, names the identifier too; check.json alone is the point here.)
    expect(problemsOf(forged).filter((problem) => problem.includes(path))).toEqual([
      `meaning ${path}: has an answer about “${sanctioned}” (its response.raw), its recorded request sent “${clean}”`,
    ])
  })
})

/**
 * What finishing an export answers when the decisions and notes sent beside the case's trail are
 * `change`d: the trail itself is the fixture's, its actor the signer, so only they can disagree.
 */
const finishRefusal = async (change: {
  decisions?: (decisions: HitDecision[]) => HitDecision[]
  notes?: (notes: CaseNote[]) => CaseNote[]
}): Promise<string> => {
  const auditTrail = actedBy(fixture.auditTrail, await signingActor(app.call))
  const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
  if (!begun.ok) throw new Error(begun.error.message)
  const { exportId } = begun.data as { exportId: string }
  const parts: ExportPart[] = [
    { kind: 'checks', items: fixture.checks.map(checkEvidenceOf) },
    { kind: 'notes', items: (change.notes ?? ((notes) => notes))(fixture.notes) },
    { kind: 'decisions', items: (change.decisions ?? ((same) => same))(fixture.decisions) },
    { kind: 'auditTrail', items: auditTrail },
  ]
  for (const part of parts) {
    const added = await app.call('evidence.addToExport', { exportId, part })
    if (!added.ok) throw new Error(added.error.message)
  }
  const finished = await app.call('evidence.finishExport', { exportId })
  if (finished.ok) throw new Error('the export was signed')
  // Refused and aborted: nothing of it is left to finish.
  const again = await app.call('evidence.finishExport', { exportId })
  expect(again.ok || again.error.message).toMatch(/no longer open/)
  return finished.error.message
}

describe('decisions and notes sent beside the trail, held to its replay', () => {
  const refusedBecause = (reason: string) =>
    `This case's ${reason}: a bundle says only what its audit trail says, so nothing was written.`

  it('refuses a decision the trail does not say', async () => {
    const [decided] = fixture.decisions
    expect(
      await finishRefusal({
        decisions: (decisions) =>
          decisions.map((decision) => ({ ...decision, decision: 'false_positive' })),
      }),
    ).toBe(
      refusedBecause(
        `decisions.json says false positive for ${decided!.recordTitle} in check ${decided!.checkId}, the audit trail says true match`,
      ),
    )
  })

  it('refuses decisions that leave out one the trail made, and counts what else disagrees', async () => {
    const [decided] = fixture.decisions
    expect(
      await finishRefusal({
        decisions: () => [],
        notes: (notes) => notes.map((note) => ({ ...note, text: 'Nothing to add.' })),
      }),
    ).toBe(
      refusedBecause(
        `decisions.json has no decision on ${decided!.recordTitle} in check ${decided!.checkId}, the audit trail says true match (and 1 other disagreement)`,
      ),
    )
  })

  it('refuses a note the trail never added, and a note not as the trail added it', async () => {
    const added = { ...fixture.notes[0]!, id: 'note_2', text: 'Cleared by phone with the bank.' }
    expect(await finishRefusal({ notes: (notes) => [...notes, added] })).toBe(
      refusedBecause(
        'notes.json holds note note_2 (“Cleared by phone with the bank.”), which the audit trail never added',
      ),
    )
    expect(
      await finishRefusal({
        notes: (notes) => notes.map((note) => ({ ...note, createdAt: '2020-01-01T00:00:00.000Z' })),
      }),
    ).toBe(refusedBecause('notes.json differs from the audit trail on note note_1 (createdAt)'))
    expect(await finishRefusal({ notes: () => [] })).toBe(
      refusedBecause(
        'notes.json has no note note_1 (“Called the bank.”), which audit trail entry 3 added',
      ),
    )
  })
})

describe('a notes.json that contradicts its trail, re-signed validly', () => {
  it('fails with a meaning problem naming the note', () => {
    const forged = forgeBundle(
      bundle,
      (files) =>
        editJson<CaseNote[]>(files, bundlePaths.notes, (notes) => {
          notes[0]!.text = 'The bank confirmed the wallet is not the subject’s.'
        }),
      strangerKey(fixtureActor.name),
    )
    expect(problemsOf(forged)).toEqual([
      'meaning notes.json: differs from the audit trail on note note_1 (text)',
    ])
  })
})
