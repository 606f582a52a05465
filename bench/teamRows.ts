import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as pause } from 'node:timers/promises'
import { createIdentityService } from '../src/main/services/identity/identityService'
import { sessionKeyStore } from '../src/main/services/keys/secretKeyStore'
import { openSettingsStore } from '../src/main/services/settings/settingsStore'
import { createTeamCases, type TeamCases } from '../src/main/services/team/teamCases'
import {
  openLocalTeamDatabase,
  openRemoteTeamDatabase,
  type TeamDatabase,
} from '../src/main/services/team/teamDatabase'
import { createTeamService, type TeamService } from '../src/main/services/team/teamService'
import { teamJoinSchema } from '../src/shared/bridge/teamContract'
import { testDesk, writeTeamEntry } from '../src/test-support/teamDesks'
import { setUpTeamForTest, startTeamServer, type TeamServer } from '../src/test-support/teamServer'
import { benchRow, compare, type BenchRow } from './benchStats'
import { teamPageRow } from './teamPageRow'
import { benchDatabase, benchMembers, passwordOf, seedTeam, type SeededTeam } from './teamSeed'

interface BenchDesk {
  team: TeamService
  cases: TeamCases
  close(): Promise<void>
}

/** A desk as the app makes one: its own data folder, identity and leveldb copy of the team. */
async function freshDesk(
  member: string,
): Promise<BenchDesk & { join(url: string): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), `cd-bench-team-${member}-`))
  const settings = await openSettingsStore(folder)
  const keys = sessionKeyStore('bench')
  const identity = createIdentityService(settings, keys)
  await identity.setInvestigator({
    name: `Investigator ${member}`,
    email: `${member}@example.org`,
    organisation: 'Example Compliance',
  })
  const team = createTeamService({ dataDir: folder, settings, keys, identity })
  return {
    team,
    cases: createTeamCases(team, identity),
    join: async (url) => {
      await team.join(
        teamJoinSchema.parse({
          serverUrl: url,
          database: benchDatabase,
          member,
          password: passwordOf(member),
        }),
      )
    },
    close: async () => {
      await team.close()
      await rm(folder, { recursive: true, force: true })
    },
  }
}

/** Polls the desk's own status line, as the Team settings show it, until it says "in sync". */
async function untilInSync(team: TeamService): Promise<void> {
  for (;;) {
    const view = await team.view()
    if (view.joined && view.sync.state === 'in-sync') return
    if (view.joined && view.sync.state === 'refused') throw new Error(String(view.sync.problem))
    await pause(50)
  }
}

/** Every seeded case read as the page reads it, held to what was written: or it throws. */
async function readEveryCase(cases: TeamCases, seeded: SeededTeam): Promise<void> {
  for (const caseId of seeded.caseIds) {
    const read = await cases.read(caseId)
    const problem =
      read.entries.length < seeded.entriesPerCase
        ? `${read.entries.length} of ${seeded.entriesPerCase} entries`
        : read.checks.length !== seeded.checksPerCase
          ? `${read.checks.length} of ${seeded.checksPerCase} checks`
          : read.missingChecks.length > 0
            ? `${read.missingChecks.length} checks missing`
            : read.setAside.length > 0
              ? `set aside: ${read.setAside.join('; ')}`
              : read.disagreements.length > 0
                ? `${read.disagreements.length} disagreements`
                : new Set(read.entries.map((entry) => entry.member)).size !== 3
                  ? 'not every writer counted'
                  : null
    if (problem) throw new Error(`${caseId} read wrong on the joining desk: ${problem}`)
  }
}

/** A fresh leveldb folder and its database, removed on close. */
async function freshLocal(
  name: string,
): Promise<{ local: TeamDatabase; close: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), `cd-bench-pouch-${name}-`))
  const local = openLocalTeamDatabase(join(folder, 'team'))
  return {
    local,
    close: async () => {
      await local.close()
      await rm(folder, { recursive: true, force: true })
    },
  }
}

/** The propagation baseline's database, beside the team's. */
const plainDatabase = 'plain'

const remoteAs = (server: TeamServer, member: string, database = benchDatabase): TeamDatabase =>
  openRemoteTeamDatabase(`${server.url}${database}`, {
    username: member,
    password: passwordOf(member),
  })

/**
 * Row 1: a fresh desk joins the seeded team, from `join` to "in sync" and every case read with
 * all its checks, against PouchDB replicating the same database into a fresh leveldb, alone.
 */
async function joinRow(server: TeamServer, seeded: SeededTeam): Promise<BenchRow> {
  const phases = { inSync: [] as number[], reading: [] as number[] }
  const joinOnce = async (): Promise<void> => {
    const desk = await freshDesk('dee')
    try {
      const started = performance.now()
      await desk.join(server.url)
      await untilInSync(desk.team)
      const inSync = performance.now()
      await readEveryCase(desk.cases, seeded)
      phases.inSync.push(inSync - started)
      phases.reading.push(performance.now() - inSync)
    } finally {
      await desk.close()
    }
  }
  const replicateOnce = async (): Promise<void> => {
    const { local, close } = await freshLocal('join')
    const remote = remoteAs(server, 'eve')
    try {
      await local.replicate.from(remote)
      const [held, served] = await Promise.all([local.info(), remote.info()])
      if (held.doc_count !== served.doc_count || held.doc_count < seeded.documents) {
        throw new Error(`PouchDB copied ${held.doc_count} of ${served.doc_count} documents`)
      }
    } finally {
      await remote.close()
      await close()
    }
  }
  const samples = await compare(joinOnce, replicateOnce, { warmup: 1, samples: 3 })
  const last = (list: number[]) => list.slice(-samples.measured.length)
  console.error(
    `team join: in sync ${last(phases.inSync).map(Math.round).join(', ')} ms, then reading ${seeded.caseIds.length} cases ${last(phases.reading).map(Math.round).join(', ')} ms; PouchDB alone ${samples.baseline.map(Math.round).join(', ')} ms`,
  )
  const megabytes = (seeded.rawAnswerBytes / 1024 / 1024).toFixed(1)
  return benchRow(
    {
      name: `a fresh desk joins a team of ${seeded.documents} entries (${seeded.caseIds.length} cases, ${seeded.caseIds.length * seeded.checksPerCase} checks, ${megabytes} MB raw answers): in sync and every case read`,
      baselineName: 'PouchDB replicate of the same database into a fresh leveldb',
      target: '< 60 s, ≤ 2×',
    },
    samples.measured,
    samples.baseline,
  )
}

/** Row 2: a note written on one online desk, until the other desk's read of the case shows it. */
async function propagationRow(server: TeamServer, seeded: SeededTeam): Promise<BenchRow> {
  const writer = await freshDesk('ana')
  const reader = await freshDesk('ben')
  const [from, to] = await Promise.all([freshLocal('from'), freshLocal('to')])
  // A database of its own on the same server, set up alike: the team's desks never see these.
  await setUpTeamForTest(server, { database: plainDatabase, members: [benchMembers[0]!] })
  const live = { live: true, retry: true }
  const replications = [from, to].flatMap(({ local }) => {
    const remote = remoteAs(server, 'ana', plainDatabase)
    return [local.replicate.to(remote, live), local.replicate.from(remote, live)]
  })
  const caseId = seeded.caseIds[0]!
  const sentBy = testDesk('ana', 21)
  let sent = 0
  try {
    await Promise.all([writer.join(server.url), reader.join(server.url)])
    await Promise.all([untilInSync(writer.team), untilInSync(reader.team)])
    // The writer's key must have reached the reader's roster before its note can count there.
    await readEveryCase(reader.cases, { ...seeded, caseIds: [caseId] })
    const noteOnce = async (): Promise<void> => {
      sent += 1
      const { entryId } = await writer.cases.write({
        caseId,
        change: {
          action: 'note-added',
          summary: 'Note added',
          before: null,
          after: { text: `Called the exchange (${sent}).` },
        },
      })
      for (;;) {
        const read = await reader.cases.read(caseId)
        if (read.entries.some((entry) => entry.entryId === entryId)) {
          if (read.setAside.length > 0) throw new Error(`set aside: ${read.setAside.join('; ')}`)
          return
        }
        await pause(10)
      }
    }
    const documentOnce = async (): Promise<void> => {
      sent += 1
      const document = writeTeamEntry(sentBy, `case_bench-plain-${sent}`, [], {
        action: 'note-added',
        summary: 'Note added',
        before: null,
        after: { text: `Called the exchange (${sent}).` },
      })
      await from.local.put(document)
      for (;;) {
        const arrived = await to.local.get(document._id).catch(() => null)
        if (arrived?.hash === document.hash) return
        await pause(10)
      }
    }
    const samples = await compare(noteOnce, documentOnce, { warmup: 1, samples: 7 })
    return benchRow(
      {
        name: `a note written on one online desk, shown by the other desk's read of its case (${seeded.entriesPerCase} entries)`,
        baselineName:
          'PouchDB live replication of one document between two databases via the server',
        target: '< 2 s',
      },
      samples.measured,
      samples.baseline,
    )
  } finally {
    replications.forEach((replication) => replication.cancel())
    await Promise.all([writer.close(), reader.close(), from.close(), to.close()])
  }
}

/** The team rows: a team server seeded once, with real sandbox answers, for both rows. */
export async function teamRows(scale: { cases?: number } = {}): Promise<BenchRow[]> {
  const server = await startTeamServer()
  try {
    const seeded = await seedTeam(server, scale)
    const rows = [await joinRow(server, seeded), await propagationRow(server, seeded)]
    // The page row needs the build and a browser: when it cannot finish, it says why and the
    // other figures still print (a figure of a page that did not apply the team is no figure).
    try {
      rows.push(await teamPageRow(server, seeded))
    } catch (error) {
      console.error(`team page row not measured: ${String(error)}`)
    }
    return rows
  } finally {
    await server.stop()
  }
}
