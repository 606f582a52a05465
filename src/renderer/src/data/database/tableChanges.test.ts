import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { openAppDatabase } from './appDatabase'
import { tableChanges } from './tableChanges'

describe('changes to one table, without a live query', () => {
  it('tells of each committed change to that table, and of none to another table or database', async () => {
    const name = `changes-${crypto.randomUUID()}`
    const db = openAppDatabase(name)
    const other = openAppDatabase(`other-${crypto.randomUUID()}`)
    await Promise.all([db.open(), other.open()])
    const checks = tableChanges(name, 'checks')
    const told: string[] = []
    const stop = checks.subscribe(() => told.push(`change ${checks.current()}`))
    const write = async (what: string, work: () => Promise<unknown>) => {
      await work()
      // Dexie tells of a change once its transaction has committed; a marker write follows it.
      await db.caseSummaries.put({ caseId: what } as never)
      told.push(what)
    }

    await write('a case', () => db.cases.put({ id: 'c1' } as never))
    await write('another database', () => other.checks.put({ localId: 'k0' } as never))
    await write('a check', () => db.checks.put({ localId: 'k1', searchTerms: [] } as never))
    await write('a deletion', () => db.checks.delete('k1'))
    stop()
    await write('after stopping', () => db.checks.clear())

    expect(told).toEqual([
      'a case',
      'another database',
      'change 1',
      'a check',
      'change 2',
      'a deletion',
      'after stopping',
    ])
    expect(checks.current()).toBe(3)
  })
})
