import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TeamView } from '../../../shared/bridge/teamContract'
import { teamJoinSchema } from '../../../shared/bridge/teamContract'
import { loopbackRelay } from '../../../test-support/loopbackRelay'
import { openMemoryTeamDatabase } from '../../../test-support/memoryTeamDatabase'
import {
  requestAs,
  setUpTeamForTest,
  signedEntryForTest,
  startTeamServer,
  type TeamServer,
} from '../../../test-support/teamServer'
import { createIdentityService } from '../identity/identityService'
import { sessionKeyStore } from '../keys/secretKeyStore'
import { openSettingsStore } from '../settings/settingsStore'
import { createTeamService, type TeamService } from './teamService'

const database = 'team'
/** Replication on a loaded 2-core machine takes seconds, not the poll's default 1 s. */
const replicated = { timeout: 15_000 }
const members = [
  { name: 'ana', password: 'ana-password' },
  { name: 'ben', password: 'ben-password' },
]

interface Desk {
  dataDir: string
  keys: ReturnType<typeof sessionKeyStore>
  team: TeamService
}

const folders: string[] = []

async function deskOf(
  name: string,
  { dataDir, memory = true }: { dataDir?: string; memory?: boolean } = {},
  keys = sessionKeyStore('test'),
): Promise<Desk> {
  const folder = dataDir ?? (await mkdtemp(join(tmpdir(), `desk-${name}-`)))
  folders.push(folder)
  const settings = await openSettingsStore(folder)
  const identity = createIdentityService(settings, keys)
  await identity.setInvestigator({
    name: `Investigator ${name}`,
    email: `${name}@example.org`,
    organisation: 'Example Compliance',
  })
  const team = createTeamService({
    dataDir: folder,
    settings,
    keys,
    identity,
    ...(memory ? { openLocal: (path: string) => openMemoryTeamDatabase(path) } : {}),
  })
  return { dataDir: folder, keys, team }
}

const joined = (view: TeamView) => {
  if (!view.joined) throw new Error('the desk is not in a team')
  return view
}

const credentials = (serverUrl: string, member: (typeof members)[number]) =>
  teamJoinSchema.parse({ serverUrl, database, member: member.name, password: member.password })

describe('a desk in a team, against the team server over HTTP', { timeout: 60_000 }, () => {
  let server: TeamServer
  beforeAll(async () => {
    server = await startTeamServer()
    await setUpTeamForTest(server, { database, admins: ['ana'], members })
  })
  afterAll(async () => {
    await server.stop()
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
  })

  it('joins, publishes its key, and sees a colleague and their entries', async () => {
    const ana = await deskOf('ana')
    const ben = await deskOf('ben')
    const anaView = joined(await ana.team.join(credentials(server.url, members[0]!)))
    expect(anaView.member).toBe('ana')
    expect(await ana.keys.get('team-password')).toBe('ana-password')
    await ben.team.join(credentials(server.url, members[1]!))
    await expect
      .poll(
        async () =>
          joined(await ben.team.view())
            .roster.map((member) => member.member)
            .sort(),
        replicated,
      )
      .toEqual(['ana', 'ben'])
    const roster = joined(await ben.team.view()).roster
    expect(roster.find((member) => member.member === 'ana')).toMatchObject({
      name: 'Investigator ana',
      admin: true,
      removed: false,
    })
    await ana.team.write('case_shared-1', {
      action: 'note-added',
      summary: 'Note added',
      before: null,
      after: { note: { text: 'Called the exchange.' } },
    })
    await expect
      .poll(
        async () => (await ben.team.scope('case_shared-1')).applied.map((entry) => entry.member),
        replicated,
      )
      .toEqual(['ana'])
    await expect
      .poll(async () => joined(await ana.team.view()).sync.state, replicated)
      .toBe('in-sync')
    expect(joined(await ana.team.view()).sync.waiting).toBe(0)
    await Promise.all([ana.team.close(), ben.team.close()])
  })

  it('refuses a wrong password in a sentence and keeps nothing', async () => {
    const desk = await deskOf('ana-wrong')
    await expect(
      desk.team.join({ ...credentials(server.url, members[0]!), password: 'not-it' }),
    ).rejects.toThrow('did not accept the name "ana" with this password')
    expect(await desk.team.view()).toEqual({ joined: false })
    expect(await desk.keys.get('team-password')).toBeNull()
  })

  it('refuses a database it is not a member of, and an address that is not a team server', async () => {
    const desk = await deskOf('ben-elsewhere')
    await expect(
      desk.team.join({ ...credentials(server.url, members[1]!), database: 'other' }),
    ).rejects.toThrow('no database "other"')
    await expect(desk.team.join(credentials('http://127.0.0.1:9', members[1]!))).rejects.toThrow(
      'could not be reached',
    )
    expect(await desk.team.view()).toEqual({ joined: false })
  })

  it('counts what waits while offline, says since when, and sends it when the server is back', async () => {
    const relay = await loopbackRelay(new URL(server.url))
    const ana = await deskOf('ana-offline')
    await ana.team.join(credentials(relay.url, members[0]!))
    await expect
      .poll(async () => joined(await ana.team.view()).sync.state, replicated)
      .toBe('in-sync')
    await relay.cut()
    for (const text of ['first', 'second', 'third']) {
      await ana.team.write('case_offline-1', {
        action: 'note-added',
        summary: 'Note added',
        before: null,
        after: { note: { text } },
      })
    }
    await expect
      .poll(async () => joined(await ana.team.view()).sync, replicated)
      .toMatchObject({ state: 'offline', waiting: 3 })
    expect(joined(await ana.team.view()).sync.offlineSince).not.toBeNull()
    await relay.restore()
    await expect
      .poll(async () => joined(await ana.team.view()).sync, replicated)
      .toMatchObject({ state: 'in-sync', waiting: 0, offlineSince: null })
    const reader = await deskOf('ben-reader')
    await reader.team.join(credentials(server.url, members[1]!))
    await expect
      .poll(async () => (await reader.team.scope('case_offline-1')).applied.length, replicated)
      .toBe(3)
    await Promise.all([ana.team.close(), relay.cut(), reader.team.close()])
  })

  it('resumes from its own folder after a restart, and keeps every entry when it leaves', async () => {
    const keys = sessionKeyStore('test')
    const first = await deskOf('ana-disk', { memory: false }, keys)
    await first.team.join(credentials(server.url, members[0]!))
    await first.team.write('case_disk-1', {
      action: 'note-added',
      summary: 'Note added',
      before: null,
      after: { note: { text: 'before the restart' } },
    })
    await first.team.close()
    const again = await deskOf('ana-disk', { dataDir: first.dataDir, memory: false }, keys)
    expect(joined(await again.team.view()).member).toBe('ana')
    const written = await again.team.write('case_disk-1', {
      action: 'note-added',
      summary: 'Note added',
      before: null,
      after: { note: { text: 'after the restart' } },
    })
    expect(written.deviceSeq).toBe(2)
    await expect
      .poll(async () => joined(await again.team.view()).sync.state, replicated)
      .toBe('in-sync')
    expect(await again.team.leave()).toEqual({ joined: false })
    expect(await keys.get('team-password')).toBeNull()
    await again.team.close()
    const reopened = await deskOf('ana-disk', { dataDir: first.dataDir, memory: false }, keys)
    await reopened.team.join(credentials(server.url, members[0]!))
    expect((await reopened.team.scope('case_disk-1')).applied).toHaveLength(2)
    await reopened.team.close()
  })

  it('sets aside, on every desk, an entry from a key the roster does not give its member', async () => {
    const ana = await deskOf('ana-forged')
    await ana.team.join(credentials(server.url, members[0]!))
    // Ben's password, but a key Ben never published: the server takes it (it holds only the
    // shape), and no desk applies it.
    const forged = signedEntryForTest('ben', { scope: 'case_forged-1' })
    const sent = await requestAs(
      server,
      members[1]!,
      'PUT',
      `/${database}/${encodeURIComponent(forged._id)}`,
      forged,
    )
    expect(sent.status).toBe(201)
    await expect
      .poll(async () => {
        const scope = await ana.team.scope('case_forged-1')
        return { applied: scope.applied.length, aside: scope.setAside.map((entry) => entry.kind) }
      }, replicated)
      .toEqual({ applied: 0, aside: ['unknown-key'] })
    await ana.team.close()
  })

  it('a team admin removes a member: their earlier entries count, later ones nowhere, and their desk refuses to write once it knows', async () => {
    const relay = await loopbackRelay(new URL(server.url))
    const ana = await deskOf('ana-admin')
    const ben = await deskOf('ben-removed')
    await ana.team.join(credentials(server.url, members[0]!))
    await ben.team.join(credentials(relay.url, members[1]!))
    const note = (text: string) => ({
      action: 'note-added',
      summary: 'Note added',
      before: null,
      after: { text },
    })
    await ben.team.write('case_removal-1', note('before the removal'))
    await expect(ben.team.removeMember('ana', 'Left the firm.')).rejects.toThrow(
      'Only a team admin can remove a member',
    )
    await expect
      .poll(async () => (await ana.team.scope('case_removal-1')).applied.length, replicated)
      .toBe(1)
    // Ben's desk is offline when he is removed: what he writes meanwhile, not knowing, is sent
    // when it is back, and counts nowhere.
    await relay.cut()
    const after = joined(await ana.team.removeMember('ben', 'Left the firm.'))
    expect(after.roster.find((member) => member.member === 'ben')?.removed).toBe(true)
    await ben.team.write('case_removal-1', note('after the removal, not knowing'))
    await relay.restore()
    await expect
      .poll(async () => {
        const scope = await ana.team.scope('case_removal-1')
        return { applied: scope.applied.length, aside: scope.setAside.map((entry) => entry.kind) }
      }, replicated)
      .toEqual({ applied: 1, aside: ['removed-member'] })
    await expect
      .poll(
        async () =>
          joined(await ben.team.view()).roster.find((member) => member.member === 'ben')?.removed,
        replicated,
      )
      .toBe(true)
    // Knowing, his desk says so rather than write what would vanish.
    await expect(ben.team.write('case_removal-1', note('after the removal'))).rejects.toThrow(
      'A team admin removed you (“ben”) from the team, so no desk applies what you write now: nothing was written.',
    )
    // The server's admin removes Ben's user from the team too: the server now refuses him, and
    // his desk says so instead of retrying for ever.
    await setUpTeamForTest(server, {
      database,
      admins: ['ana'],
      members: [members[0]!],
      removed: ['ben'],
    })
    await ana.team.write('case_removal-1', note('news for ben to fetch'))
    await expect
      .poll(async () => joined(await ben.team.view()).sync.state, replicated)
      .toBe('refused')
    expect(joined(await ben.team.view()).sync.problem).toMatch(/ask your team admin/)
    await Promise.all([ana.team.close(), ben.team.close()])
    await relay.cut()
  })
})
