import { describe, expect, it } from 'vitest'
import { testDesk, writeTeamEntry, caseChanges } from '../../test-support/teamDesks'
import { checkTeamEntry } from './teamEntry'

const ana = testDesk('ana', 1)
const entry = writeTeamEntry(ana, 'case_shared', [], caseChanges.created())

describe('checkTeamEntry', () => {
  it('checks the signature with Ed25519 unless told how', () => {
    expect(checkTeamEntry(entry).ok).toBe(true)
    const forged = {
      ...entry,
      signature: entry.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    }
    expect(checkTeamEntry(forged)).toEqual({
      ok: false,
      problem: `${entry._id} has a signature its key did not make`,
    })
  })

  it('asks the given check, so a desk can remember signatures it already verified', () => {
    const asked: string[] = []
    const refuseAll = (signature: string) => {
      asked.push(signature)
      return false
    }
    expect(checkTeamEntry(entry, refuseAll).ok).toBe(false)
    expect(asked).toEqual([entry.signature])
  })
})
