import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openMemoryTeamDatabase } from '../../../test-support/memoryTeamDatabase'
import {
  requestAs,
  setUpTeamForTest,
  signedEntryForTest,
  startTeamServer,
  type TeamServer,
} from '../../../test-support/teamServer'
import { openRemoteTeamDatabase } from './teamDatabase'

const ana = { name: 'ana', password: 'ana-password' }
const ben = { name: 'ben', password: 'ben-password' }

type ReplicationResult = { ok: boolean; docs_written: number; doc_write_failures: number }

/** PouchDB's own replication against the team server, as a desk runs it. */
describe('replicating to a team database', () => {
  let server: TeamServer
  beforeAll(async () => {
    server = await startTeamServer()
    await setUpTeamForTest(server, { database: 'team', members: [ana, ben] })
  })
  afterAll(async () => server.stop())

  const remoteAs = (user: { name: string; password: string }) =>
    openRemoteTeamDatabase(`${server.url}team`, { username: user.name, password: user.password })

  it('sends what the server accepts and reports each refusal, without stopping at one', async () => {
    const unsigned: Record<string, unknown> = { ...signedEntryForTest('ana', { scope: 'case_b' }) }
    delete unsigned.signature
    const bens = signedEntryForTest('ben', { scope: 'case_c' })
    const accepted = [1, 2, 3].map((deviceSeq) => signedEntryForTest('ana', { deviceSeq }))
    const [first, second, third] = accepted
    // A desk's own copy holds whatever it was given; only the server validates.
    const desk = openMemoryTeamDatabase(`desk-${Date.now()}`)
    for (const document of [first, unsigned, second, bens, third]) {
      await desk.put(document as { _id: string })
    }

    const denied: unknown[] = []
    const replication = desk.replicate.to(remoteAs(ana))
    replication.on('denied', (refusal) => denied.push(refusal))
    const result = (await replication) as ReplicationResult

    expect(result).toMatchObject({ ok: true, docs_written: 3, doc_write_failures: 2 })
    expect(denied).toEqual([
      expect.objectContaining({ id: unsigned._id, name: 'forbidden' }),
      expect.objectContaining({ id: bens._id, name: 'forbidden' }),
    ])
    const onServer = await requestAs(server, ben, 'POST', 'team/_all_docs', {
      keys: [...accepted.map((entry) => entry?._id), unsigned._id, bens._id],
    })
    expect(
      (onServer.body.rows as { id?: string; error?: string }[]).map((row) => row.error ?? 'stored'),
    ).toEqual(['stored', 'stored', 'stored', 'not_found', 'not_found'])
    await desk.close()
  })

  it('brings every member the entries others sent, and nothing to someone outside the team', async () => {
    const anas = signedEntryForTest('ana', { scope: 'case_shared' })
    await requestAs(server, ana, 'PUT', `team/${anas._id}`, anas)
    const bensDesk = openMemoryTeamDatabase(`ben-${Date.now()}`)
    await bensDesk.replicate.from(remoteAs(ben))
    const received = await bensDesk.get(anas._id)
    expect(received).toMatchObject({ signature: anas.signature, hash: anas.hash })
    await bensDesk.close()

    const outsiders = openMemoryTeamDatabase(`outsider-${Date.now()}`)
    await expect(
      Promise.resolve(outsiders.replicate.from(remoteAs({ name: 'ben', password: 'wrong' }))),
    ).rejects.toMatchObject({ status: 401 })
    await outsiders.close()
  })
})
