import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { nextTeamEntry } from '../../../shared/team/nextTeamEntry'
import {
  idOfTeamEntry,
  rosterScope,
  signTeamEntry,
  teamChainKey,
  teamEntryDocument,
  type TeamEntry,
} from '../../../shared/team/teamEntry'
import { memberKeyPublishedAction } from '../../../shared/team/teamRoster'
import {
  countingDocumentReads,
  openMemoryTeamDatabase,
} from '../../../test-support/memoryTeamDatabase'
import {
  caseChanges,
  publishDeskKey,
  testDesk,
  writeTeamEntry,
} from '../../../test-support/teamDesks'
import { createIdentityService } from '../identity/identityService'
import { sessionKeyStore } from '../keys/secretKeyStore'
import { openSettingsStore } from '../settings/settingsStore'
import type { TeamDatabase } from './teamDatabase'
import { createTeamService } from './teamService'

const folders: string[] = []
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

/**
 * Ana's desk in a team whose server it never reaches (no password in its key store, so no
 * replication), before anything asked its team service a thing: no database open yet. What it
 * holds is what the test puts in its memory database, as replication would.
 */
async function anasDeskNotYetOpened() {
  const folder = await mkdtemp(join(tmpdir(), 'desk-local-'))
  folders.push(folder)
  const settings = await openSettingsStore(folder)
  const keys = sessionKeyStore('test')
  const identity = createIdentityService(settings, keys)
  await identity.setInvestigator({
    name: 'Investigator ana',
    email: 'ana@example.org',
    organisation: 'Example Compliance',
  })
  await settings.update((current) => ({
    ...current,
    team: {
      serverUrl: 'http://127.0.0.1:9',
      database: 'team',
      member: 'ana',
      joinedAt: '2026-11-20T09:00:00.000Z',
    },
  }))
  const opened: {
    local?: ReturnType<typeof countingDocumentReads>
    count: number
    closed: number
    /** Called as a database begins to close. */
    closing?: () => void
  } = { count: 0, closed: 0 }
  const team = createTeamService({
    dataDir: folder,
    settings,
    keys,
    identity,
    openLocal: (path) => {
      opened.count += 1
      opened.local = countingDocumentReads(openMemoryTeamDatabase(`${path}-${Date.now()}`))
      return new Proxy(opened.local.database, {
        get: (target, property) =>
          property === 'close'
            ? async () => {
                opened.closing?.()
                opened.closed += 1
                await target.close()
              }
            : (Reflect.get(target, property) as unknown),
      })
    },
  })
  return { team, identity, opened }
}

/** Ana's desk with her key published. */
async function anasDesk() {
  const { team, identity, opened } = await anasDeskNotYetOpened()
  const { signer } = await identity.signer()
  await team.write(rosterScope, {
    action: memberKeyPublishedAction,
    summary: 'Ana published her key',
    before: null,
    after: {
      member: 'ana',
      publicKey: signer.publicKey,
      name: signer.name,
      email: signer.email,
      organisation: signer.organisation,
    },
  })
  const local = opened.local
  if (!local) throw new Error('the desk opened no database')
  return { team, local: local.database, documentsRead: local.read }
}

/** Puts documents into a desk's database as replication does: revisions as they are. */
async function arrive(local: TeamDatabase, documents: Array<{ _id: string; _rev: string }>) {
  const results = await local.bulkDocs(documents, { new_edits: false })
  expect(results.filter((result) => 'error' in result)).toEqual([])
}

const noted = (text: string) => caseChanges.noted(text)

describe("a desk's own copy of the team database", () => {
  it('is opened once when the first calls come together (the start and the page’s first view)', async () => {
    const { team, opened } = await anasDeskNotYetOpened()
    await Promise.all([team.start(), team.view(), team.caseScopes(), team.view()])
    expect(opened.count).toBe(1)
  })

  it('is left with nothing open, whatever the page asks while it closes', async () => {
    const { team, opened } = await anasDeskNotYetOpened()
    await team.view()
    // The page asks for the team view every few seconds; one may come as the database closes.
    const askedMeanwhile: Array<Promise<unknown>> = []
    opened.closing = () => {
      opened.closing = undefined
      askedMeanwhile.push(team.view(), team.caseScopes(), team.start())
    }
    expect(await team.leave()).toEqual({ joined: false })
    const [view, scopes] = await Promise.all(askedMeanwhile)
    expect(view).toEqual({ joined: false })
    expect(scopes).toEqual(new Map())
    expect(opened).toMatchObject({ count: 1, closed: 1 })
  })

  it('keeps a write under way as the desk leaves, and refuses one asked for after, saying why', async () => {
    const { team } = await anasDesk()
    const scope = 'case_leaving'
    const underWay = team.write(scope, noted('written as the desk leaves'), {
      // Its vetting reads the scope, as the four-eyes rule's does.
      vet: async () => {
        await team.scope(scope)
      },
    })
    const left = team.leave()
    await expect(underWay).resolves.toMatchObject({ scope })
    await left
    await expect(team.write(scope, noted('after leaving'))).rejects.toThrow(
      'This desk is not in a team: join one first.',
    )
  })

  it.each([
    ['the second version', 'f'],
    ['the stored one', '0'],
  ])(
    'sets aside both versions of an entry written again under its id, when %s wins',
    async (_, rev) => {
      const { team, local } = await anasDesk()
      const scope = 'case_two-versions'
      const first = await team.write(scope, noted('first'))
      const second = await team.write(scope, noted('second'), {
        files: {
          raw: { contentType: 'text/plain', bytes: new TextEncoder().encode('raw answer') },
        },
      })
      const third = await team.write(scope, noted('third'))
      expect(await team.attachment(second, 'raw')).toEqual(new TextEncoder().encode('raw answer'))

      // A second first revision under the second entry's id, its revision id chosen to win or lose.
      const rival = signTeamEntry(
        nextTeamEntry(
          [first],
          { scope, ...testDesk('ana', 7), device: second.device },
          noted('x'),
          second.at,
        ),
        testDesk('ana', 7).sign,
      )
      expect(idOfTeamEntry(rival)).toBe(idOfTeamEntry(second))
      await arrive(local, [{ ...teamEntryDocument(rival), _rev: `1-${rev.repeat(32)}` }])
      const winner = rev === 'f' ? rival : second
      expect(await local.get(idOfTeamEntry(second))).toMatchObject({ hash: winner.hash })

      const trust = await team.scope(scope)
      expect(trust.applied.map((entry) => entry.hash)).toEqual([first.hash])
      expect(trust.setAside.map(({ kind, entry }) => [kind, entry?.hash]).sort()).toEqual(
        [
          ['fork', second.hash],
          ['fork', rival.hash],
          ['fork', third.hash],
        ].sort(),
      )
      expect(trust.setAside.filter((aside) => aside.problem.endsWith('two versions'))).toHaveLength(
        2,
      )
      expect(await team.attachment(second, 'raw')).toBeNull()
      await team.close()
    },
  )

  it('writes on after entries arrive, reading only what changed since its last write', async () => {
    const { team, local, documentsRead } = await anasDesk()
    const scope = 'case_write-cost'
    const anas: TeamEntry[] = [await team.write(scope, noted('opened'))]

    const perWrite: number[] = []
    for (let i = 0; i < 20; i += 1) {
      const before = documentsRead()
      anas.push(await team.write(scope, noted(`note ${i}`)))
      perWrite.push(documentsRead() - before)
    }
    // Its own previous entry, read back from the changes feed: not the 21 entries before it.
    expect(Math.max(...perWrite)).toBeLessThanOrEqual(1)

    // Bob's desk sends two entries written after seeing Ana's; then a rival of Ana's latest.
    const bob = testDesk('bob', 2)
    const bobKey = publishDeskKey(bob)
    const bobs = [writeTeamEntry(bob, scope, anas, noted('bob 1'))]
    bobs.push(writeTeamEntry(bob, scope, [...anas, ...bobs], noted('bob 2')))
    await arrive(
      local,
      [bobKey, ...bobs].map((document) => ({ ...document, _rev: '1-b0b' })),
    )
    const afterBob = await team.write(scope, noted('after bob'))
    expect(afterBob.clock).toBe(Math.max(...bobs.map((entry) => entry.clock)) + 1)
    expect(afterBob.seen).toMatchObject({
      [teamChainKey('ana', afterBob.device)]: anas.length,
      [teamChainKey('bob', bob.device)]: 2,
    })

    const rival = signTeamEntry(
      nextTeamEntry(
        anas,
        { scope, ...testDesk('ana', 7), device: afterBob.device },
        noted('x'),
        afterBob.at,
      ),
      testDesk('ana', 7).sign,
    )
    await arrive(local, [{ ...teamEntryDocument(rival), _rev: `1-${'0'.repeat(32)}` }])
    const afterRival = await team.write(scope, noted('after the rival'))
    // Its own chain is no longer unbroken past the entry with two versions.
    expect(afterRival.seen[teamChainKey('ana', afterRival.device)]).toBe(anas.length)
    await team.close()
  })
})
