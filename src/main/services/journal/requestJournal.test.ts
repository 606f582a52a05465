import { mkdtemp, readdir, readFile, writeFile, appendFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { refusingFs, type StorageRefusals } from '../../../test-support/refusingStorage'
import { ServiceError } from '../serviceError'
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

describe('the request journal on storage that refuses writes', () => {
  const refusal = new ServiceError(bridgeErrorNames.storage, 'Started read-only.', {
    mayHaveReachedService: false,
  })

  it('holds an attempt back when its line cannot be written, saying nothing was sent', async () => {
    const path = await journalPath()
    const refusals: StorageRefusals = {}
    const journal = await openRequestJournal(path, { fs: refusingFs(refusals) })
    refusals.writes = 'ENOSPC'
    await expect(journal.attempts(id(10)).beforeAttempt(1)).rejects.toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: false,
      message: `The disk holding the data folder (${dirname(path)}) is full, so this request was not sent: nothing reached the service and nothing was billed. Free some space, then run it again.`,
    })
    await journal.settle(id(10), { ok: false, error: refusal.toBridgeError() })
    expect(stateOf(journal, id(10))).toBe('settled')
    await journal.close()
    expect(stateOf(await openRequestJournal(path), id(10))).toBe('neverSent')
  })

  it('keeps an answered request answered when its settled line cannot be written', async () => {
    const refusals: StorageRefusals = {}
    const journal = await openRequestJournal(await journalPath(), { fs: refusingFs(refusals) })
    await journal.attempts(id(11)).beforeAttempt(1)
    refusals.writes = 'ENOSPC'
    await expect(journal.settle(id(11), { ok: true, data: 'answer' })).resolves.toBeUndefined()
    expect(journal.fate([{ requestId: id(11), startedAt: later }])).toEqual([
      { requestId: id(11), state: 'settled', reply: { ok: true, data: 'answer' } },
    ])
  })

  it('opened read-only, answers from what is on disk, writes nothing and refuses every line', async () => {
    const path = await journalPath()
    const before = await openRequestJournal(path)
    await before.attempts(id(12)).beforeAttempt(1)
    await before.close()
    const onDisk = await readFile(path, 'utf8')

    const journal = await openRequestJournal(path, { readOnly: refusal })
    expect(stateOf(journal, id(12))).toBe('mayHaveLeft')
    await expect(journal.attempts(id(13)).beforeAttempt(1)).rejects.toBe(refusal)
    await expect(journal.collect([id(12)])).rejects.toBe(refusal)
    await journal.close()
    expect(await readFile(path, 'utf8')).toBe(onDisk)
    expect(await readdir(dirname(path))).toEqual(['requests.journal'])
  })

  it('opened read-only on a journal it cannot read, vouches for nothing older than itself', async () => {
    const path = await journalPath()
    await mkdir(path)
    const journal = await openRequestJournal(path, { readOnly: refusal })
    expect(stateOf(journal, id(14), new Date(Date.now() - 1000).toISOString())).toBe('mayHaveLeft')
    expect(stateOf(journal, id(14), later)).toBe('neverSent')
  })
})
