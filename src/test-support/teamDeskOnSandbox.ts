import type { BridgeInput, BridgeMethod, BridgeOutput, BridgeReply } from '../shared/bridge'
import { actorOfIdentity, type Actor } from '../shared/identity/investigator'
import { openAppDatabase, type AppDatabase } from '../renderer/src/data/database/appDatabase'
import { auditTrailOf, readCaseChecks } from '../renderer/src/data/cases/caseReads'
import type { BridgeCaller } from '../renderer/src/data/cases/caseExport'
import { connectTeamCaller } from '../renderer/src/data/cases/sharedCases'
import { startMainSideOnSandbox, type MainSideOnSandbox } from './mainSideOnSandbox'
import type { TeamServer } from './teamServer'

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
