import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  requestAs,
  setUpTeamForTest,
  startTeamServer,
  type TeamServer,
} from '../../../test-support/teamServer'
import { teamConfigSchema } from '../../../shared/team/teamConfig'
import { teamValidationSource } from '../../../shared/team/teamValidation'
import { setUpTeam } from './teamSetup'

const ana = { name: 'ana', password: 'ana-password' }
const ben = { name: 'ben', password: 'ben-password' }

/** Everything team setup writes, as the server holds it (revisions included). */
async function teamState(server: TeamServer, database: string): Promise<unknown[]> {
  const paths = [
    database,
    `${database}/_security`,
    `${database}/_design/team`,
    `${database}/team:config`,
    '_users/org.couchdb.user:ana',
    '_users/org.couchdb.user:ben',
  ]
  return Promise.all(
    paths.map(async (path) => {
      const { status, body } = await requestAs(server, server.admin, 'GET', path)
      // A database's own information moves with every request (instance start, sizes).
      return path === database ? { status, doc_count: body.doc_count } : { status, body }
    }),
  )
}

describe('team setup against a real server', () => {
  let server: TeamServer
  beforeAll(async () => {
    server = await startTeamServer()
  })
  afterAll(async () => server.stop())

  it('configures a fresh server, and a second run changes nothing and says so', async () => {
    const team = { database: 'alpha', admins: ['ana'], members: [ana, ben] }
    const first = await setUpTeamForTest(server, team)
    expect(first.server).toMatch(/^pouchdb-server .*test stand-in/)
    expect(
      first.steps.filter(({ outcome }) => outcome !== 'created').map(({ what }) => what),
    ).toEqual([
      'users database "_users"', // pouchdb-server makes it itself; CouchDB 3 may not have one yet
    ])
    const configured = await teamState(server, 'alpha')

    const second = await setUpTeamForTest(server, team)
    expect(second.steps.map(({ outcome }) => outcome)).toEqual(first.steps.map(() => 'unchanged'))
    expect(second.generatedPasswords).toEqual([])
    expect(await teamState(server, 'alpha')).toEqual(configured)

    const security = await requestAs(server, server.admin, 'GET', 'alpha/_security')
    expect(security.body).toEqual({
      admins: { names: [server.admin.name], roles: [] },
      members: { names: [], roles: ['team-member'] },
    })
    const design = await requestAs(server, server.admin, 'GET', 'alpha/_design/team')
    expect(design.body.validate_doc_update).toBe(teamValidationSource)
    const config = await requestAs(server, server.admin, 'GET', 'alpha/team:config')
    expect(teamConfigSchema.parse(config.body)).toMatchObject({ team: 'alpha', admins: ['ana'] })
    const user = await requestAs(server, server.admin, 'GET', '_users/org.couchdb.user:ben')
    expect(user.body.roles).toEqual(['team-member'])
    expect((await requestAs(server, ben, 'GET', '_session')).body.userCtx).toEqual({
      name: 'ben',
      roles: ['team-member'],
    })
  })

  it('removes a member: their user loses the team role, the server refuses them, a rerun changes nothing', async () => {
    const team = { database: 'gamma', admins: ['ana'], members: [ana, ben] }
    await setUpTeamForTest(server, team)
    expect((await requestAs(server, ben, 'GET', 'gamma')).status).toBe(200)
    const removal = { ...team, members: [ana], removed: ['ben'] }
    const first = await setUpTeamForTest(server, removal)
    expect(first.steps.at(-1)).toEqual({
      what: 'removal of member "ben" (no role team-member)',
      outcome: 'updated',
    })
    expect([401, 403]).toContain((await requestAs(server, ben, 'GET', 'gamma')).status)
    // Still a user who can sign in, no longer one who can read or write the team's database.
    expect((await requestAs(server, ben, 'GET', '_session')).body.userCtx).toEqual({
      name: 'ben',
      roles: [],
    })
    const again = await setUpTeamForTest(server, removal)
    expect(again.steps.map(({ outcome }) => outcome)).toEqual(first.steps.map(() => 'unchanged'))
    await expect(setUpTeamForTest(server, { ...team, removed: ['ben'] })).rejects.toThrow(
      '"ben" is both added (--member) and removed (--remove-member)',
    )
  })

  it('puts back what is missing or out of date, and leaves the rest', async () => {
    await setUpTeamForTest(server, { database: 'beta', members: [ana] })
    const stale = await requestAs(server, server.admin, 'GET', 'beta/_design/team')
    await requestAs(server, server.admin, 'PUT', 'beta/_design/team', {
      ...stale.body,
      validate_doc_update: 'function (newDoc) {}',
    })
    const report = await setUpTeam({
      url: server.url,
      admin: server.admin,
      database: 'beta',
      teamAdmins: ['carl'],
      members: [{ ...ana, password: 'a-new-password' }, { name: 'carl' }],
    })
    expect(report.steps.filter(({ outcome }) => outcome !== 'unchanged')).toEqual([
      { what: 'validation function _design/team', outcome: 'updated' },
      { what: 'team:config', outcome: 'updated' },
      { what: 'member "ana"', outcome: 'updated' },
      { what: 'member "carl"', outcome: 'created' },
    ])
    const design = await requestAs(server, server.admin, 'GET', 'beta/_design/team')
    expect(design.body.validate_doc_update).toBe(teamValidationSource)
    const [carl] = report.generatedPasswords
    expect(carl?.name).toBe('carl')
    expect((await requestAs(server, carl ?? ana, 'GET', 'beta')).status).toBe(200)
    expect((await requestAs(server, ana, 'GET', 'beta')).status).toBe(401)
    const renewed = { ...ana, password: 'a-new-password' }
    expect((await requestAs(server, renewed, 'GET', 'beta')).status).toBe(200)
  })

  it('says what went wrong when the admin password is wrong or the name is no server admin', async () => {
    const request = { url: server.url, database: 'team', teamAdmins: [], members: [] }
    await expect(
      setUpTeam({ ...request, admin: { ...server.admin, password: 'wrong' } }),
    ).rejects.toThrow(/refused the admin's name or password: check --admin and the password/)
    await setUpTeamForTest(server, { database: 'gamma', members: [ana] })
    await expect(setUpTeam({ ...request, admin: ana })).rejects.toThrow(
      /"ana" signed in but is not a server admin/,
    )
  })
})

describe('team setup refuses before it reaches anything it should not', () => {
  const admin = { name: 'admin', password: 'secret' }
  const request = { admin, database: 'team', teamAdmins: [], members: [] }
  let notCouch: Server
  beforeAll(async () => {
    notCouch = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>It works!</h1>')
    })
    await new Promise<void>((resolve) => notCouch.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => new Promise<void>((resolve) => notCouch.close(() => resolve())))

  it('refuses plain HTTP to another computer, before sending the password', async () => {
    await expect(setUpTeam({ ...request, url: 'http://couch.example.org' })).rejects.toThrow(
      /must start with https:\/\/ .*your password travels with every request/,
    )
  })

  it('says when nothing answers, and when what answers is not CouchDB', async () => {
    const { port } = notCouch.address() as AddressInfo
    await expect(setUpTeam({ ...request, url: `http://127.0.0.1:${port}` })).rejects.toThrow(
      /answered, but not as CouchDB does .*check the address/,
    )
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await expect(setUpTeam({ ...request, url: `http://127.0.0.1:${closedPort}` })).rejects.toThrow(
      /Nothing answers at .* \(connection refused\): check the address and port, and that CouchDB is running/,
    )
  })

  it('refuses names CouchDB or the team would not take', async () => {
    const url = 'http://127.0.0.1:9'
    await expect(setUpTeam({ ...request, url, database: 'Team!' })).rejects.toThrow(
      /The database name "Team!" must be/,
    )
    await expect(setUpTeam({ ...request, url, members: [{ name: 'Ana Smith' }] })).rejects.toThrow(
      /The member name "Ana Smith" must be/,
    )
    await expect(
      setUpTeam({ ...request, url, members: [{ name: 'ana', password: '' }] }),
    ).rejects.toThrow(/password given for member "ana" is empty/)
  })
})
