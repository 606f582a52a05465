import { mkdtemp, readdir, readFile, writeFile, appendFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openRequestJournal, type RequestJournal } from './requestJournal'

const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const later = '2999-01-01T00:00:00.000Z'
const earlier = '2000-01-01T00:00:00.000Z'

const journalPath = async (): Promise<string> =>
  join(await mkdtemp(join(tmpdir(), 'cd-journal-')), 'requests.journal')

const stateOf = (journal: RequestJournal, requestId: string, startedAt = later): string =>
  journal.fate([{ requestId, startedAt }])[0]?.state ?? 'none'

describe('the request journal', () => {
  it('remembers across a restart that an attempt went on the wire and got no recorded answer', async () => {
    const path = await journalPath()
    const journal = await openRequestJournal(path)
    await journal.attempts(id(1)).beforeAttempt(1)
    expect(stateOf(journal, id(1))).toBe('inFlight')
    // The process dies here: nothing else is written.
    const reopened = await openRequestJournal(path)
    expect(stateOf(reopened, id(1))).toBe('mayHaveLeft')
  })

  it('knows a request never left when every attempt provably failed to connect', async () => {
    const path = await journalPath()
    const journal = await openRequestJournal(path)
    const attempts = journal.attempts(id(2))
    await attempts.beforeAttempt(1)
    await attempts.notSent(1)
    await attempts.beforeAttempt(2)
    await attempts.notSent(2)
    const reopened = await openRequestJournal(path)
    expect(stateOf(reopened, id(2))).toBe('neverSent')
  })

  it('keeps a settled reply until the renderer collects it, then forgets it', async () => {
    const path = await journalPath()
    const journal = await openRequestJournal(path)
    await journal.attempts(id(3)).beforeAttempt(1)
    await journal.settle(id(3), { ok: true, data: { check: 'kept' } })
    const reopened = await openRequestJournal(path)
    expect(reopened.fate([{ requestId: id(3), startedAt: later }])).toEqual([
      { requestId: id(3), state: 'settled', reply: { ok: true, data: { check: 'kept' } } },
    ])
    expect(await reopened.collect([id(3), id(99)])).toBe(1)
    await reopened.close()
    const text = await readFile(path, 'utf8')
    const again = await openRequestJournal(path)
    expect(stateOf(again, id(3))).toBe('neverSent')
    expect(text).toContain('"collected"')
    expect(await readFile(path, 'utf8')).not.toContain(id(3))
  })

  it('does not remember requests that never reached the wire', async () => {
    const journal = await openRequestJournal(await journalPath())
    await journal.settle(id(4), {
      ok: false,
      error: { name: 'MissingKeyError', message: 'No key.', mayHaveReachedService: false },
    })
    expect(stateOf(journal, id(4))).toBe('neverSent')
  })

  it('cannot vouch for requests older than itself (a restored backup, a new data folder)', async () => {
    const journal = await openRequestJournal(await journalPath())
    expect(stateOf(journal, id(5), earlier)).toBe('mayHaveLeft')
    expect(stateOf(journal, id(5), later)).toBe('neverSent')
  })

  it('ignores a line cut off mid-write: the attempt it announced never began', async () => {
    const path = await journalPath()
    const journal = await openRequestJournal(path)
    await journal.attempts(id(6)).beforeAttempt(1)
    await journal.close()
    await appendFile(path, `{"e":"wire","id":"${id(7)}","n`)
    const reopened = await openRequestJournal(path)
    expect(stateOf(reopened, id(6))).toBe('mayHaveLeft')
    expect(stateOf(reopened, id(7))).toBe('neverSent')
  })

  it('treats everything it cannot vouch for as possibly sent when a line in the middle is damaged', async () => {
    const path = await journalPath()
    await writeFile(
      path,
      `{"e":"since","at":"2020-01-01T00:00:00.000Z"}\nnot json\n{"e":"wire","id":"${id(8)}","n":1}\n`,
    )
    const journal = await openRequestJournal(path)
    expect(stateOf(journal, id(8))).toBe('mayHaveLeft')
    // An id the damaged line may have named, started before the journal was found damaged.
    expect(stateOf(journal, id(9), new Date(Date.now() - 1000).toISOString())).toBe('mayHaveLeft')
    const kept = await readdir(join(path, '..'))
    expect(kept.some((name) => name.startsWith('requests.journal.damaged-'))).toBe(true)
  })
})
