import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { startMainSide } from '../src/main/app/startMainSide'
import { dispatchBridgeCall } from '../src/main/bridge/dispatchBridgeCall'
import { sessionKeyStore } from '../src/main/services/keys/secretKeyStore'
import { openRemoteTeamDatabase, type StoredDocument } from '../src/main/services/team/teamDatabase'
import { startSandbox } from '../src/sandbox/sandboxServer'
import { bundledSanctionedWallets } from '../src/sandbox/crypto/walletRecords'
import { checkEvidenceOf, type ExportedCheck } from '../src/shared/bridge/evidenceContract'
import { hitsOf } from '../src/shared/cases/checkHits'
import { teamScopeHeads, type TeamChange } from '../src/shared/team/nextTeamEntry'
import { signTeamEntry, teamEntryDocument, type TeamEntry } from '../src/shared/team/teamEntry'
import { exportedCheckOf } from '../src/test-support/evidenceFixtures'
import { searchOn } from '../src/test-support/mainSideOnSandbox'
import { publishDeskKey, testDesk, type TestDesk } from '../src/test-support/teamDesks'
import { setUpTeamForTest, type TeamServer } from '../src/test-support/teamServer'

export const benchDatabase = 'team'
/** Who wrote the seeded team; `dee` joins fresh desks, `eve` is the baseline's login. */
export const benchMembers = ['ana', 'ben', 'cy', 'dee', 'eve'].map((name) => ({
  name,
  password: `${name}-password`,
}))
export const passwordOf = (name: string): string => `${name}-password`

export interface SeededTeam {
  caseIds: string[]
  /** Entries per case, and check-linked entries (each with its raw answer) per case. */
  entriesPerCase: number
  checksPerCase: number
  /** Every document the seed put on the server (entries of cases and of the roster). */
  documents: number
  rawAnswerBytes: number
  writers: TestDesk[]
}

/** 1,000 real answers of the sandbox through the main side, half of them sanctioned wallets. */
async function realChecks(count: number): Promise<ExportedCheck[]> {
  const sandbox = await startSandbox({ rateLimitPerSecond: 1_000_000 })
  const { baseUrl, secretKey } = sandbox.environment('sandbox')
  const dataDir = await mkdtemp(join(tmpdir(), 'cd-bench-team-checks-'))
  const mainSide = await startMainSide({
    dataDir,
    keyStore: sessionKeyStore('bench'),
    localSandbox: { baseUrl, secretKey },
  })
  const app = {
    call: (method: string, input: unknown) => dispatchBridgeCall(mainSide.handlers, method, input),
  }
  try {
    const hits = bundledSanctionedWallets()
      .filter((wallet) => wallet.publicKey.startsWith('0x'))
      .map((wallet) => wallet.publicKey)
    const checks: ExportedCheck[] = []
    for (let index = 0; index < count; index += 1) {
      const query =
        index % 2 === 0
          ? (hits[(index / 2) % hits.length] ?? '')
          : `0x${randomBytes(20).toString('hex')}`
      checks.push(exportedCheckOf(await searchOn(app, query), index))
    }
    return checks
  } finally {
    await mainSide.close()
    await sandbox.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** A check-linked change as `createTeamCases` shares one: evidence without bytes, bytes pinned. */
function linkedChange(check: ExportedCheck): { change: TeamChange; raw: Buffer } {
  const raw = Buffer.from(check.evidence.response.bodyBase64, 'base64')
  const evidence = checkEvidenceOf(check)
  return {
    raw,
    change: {
      action: 'check-linked',
      summary: `Check of ${check.query} linked`,
      before: null,
      after: {
        localId: check.localId,
        query: check.query,
        fetchedAt: check.fetchedAt,
        linked: {
          ...evidence,
          evidence: {
            ...evidence.evidence,
            response: { ...evidence.evidence.response, bodyBase64: '' },
          },
        },
      },
      attachments: { 'raw-answer': bytesToHex(sha256(raw)) },
    },
  }
}

/**
 * One case's 100 changes as investigators make them: opened, 10 checks linked (each followed by
 * decisions on its hits), moved to review and escalated, notes between, decisions revised.
 */
function caseChanges(caseId: string, checks: ExportedCheck[], size: number) {
  const changes: Array<{ change: TeamChange; raw?: Buffer }> = [
    {
      change: {
        action: 'created',
        summary: `Case opened: ${caseId}`,
        before: null,
        after: { title: `Wallets of ${caseId}`, subject: 'A customer’s wallets', description: '' },
      },
    },
  ]
  const hits = checks.flatMap((check, index) =>
    hitsOf(check.check).map((hit) => ({ check, hit, index })),
  )
  const fillers = size - 1 - checks.length - 2
  const perCheck = Math.floor(fillers / checks.length)
  checks.forEach((check, index) => {
    changes.push(linkedChange(check))
    if (index === 3 || index === 7) {
      const [from, state] = index === 3 ? ['open', 'in_review'] : ['in_review', 'escalated']
      changes.push({
        change: {
          action: 'state-changed',
          summary: `${from} → ${state}`,
          before: { state: from },
          after: { state },
        },
      })
    }
    const count = index === checks.length - 1 ? fillers - perCheck * index : perCheck
    // Decisions on the hits of the checks linked so far.
    const linkedHits = hits.filter((hit) => hit.index <= index)
    for (let step = 0; step < count; step += 1) {
      const target = linkedHits[(index * perCheck + step) % Math.max(linkedHits.length, 1)]
      if (step % 3 === 2 || !target) {
        const text = `Reviewed the answer for ${check.query}: step ${step}. The counterparty’s documents are on file.`
        changes.push({
          change: { action: 'note-added', summary: 'Note added', before: null, after: { text } },
        })
        continue
      }
      const decision = step % 2 === 0 ? 'needs_review' : 'true_match'
      changes.push({
        change: {
          action: 'hit-decided',
          summary: `Hit ${target.hit.hitKey}: ${decision}`,
          before: null,
          after: {
            id: `${caseId}|${target.check.localId}|${target.hit.hitKey}`,
            caseId,
            checkId: target.check.localId,
            environment: target.check.environment,
            queryKey: target.check.queryKey,
            hitKey: target.hit.hitKey,
            category: target.hit.category,
            recordTitle: target.hit.title,
            decision,
            rationale: 'Listed by OFAC; the wallet is the subject’s.',
            decidedAt: '2026-11-20T09:00:00.000Z',
          },
        },
      })
    }
  })
  return changes
}

const writeAs = async (server: TeamServer, member: string, documents: StoredDocument[]) => {
  const remote = openRemoteTeamDatabase(`${server.url}${benchDatabase}`, {
    username: member,
    password: passwordOf(member),
  })
  for (let start = 0; start < documents.length; start += 250) {
    const results = await remote.bulkDocs(documents.slice(start, start + 250))
    const refused = results.filter((result) => !result.ok)
    if (refused.length > 0) throw new Error(`the server refused: ${JSON.stringify(refused[0])}`)
  }
  await remote.close()
}

/**
 * A team of three writers on the server: their keys in the roster, `cases` cases of
 * `entriesPerCase` signed entries each, `checksPerCase` of them linking a real check whose raw
 * answer rides along as the attachment its entry pins. Each case is written by all three in turns.
 */
export async function seedTeam(
  server: TeamServer,
  { cases = 100, entriesPerCase = 100, checksPerCase = 10 } = {},
): Promise<SeededTeam> {
  await setUpTeamForTest(server, {
    database: benchDatabase,
    admins: ['ana'],
    members: benchMembers,
  })
  const writers = [testDesk('ana', 11), testDesk('ben', 12), testDesk('cy', 13)]
  const byMember = new Map<string, StoredDocument[]>(writers.map((desk) => [desk.member, []]))
  const roster: TeamEntry[] = []
  for (const desk of writers) {
    const document = publishDeskKey(desk, roster)
    roster.push(document)
    byMember.get(desk.member)!.push(document)
  }
  const checks = await realChecks(cases * checksPerCase)
  let rawAnswerBytes = 0
  const caseIds = Array.from({ length: cases }, (_, index) => `case_bench-${index + 1}`)
  caseIds.forEach((caseId, caseIndex) => {
    const heads = teamScopeHeads()
    const linked = checks.slice(caseIndex * checksPerCase, (caseIndex + 1) * checksPerCase)
    caseChanges(caseId, linked, entriesPerCase).forEach(({ change, raw }, index) => {
      // Turns of a few entries each, a different writer opening each case.
      const desk = writers[(caseIndex + Math.floor(index / 7)) % writers.length]!
      const at = new Date(Date.UTC(2026, 10, 20, 9, 0, index)).toISOString()
      const entry = signTeamEntry(heads.next({ scope: caseId, ...desk }, change, at), desk.sign)
      heads.add(entry)
      rawAnswerBytes += raw?.length ?? 0
      byMember.get(desk.member)!.push({
        ...teamEntryDocument(entry),
        ...(raw
          ? {
              _attachments: {
                'raw-answer': { content_type: 'application/json', data: raw.toString('base64') },
              },
            }
          : {}),
      })
    })
  })
  for (const [member, documents] of byMember) await writeAs(server, member, documents)
  const documents = [...byMember.values()].reduce((sum, list) => sum + list.length, 0)
  return { caseIds, entriesPerCase, checksPerCase, documents, rawAnswerBytes, writers }
}
