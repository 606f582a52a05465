import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTeamEntry } from '../../../shared/team/teamEntry'
import { teamConfigDocument } from '../../../shared/team/teamConfig'
import {
  requestAs,
  setUpTeamForTest,
  signedEntryForTest,
  startTeamServer,
  type TeamServer,
} from '../../../test-support/teamServer'

const ana = { name: 'ana', password: 'ana-password' }
const ben = { name: 'ben', password: 'ben-password' }
/** A user of the server who is not in the team. */
const eve = { name: 'eve', password: 'eve-password' }

/** What the server enforces once team setup has run: the rules desks rely on. */
describe('a team database as team setup leaves it', () => {
  let server: TeamServer
  beforeAll(async () => {
    server = await startTeamServer()
    await setUpTeamForTest(server, { database: 'team', admins: ['ana'], members: [ana, ben] })
    const signedUp = await requestAs(server, null, 'PUT', '_users/org.couchdb.user:eve', {
      name: eve.name,
      password: eve.password,
      type: 'user',
      roles: [],
    })
    expect(signedUp.status).toBe(201)
  })
  afterAll(async () => server.stop())

  const refusedWith = (answer: { status: number; body: Record<string, unknown> }) => ({
    status: answer.status,
    error: answer.body.error,
    reason: answer.body.reason,
  })

  it('lets a member write a signed entry and everyone in the team read it back intact', async () => {
    const entry = signedEntryForTest('ana')
    const written = await requestAs(server, ana, 'PUT', `team/${entry._id}`, entry)
    expect(written.status).toBe(201)
    const read = await requestAs(server, ben, 'GET', `team/${entry._id}`)
    expect(read.status).toBe(200)
    expect(checkTeamEntry(read.body)).toEqual({ ok: true, entry: expect.anything() as unknown })
  })

  it('refuses an update or a deletion of a stored entry, from its member and from the server admin', async () => {
    const entry = signedEntryForTest('ana', { scope: 'case_immutable' })
    const { body } = await requestAs(server, ana, 'PUT', `team/${entry._id}`, entry)
    const stored = { ...entry, _rev: body.rev }
    for (const who of [ana, server.admin]) {
      const edited = await requestAs(server, who, 'PUT', `team/${entry._id}`, {
        ...stored,
        summary: 'Changed afterwards',
      })
      expect(refusedWith(edited)).toEqual({
        status: 403,
        error: 'forbidden',
        reason: expect.stringMatching(/already on the server and entries never change/) as unknown,
      })
      const deleted = await requestAs(
        server,
        who,
        'DELETE',
        `team/${entry._id}?rev=${String(body.rev)}`,
      )
      expect(refusedWith(deleted)).toMatchObject({ status: 403, error: 'forbidden' })
    }
    const after = await requestAs(server, ben, 'GET', `team/${entry._id}`)
    expect(after.body).toEqual(stored)
  })

  it('refuses entries that are not a member’s own, unsigned or under another id', async () => {
    const bens = signedEntryForTest('ben', { scope: 'case_other' })
    const unsigned: Record<string, unknown> = {
      ...signedEntryForTest('ana', { scope: 'case_unsigned' }),
    }
    delete unsigned.signature
    const misplaced = signedEntryForTest('ana', { scope: 'case_misplaced' })
    const refusals = await Promise.all([
      requestAs(server, ana, 'PUT', `team/${bens._id}`, bens),
      requestAs(server, ana, 'PUT', `team/${String(unsigned._id)}`, unsigned),
      requestAs(server, ana, 'PUT', `team/${misplaced._id}9`, {
        ...misplaced,
        _id: `${misplaced._id}9`,
      }),
    ])
    expect(refusals.map(refusedWith)).toEqual([
      {
        status: 403,
        error: 'forbidden',
        reason: expect.stringMatching(/names the member "ben" but was sent by "ana"/) as unknown,
      },
      {
        status: 403,
        error: 'forbidden',
        reason: expect.stringMatching(/has no signature/) as unknown,
      },
      {
        status: 403,
        error: 'forbidden',
        reason: expect.stringMatching(/is not stored under the id/) as unknown,
      },
    ])
  })

  it('lets members write nothing but entries: no other document, no team:config, no design document', async () => {
    const note = await requestAs(server, ana, 'PUT', 'team/note-1', { text: 'hello' })
    expect(refusedWith(note)).toMatchObject({ status: 403, error: 'forbidden' })
    const config = await requestAs(server, server.admin, 'GET', 'team/team:config')
    const takeover = await requestAs(server, ana, 'PUT', 'team/team:config', {
      ...teamConfigDocument('team', ['ana', 'ben']),
      _rev: config.body._rev,
    })
    expect(refusedWith(takeover)).toMatchObject({ status: 403, error: 'forbidden' })
    const design = await requestAs(server, ana, 'PUT', 'team/_design/permissive', {
      validate_doc_update: 'function () {}',
    })
    expect(design.status).toBeGreaterThanOrEqual(401)
    expect(design.status).toBeLessThanOrEqual(403)
    const security = await requestAs(server, ana, 'PUT', 'team/_security', {})
    expect(security.status).toBeGreaterThanOrEqual(401)
    expect(security.status).toBeLessThanOrEqual(403)
  })

  it('keeps out a user who is not a member, and anyone anonymous: no reading, no writing', async () => {
    const entry = signedEntryForTest('eve', { scope: 'case_outsider' })
    for (const who of [eve, null]) {
      const answers = await Promise.all([
        requestAs(server, who, 'GET', 'team'),
        requestAs(server, who, 'GET', 'team/_all_docs'),
        requestAs(server, who, 'GET', 'team/_changes'),
        requestAs(server, who, 'GET', `team/team:config`),
        requestAs(server, who, 'PUT', `team/${entry._id}`, entry),
      ])
      expect(answers.map(({ status }) => status)).toEqual([401, 401, 401, 401, 401])
      // CouchDB answers 401 to the whole request; pouchdb-server 201 with a refusal per document.
      const bulk = await requestAs(server, who, 'POST', 'team/_bulk_docs', { docs: [entry] })
      expect(
        bulk.status === 401 || JSON.stringify(bulk.body).includes('"error":"unauthorized"'),
      ).toBe(true)
    }
    const stillThere = await requestAs(server, ana, 'GET', `team/${entry._id}`)
    expect(stillThere.status).toBe(404)
  })

  it('lets a member neither give themselves a role nor create a user with one', async () => {
    const raise = await requestAs(server, null, 'PUT', '_users/org.couchdb.user:mallory', {
      name: 'mallory',
      password: 'mallory-password',
      type: 'user',
      roles: ['team-member'],
    })
    expect(refusedWith(raise)).toMatchObject({ status: 403, error: 'forbidden' })
    const asMember = await requestAs(server, ana, 'PUT', '_users/org.couchdb.user:mallory', {
      name: 'mallory',
      password: 'mallory-password',
      type: 'user',
      roles: ['team-member'],
    })
    expect(refusedWith(asMember)).toMatchObject({ status: 403, error: 'forbidden' })
  })
})
