import { describe, expect, it } from 'vitest'
import type { TeamSync } from '../../../../shared/bridge/teamContract'
import { teamStatusWords } from './teamStatusWords'

const sync = (change: Partial<TeamSync>): TeamSync => ({
  state: 'in-sync',
  waiting: 0,
  offlineSince: null,
  lastInSyncAt: null,
  problem: null,
  ...change,
})
const words = (change: Partial<TeamSync>) =>
  teamStatusWords(sync(change), (iso) => iso.slice(11, 16))

describe('the team status line', () => {
  it('says in sync, what waits to be sent, and since when the desk is offline', () => {
    expect(words({})).toEqual({ text: 'Team: in sync', tone: 'ok' })
    expect(words({ state: 'sending', waiting: 3 }).text).toBe('Team: 3 changes waiting to be sent')
    expect(words({ state: 'sending', waiting: 1 }).text).toBe('Team: 1 change waiting to be sent')
    expect(words({ state: 'sending', waiting: 0 }).text).toBe('Team: receiving changes…')
    expect(
      words({ state: 'offline', waiting: 2, offlineSince: '2026-11-26T10:42:00.000Z' }),
    ).toEqual({ text: 'Team: offline since 10:42 · 2 changes waiting to be sent', tone: 'warning' })
    expect(words({ state: 'refused', problem: 'wrong password' })).toEqual({
      text: 'Team: not replicating',
      tone: 'problem',
    })
  })
})
