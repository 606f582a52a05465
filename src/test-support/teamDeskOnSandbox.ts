import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { BridgeInput, BridgeMethod, BridgeOutput, BridgeReply } from '../shared/bridge'
import type { TeamChange } from '../shared/team/nextTeamEntry'
import { checkTeamEntry } from '../shared/team/teamEntry'
import { actorOfIdentity, type Actor } from '../shared/identity/investigator'
import { openAppDatabase, type AppDatabase } from '../renderer/src/data/database/appDatabase'
import { auditTrailOf, readCaseChecks } from '../renderer/src/data/cases/caseReads'
import type { BridgeCaller } from '../renderer/src/data/cases/caseExport'
import {
  connectTeamCaller,
  shareCase,
  syncSharedCases,
} from '../renderer/src/data/cases/sharedCases'
import { startMainSideOnSandbox, type MainSideOnSandbox } from './mainSideOnSandbox'
import { saveCheck, toStoredCheck } from '../renderer/src/data/checks/checkRepository'
import { createCase, decideHit, linkCheck } from '../renderer/src/data/cases/caseRepository'
import { hitsOf } from '../shared/cases/checkHits'
import type { StoredCheck } from '../renderer/src/data/database/appDatabase'
import type { CryptoSearchResult } from '../shared/bridge/cryptoContract'
import { searchOn } from './mainSideOnSandbox'
import { loopbackRelay } from './loopbackRelay'
import { publishDeskKey, testDesk, writeTeamEntry } from './teamDesks'
import { requestAs, setUpTeamForTest, startTeamServer, type TeamServer } from './teamServer'

/** A desk of a team in one test process: its own main side, page database and investigator. */
export interface TeamDeskOnSandbox {
  main: MainSideOnSandbox
  db: AppDatabase
  actor: Actor
  /** A bridge call as the page makes it; a refusal throws its message. */
  call: BridgeCaller
}

/** `member` (password `<member>-password`) joins `database` on the team server at a desk of their own. */
export async function teamDeskOnSandbox(
  server: TeamServer,
  member: string,
  database: string,
): Promise<TeamDeskOnSandbox> {
  const main = await startMainSideOnSandbox()
  const call = async <M extends BridgeMethod>(
    method: M,
    input: BridgeInput<M>,
  ): Promise<BridgeOutput<M>> => {
    const reply: BridgeReply<unknown> = await main.call(method, input)
    if (!reply.ok) throw new Error(reply.error.message)
    return reply.data as BridgeOutput<M>
  }
  await call('identity.setInvestigator', {
    investigator: {
      name: `Investigator ${member}`,
      email: `${member}@example.org`,
      organisation: 'Example Compliance',
    },
  })
  await call('team.join', {
    serverUrl: server.url,
    database,
    member,
    password: `${member}-password`,
  })
  const db = openAppDatabase(`shared-case-${member}-${crypto.randomUUID()}`)
  connectTeamCaller(db, call)
  const actor = actorOfIdentity(await call('identity.get', {}))!
  return { main, db, actor, call }
}

/** Everything a desk keeps of a case, as a reviewer would compare two desks' copies of it. */
export async function caseAsKept(db: AppDatabase, caseId: string) {
  const caseRecord = await db.cases.get(caseId)
  return {
    caseRecord,
    trail: await auditTrailOf(db, caseId).toArray(),
    notes: await db.caseNotes.where('caseId').equals(caseId).sortBy('id'),
    decisions: await db.hitDecisions.where('caseId').equals(caseId).sortBy('id'),
    checks: caseRecord ? (await readCaseChecks(db, caseRecord)).checks : [],
  }
}

/** What a desk keeps of a case once its page has taken in what replication brought. */
export async function keptAfterSync(desk: TeamDeskOnSandbox, caseId: string) {
  await syncSharedCases(desk.db)
  return caseAsKept(desk.db, caseId)
}

type Relay = Awaited<ReturnType<typeof loopbackRelay>>

/** A team of two on a team server of its own: ana (a team admin) and ben, each at a desk. */
export interface TeamOfTwo {
  server: TeamServer
  ana: TeamDeskOnSandbox
  ben: TeamDeskOnSandbox
  /** Each desk's way to the server: cutting one takes that desk offline, restoring brings it back. */
  relays: { ana: Relay; ben: Relay }
  stop(): Promise<void>
}

export async function teamOfTwo(database: string): Promise<TeamOfTwo> {
  const server = await startTeamServer()
  await setUpTeamForTest(server, {
    database,
    admins: ['ana'],
    members: ['ana', 'ben'].map((name) => ({ name, password: `${name}-password` })),
  })
  const target = new URL(server.url)
  const relays = { ana: await loopbackRelay(target), ben: await loopbackRelay(target) }
  const ana = await teamDeskOnSandbox({ ...server, url: relays.ana.url }, 'ana', database)
  const ben = await teamDeskOnSandbox({ ...server, url: relays.ben.url }, 'ben', database)
  return {
    server,
    ana,
    ben,
    relays,
    stop: async () => {
      await Promise.all([ana.main.stop(), ben.main.stop()])
      await Promise.all([relays.ana.cut(), relays.ben.cut()])
      await server.stop()
    },
  }
}

/** A wallet checked at a desk (kept in its History) and a new case of it with the check linked. */
export async function caseWithCheck(
  desk: TeamDeskOnSandbox,
  wallet: string,
  title: string,
  requestId = `request-${crypto.randomUUID()}`,
): Promise<{ caseId: string; result: CryptoSearchResult; stored: StoredCheck }> {
  const result = await searchOn(desk.main, wallet)
  const stored = toStoredCheck(requestId, wallet, wallet, result)
  await saveCheck(desk.db, stored)
  const caseId = await createCase(desk.db, desk.actor, { title, subject: wallet, description: '' })
  await linkCheck(desk.db, desk.actor, caseId, {
    localId: stored.localId,
    query: stored.query,
    fetchedAt: stored.fetchedAt,
  })
  return { caseId, result, stored }
}

/**
 * A case of `desk`'s with a check of `wallet` whose first hit is decided a true match, shared: the
 * four-eyes rule applies to it. The wallet must have a hit on the sandbox.
 */
export async function sharedTrueMatch(
  desk: TeamDeskOnSandbox,
  wallet: string,
  title: string,
): Promise<{ caseId: string; result: CryptoSearchResult; stored: StoredCheck }> {
  const made = await caseWithCheck(desk, wallet, title)
  const { caseId, result, stored } = made
  await decideHit(desk.db, desk.actor, caseId, {
    check: { localId: stored.localId, environment: stored.environment, queryKey: stored.queryKey },
    hit: hitsOf(result.check)[0]!,
    decision: 'true_match',
    rationale: 'Listed wallet, same chain.',
  })
  await shareCase(desk.db, caseId)
  return made
}

/**
 * An entry `member` writes straight to the team server with their password, under a key of theirs
 * published in the roster first, after every entry the server holds of the case: its attachment
 * `name` is pinned as `signed` but carries `sent`, as a desk that altered it (or a copy damaged on
 * the way) would hand it on. No desk may read `sent` as what the author signed. Once per member.
 */
export async function writeWithAlteredAttachment(
  server: Pick<TeamServer, 'url'>,
  database: string,
  member: string,
  caseId: string,
  change: TeamChange,
  attachment: { name: string; signed: Uint8Array; sent: Uint8Array },
): Promise<void> {
  const user = { name: member, password: `${member}-password` }
  const put = async (document: { _id: string; _attachments?: unknown }) => {
    const { status, body } = await requestAs(
      server,
      user,
      'PUT',
      `${database}/${document._id}`,
      document,
    )
    if (status !== 201) throw new Error(`${document._id} was not written: ${JSON.stringify(body)}`)
  }
  const desk = testDesk(member, 91)
  await put(publishDeskKey(desk))
  const range = (key: string) => encodeURIComponent(JSON.stringify(key))
  const prefix = `entry:${caseId}:`
  const { body } = await requestAs(
    server,
    user,
    'GET',
    `${database}/_all_docs?include_docs=true&startkey=${range(prefix)}&endkey=${range(`${prefix}\ufff0`)}`,
  )
  const held = (body.rows as Array<{ doc?: unknown }>).flatMap(({ doc }) => {
    const read = checkTeamEntry(doc)
    return read.ok ? [read.entry] : []
  })
  const { name, signed, sent } = attachment
  const document = writeTeamEntry(
    desk,
    caseId,
    held,
    { ...change, attachments: { [name]: bytesToHex(sha256(signed)) } },
    new Date().toISOString(),
  )
  await put({
    ...document,
    _attachments: {
      [name]: { content_type: 'application/json', data: Buffer.from(sent).toString('base64') },
    },
  })
}
