import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openAppDatabase, type AppDatabase } from '../data/database/appDatabase'
import { dueWatches, markRun, newChanges, recordChange, watch } from '../data/watch/watchRepository'
import type { WatchChange, WatchRecord } from '../data/watch/watchRepository'
import type { ChangesNotice } from '../../../shared/bridge/systemContract'
import { fixtureActor } from '../../../test-support/evidenceFixtures'
import { runDueWatches, type WatchPorts } from './watchRunner'

const wallet = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'
const monday = new Date('2026-11-23T08:00:00.000Z')
const hours = (count: number) => new Date(monday.getTime() + count * 3_600_000)

let db: AppDatabase
let notices: ChangesNotice[]

const changeOf = (watched: WatchRecord, at: Date): WatchChange => ({
  id: `later-${at.toISOString()}`,
  at: at.toISOString(),
  state: 'new',
  environment: 'local',
  query: wallet,
  queryKey: wallet,
  earlier: { localId: 'earlier', fetchedAt: monday.toISOString() },
  later: { localId: `later-${at.toISOString()}`, fetchedAt: at.toISOString() },
  added: [],
  removed: [`sanctions:${wallet}`],
  caseIds: watched.kind === 'case' ? [watched.caseId] : [],
})

const portsAt = (now: Date, screen: WatchPorts['screen']): WatchPorts => ({
  due: (at) => dueWatches(db, at),
  screen,
  markRun: (watched, ranAt, problem) => markRun(db, watched, ranAt, problem),
  recordChange: (change) => recordChange(db, change),
  notify: async (notice) => notices.push(notice),
  now: () => now,
})

beforeEach(async () => {
  db = openAppDatabase(`watch-${crypto.randomUUID()}`)
  notices = []
  await watch(
    db,
    fixtureActor,
    { kind: 'wallet', environment: 'local', query: wallet, queryKey: wallet },
    'daily',
    monday,
  )
  await watch(db, fixtureActor, { kind: 'case', caseId: 'case_1' }, 'weekly', monday)
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('the watch runner', () => {
  it('runs a watch once the clock is set back past its last run, then a period after that run', async () => {
    const screened: string[] = []
    const screen: WatchPorts['screen'] = async (watched) => {
      screened.push(watched.id)
      return { changes: [] }
    }
    await runDueWatches(portsAt(hours(24), screen))
    expect(screened).toEqual([`wallet|local|${wallet}`])
    // Three days back: the daily watch would otherwise wait four days, silently, and the weekly
    // one, begun (by this clock) two days from now, nine.
    await runDueWatches(portsAt(hours(24 - 72), screen))
    expect(screened.slice(1).sort()).toEqual(['case|case_1', `wallet|local|${wallet}`])
    await runDueWatches(portsAt(hours(24 - 72 + 12), screen))
    expect(screened).toHaveLength(3)
    await runDueWatches(portsAt(hours(24 - 72 + 24), screen))
    expect(screened.slice(3)).toEqual([`wallet|local|${wallet}`])
  })

  it('runs nothing before a watch is due, then what a closed app missed, once, keeping material changes', async () => {
    const screened: string[] = []
    const screen: WatchPorts['screen'] = async (watched, at) => {
      screened.push(watched.id)
      return { changes: watched.kind === 'wallet' ? [changeOf(watched, at)] : [] }
    }
    await runDueWatches(portsAt(hours(23), screen))
    expect(screened).toEqual([])
    // The app was closed for three days: the daily watch runs once, not three times.
    await runDueWatches(portsAt(hours(72), screen))
    expect(screened).toEqual([`wallet|local|${wallet}`])
    expect((await newChanges(db)).map((change) => change.removed)).toEqual([
      [`sanctions:${wallet}`],
    ])
    await runDueWatches(portsAt(hours(72), screen))
    expect(screened).toHaveLength(1)
    expect((await db.watches.get(`wallet|local|${wallet}`))?.nextDueAt).toBe(
      hours(96).toISOString(),
    )
    // A week on, both are due.
    await runDueWatches(portsAt(hours(24 * 7), screen))
    expect(screened.slice(1).sort()).toEqual(['case|case_1', `wallet|local|${wallet}`])
  })

  it('says on the watch why a run failed, and waits a whole period before trying again', async () => {
    const screen: WatchPorts['screen'] = () =>
      Promise.reject(new Error('The service is out of reach.'))
    await runDueWatches(portsAt(hours(25), screen))
    const watched = await db.watches.get(`wallet|local|${wallet}`)
    expect(watched).toMatchObject({
      lastProblem: 'The service is out of reach.',
      nextDueAt: hours(49).toISOString(),
    })
    expect(await newChanges(db)).toEqual([])
    expect(notices).toEqual([])
  })

  it('tells the user once per run that found changes, in counts, and not when nothing changed', async () => {
    const other = '0x532B77B33A040587e9FD1800088225f99b8B0E8A'
    // The case's wallets: one newly listed, one no longer listed.
    const screen: WatchPorts['screen'] = async (watched, at) => ({
      changes:
        watched.kind === 'case'
          ? [
              {
                ...changeOf(watched, at),
                id: 'a',
                removed: [],
                added: [`sanctions:${other}`],
                queryKey: other,
              },
              { ...changeOf(watched, at), id: 'b' },
            ]
          : [],
    })
    await runDueWatches(portsAt(hours(25), screen))
    expect(notices).toEqual([])
    await runDueWatches(portsAt(hours(24 * 7), screen))
    expect(notices).toEqual([{ count: 2, summary: '1 new hit, 1 hit no longer listed' }])
    expect(JSON.stringify(notices)).not.toContain(wallet)
  })

  it('keeps the changes in the inbox when the notification fails', async () => {
    const screen: WatchPorts['screen'] = async (watched, at) => ({
      changes: [changeOf(watched, at)],
    })
    await runDueWatches({
      ...portsAt(hours(25), screen),
      notify: () => Promise.reject(new Error('No notification service')),
    })
    expect(await newChanges(db)).toHaveLength(1)
    expect((await db.watches.get(`wallet|local|${wallet}`))?.lastProblem).toBeUndefined()
  })

  it('keeps and tells what a run found before it stopped short, and says on the watch why it stopped', async () => {
    const problem = `${wallet}: Nothing was sent: this month’s cap of 200 billed checks is spent.`
    const screen: WatchPorts['screen'] = async (watched, at) =>
      watched.kind === 'wallet' ? { changes: [changeOf(watched, at)], problem } : { changes: [] }
    await runDueWatches(portsAt(hours(25), screen))
    expect(await db.watches.get(`wallet|local|${wallet}`)).toMatchObject({
      lastProblem: problem,
      nextDueAt: hours(49).toISOString(),
    })
    expect(await newChanges(db)).toHaveLength(1)
    expect(notices).toEqual([{ count: 1, summary: '1 hit no longer listed' }])
  })
})
