import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BridgeReply } from '../../../shared/bridge'
import { checkEvidenceOf } from '../../../shared/bridge/evidenceContract'
import { maxLinkedEntityChars, type SharedCase } from '../../../shared/bridge/teamContract'
import { nextAuditEntry } from '../../../shared/cases/auditChain'
import type { AuditEntry } from '../../../shared/cases/caseSchemas'
import { actorOfIdentity } from '../../../shared/identity/investigator'
import type { IdentityView } from '../../../shared/bridge/identityContract'
import { exportedCheckOf, fixtureActor } from '../../../test-support/evidenceFixtures'
import {
  searchOn,
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../../test-support/mainSideOnSandbox'
import { fixtureWallet } from '../../../test-support/storedChecks'
import {
  setUpTeamForTest,
  startTeamServer,
  type TeamServer,
} from '../../../test-support/teamServer'

const database = 'team'
/** Replication on a loaded 2-core machine takes seconds, not the poll's default 1 s. */
const replicated = { timeout: 15_000 }
const caseId = 'case_shared-cases-1'

const data = <T>(reply: BridgeReply<unknown>): T => {
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.data as T
}

async function deskIn(server: TeamServer, member: string): Promise<MainSideOnSandbox> {
  const desk = await startMainSideOnSandbox()
  data(
    await desk.call('identity.setInvestigator', {
      investigator: {
        name: `Investigator ${member}`,
        email: `${member}@example.org`,
        organisation: 'Example Compliance',
      },
    }),
  )
  data(
    await desk.call('team.join', {
      serverUrl: server.url,
      database,
      member,
      password: `${member}-password`,
    }),
  )
  return desk
}

describe('cases shared through the team server, over the bridge', { timeout: 60_000 }, () => {
  let server: TeamServer
  let ana: MainSideOnSandbox
  let ben: MainSideOnSandbox
  beforeAll(async () => {
    server = await startTeamServer()
    await setUpTeamForTest(server, {
      database,
      admins: ['ana'],
      members: ['ana', 'ben'].map((name) => ({ name, password: `${name}-password` })),
    })
    ana = await deskIn(server, 'ana')
    ben = await deskIn(server, 'ben')
  })
  afterAll(async () => {
    await Promise.all([ana.stop(), ben.stop()])
    await server.stop()
  })

  it("shares a case's trail with its check, read on the other desk from the raw answer", async () => {
    const actor = actorOfIdentity(data<IdentityView>(await ana.call('identity.get', {})))!
    const result = await searchOn(ana, fixtureWallet)
    const linked = exportedCheckOf(result, 1)
    const created = nextAuditEntry(
      caseId,
      undefined,
      {
        action: 'created',
        summary: 'Case opened: Shared',
        before: null,
        after: { title: 'Shared', subject: 'A wallet', description: '' },
      },
      actor,
    )
    const link = nextAuditEntry(
      caseId,
      created,
      {
        action: 'check-linked',
        summary: `Check of ${fixtureWallet} linked`,
        before: null,
        after: { localId: linked.localId, query: linked.query, fetchedAt: linked.fetchedAt },
      },
      actor,
    )
    const trail: AuditEntry[] = [created, link]
    const shared = { caseId, trail, checks: [checkEvidenceOf(linked)] }
    expect(data(await ana.call('team.shareCase', shared))).toEqual({ entries: 2 })
    // Sharing again (a second click, a retry after a lost reply) writes nothing twice.
    expect(data(await ana.call('team.shareCase', shared))).toEqual({ entries: 2 })

    await expect
      .poll(
        async () => data<SharedCase>(await ben.call('team.readCase', { caseId })).entries,
        replicated,
      )
      .toHaveLength(2)
    const seen = data<SharedCase>(await ben.call('team.readCase', { caseId }))
    expect(seen.entries.map((entry) => [entry.action, entry.member, entry.at])).toEqual([
      ['created', 'ana', created.at],
      ['check-linked', 'ana', link.at],
    ])
    expect(seen.checks).toHaveLength(1)
    expect(seen.checks[0]!.check).toEqual(result.check)
    expect(seen.checks[0]!.evidence.response.bodyBase64).toBe(linked.evidence.response.bodyBase64)
    expect(seen.missingChecks).toEqual([])
    expect(seen.setAside).toEqual([])

    data(
      await ben.call('team.writeCase', {
        caseId,
        change: {
          action: 'note-added',
          summary: 'Note added',
          before: null,
          after: { text: 'Reviewed on the second desk.' },
        },
      }),
    )
    await expect
      .poll(
        async () =>
          data<SharedCase>(await ana.call('team.readCase', { caseId })).authors.map(
            (author) => `${author.member}:${author.entries}`,
          ),
        replicated,
      )
      .toEqual(['ana:2', 'ben:1'])
    // 3 of the case and 2 of the roster (each desk's published key).
    expect(data(await ana.call('team.sharedCases', {}))).toEqual({
      cases: [{ caseId, documents: 5 }],
    })
    // A roster change is news for every case: what its entries count for may have changed.
    data(await ana.call('team.removeMember', { member: 'ben', reason: 'Left the team.' }))
    expect(data(await ana.call('team.sharedCases', {}))).toEqual({
      cases: [{ caseId, documents: 6 }],
    })
    expect(data<SharedCase>(await ana.call('team.readCase', { caseId })).documents).toBe(6)
  })

  it('refuses, in a sentence, what cannot be shared under this desk’s signature', async () => {
    const actor = actorOfIdentity(data<IdentityView>(await ana.call('identity.get', {})))!
    const otherCase = 'case_shared-cases-2'
    const created = nextAuditEntry(
      otherCase,
      undefined,
      { action: 'created', summary: 'Case opened: X', before: null, after: {} },
      actor,
    )
    const byColleague = nextAuditEntry(
      otherCase,
      created,
      { action: 'note-added', summary: 'Note added', before: null, after: {} },
      fixtureActor,
    )
    const colleague = await ana.call('team.shareCase', {
      caseId: otherCase,
      trail: [created, byColleague],
      checks: [],
    })
    expect(colleague.ok ? null : colleague.error.message).toMatch(
      /1 entry of this case was made under another key/,
    )
    const unlinked = nextAuditEntry(
      otherCase,
      created,
      {
        action: 'check-linked',
        summary: 'Check of 0xabc linked',
        before: null,
        after: { localId: 'no-such-check', query: '0xabc', fetchedAt: created.at },
      },
      actor,
    )
    const missing = await ana.call('team.shareCase', {
      caseId: otherCase,
      trail: [created, unlinked],
      checks: [],
    })
    expect(missing.ok ? null : missing.error.message).toMatch(
      /was not handed over with its raw answer: nothing was shared/,
    )
    // An entity's details go with its link only within their bound: every desk keeps them.
    const oversized = await ana.call('team.writeCase', {
      caseId,
      change: {
        action: 'entity-linked',
        summary: 'Entity Jane Doe linked',
        before: null,
        after: { environment: 'local', id: 'ent_large', name: 'Jane Doe' },
      },
      entity: {
        environment: 'local',
        id: 'ent_large',
        fetchedAt: created.at,
        entity: { id: 'ent_large', notes: 'x'.repeat(maxLinkedEntityChars) },
      },
    })
    expect(oversized.ok ? null : oversized.error.name).toBe('ValidationError')
    expect(data(await ana.call('team.sharedCases', {}))).toEqual({
      cases: [{ caseId, documents: 6 }],
    })
  })
})
