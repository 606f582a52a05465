import { dirname } from 'node:path'
import { z } from 'zod'
import { bridgeReplySchema, type BridgeReply } from '../../../shared/bridge/errors'
import type { RequestFate } from '../../../shared/bridge/requestsContract'
import { nodeFolderFs, replaceFile, type FolderFs, type OpenFile } from '../dataFolder/atomicFile'
import { privateFolderMode } from '../dataFolder/privateFolder'
import { notSavedFailure, notSentFailure } from '../dataFolder/storageFailure'
import type { ServiceError } from '../serviceError'

/**
 * One line of the journal. `wire` is written (and synced to disk) before attempt `n` goes on the
 * wire; `notSent` after an attempt that provably never left this machine; `settled` holds the
 * reply the renderer was given; `collected` says the renderer has stored that reply.
 */
const journalLineSchema = z.discriminatedUnion('e', [
  z.object({ e: z.literal('since'), at: z.iso.datetime() }),
  z.object({ e: z.literal('wire'), id: z.string(), n: z.number().int().positive() }),
  z.object({ e: z.literal('notSent'), id: z.string(), n: z.number().int().positive() }),
  z.object({ e: z.literal('settled'), id: z.string(), reply: bridgeReplySchema }),
  z.object({ e: z.literal('collected'), id: z.string() }),
])
type JournalLine = z.infer<typeof journalLineSchema>

interface JournalRecord {
  /** Attempts that went on the wire, minus those known never to have left. */
  mayHaveLeft: Set<number>
  settled?: BridgeReply<unknown>
}

/** What the API client tells the journal about one request's attempts. */
export interface AttemptJournal {
  /**
   * Resolves once it is on disk: only then may the attempt be sent. When storage refuses the line,
   * rejects with a `StorageError` saying the attempt was not sent.
   */
  beforeAttempt(attempt: number): Promise<void>
  notSent(attempt: number): Promise<void>
}

export interface RequestJournal {
  attempts(requestId: string): AttemptJournal
  settle(requestId: string, reply: BridgeReply<unknown>): Promise<void>
  /** Whether each request may have left, as far as this data folder knows. */
  fate(requests: ReadonlyArray<{ requestId: string; startedAt: string }>): RequestFate[]
  /** Returns how many it forgot. */
  collect(requestIds: readonly string[]): Promise<number>
  close(): Promise<void>
}

const parseLines = (text: string): { lines: JournalLine[]; damaged: boolean } => {
  // The last piece is empty after a final newline, or a line cut off mid-write: the attempt it
  // announced never began, since an attempt waits for its line to reach the disk.
  const complete = text.split('\n').slice(0, -1)
  const lines: JournalLine[] = []
  let damaged = false
  for (const line of complete) {
    try {
      lines.push(journalLineSchema.parse(JSON.parse(line)))
    } catch {
      damaged = true
    }
  }
  return { lines, damaged }
}

/** Where the journal's lines are appended. */
type JournalFile = Pick<OpenFile, 'appendFile' | 'sync' | 'close'>

/** A read-only journal's file: every line refused, saying why. */
const refusingFile = (refusal: ServiceError): JournalFile => ({
  appendFile: () => Promise.reject(refusal),
  sync: async () => {},
  close: async () => {},
})

/** Writes the journal again with only what is still worth knowing, and opens it to append. */
async function rewrite(
  path: string,
  records: ReadonlyMap<string, JournalRecord>,
  since: string,
  fs: FolderFs,
): Promise<JournalFile> {
  const kept: JournalLine[] = [{ e: 'since', at: since }]
  for (const [id, record] of records) {
    for (const n of record.mayHaveLeft) kept.push({ e: 'wire', id, n })
    if (record.settled) kept.push({ e: 'settled', id, reply: record.settled })
  }
  await replaceFile(path, `${kept.map((line) => JSON.stringify(line)).join('\n')}\n`, { fs })
  return fs.open(path, 'a')
}

export interface RequestJournalOptions {
  now?: () => Date
  fs?: FolderFs
  /**
   * Set when the data folder cannot be written: the journal is read (for what became of earlier
   * requests) but never written, and every line it would write is refused with this.
   */
  readOnly?: ServiceError | undefined
}

/** The journal's text: empty when there is none; null when it cannot be read (known damaged). */
async function readJournal(path: string, fs: FolderFs, readOnly: boolean): Promise<string | null> {
  try {
    return await fs.readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    if (readOnly) return null
    throw error
  }
}

/**
 * The main side's durable memory of the requests it put on the wire, so that after any crash
 * "may this be sent again?" has a true answer. An append-only file of JSON lines in the data
 * folder, rewritten without the collected requests each time it is opened (which throws when
 * storage refuses it: the caller may open it read-only instead).
 */
export async function openRequestJournal(
  path: string,
  { now = () => new Date(), fs = nodeFolderFs, readOnly }: RequestJournalOptions = {},
): Promise<RequestJournal> {
  const folder = dirname(path)
  if (!readOnly) await fs.mkdir(folder, { recursive: true, mode: privateFolderMode })
  const records = new Map<string, JournalRecord>()
  const inFlight = new Set<string>()
  let since = now().toISOString()
  const text = await readJournal(path, fs, readOnly !== undefined)
  const { lines, damaged } = text === null ? { lines: [], damaged: true } : parseLines(text)
  if (damaged && !readOnly) {
    // Lines that could not be read may have announced attempts: keep the file for inspection and
    // treat every request this journal does not know of as possibly sent.
    await fs.rename(path, `${path}.damaged-${Date.now()}`)
  }
  for (const line of lines) {
    if (line.e === 'since') {
      if (!damaged) since = line.at
      continue
    }
    const record = records.get(line.id) ?? { mayHaveLeft: new Set<number>() }
    records.set(line.id, record)
    if (line.e === 'wire') record.mayHaveLeft.add(line.n)
    else if (line.e === 'notSent') record.mayHaveLeft.delete(line.n)
    else if (line.e === 'settled') record.settled = line.reply
    else records.delete(line.id)
  }

  const file = readOnly ? refusingFile(readOnly) : await rewrite(path, records, since, fs)
  let writing: Promise<void> = Promise.resolve()
  const append = (line: JournalLine): Promise<void> => {
    const write = writing.then(async () => {
      await file.appendFile(`${JSON.stringify(line)}\n`)
      await file.sync()
    })
    writing = write.catch(() => {})
    return write
  }
  const recordOf = (id: string): JournalRecord => {
    const record = records.get(id) ?? { mayHaveLeft: new Set<number>() }
    records.set(id, record)
    return record
  }

  return {
    attempts: (id) => ({
      beforeAttempt: async (n) => {
        inFlight.add(id)
        const record = recordOf(id)
        record.mayHaveLeft.add(n)
        await append({ e: 'wire', id, n }).catch((error: unknown) => {
          // Not on record, so never sent: the caller holds the attempt back.
          record.mayHaveLeft.delete(n)
          throw notSentFailure(folder, error, 'this request')
        })
      },
      notSent: async (n) => {
        recordOf(id).mayHaveLeft.delete(n)
        // Not on disk, the attempt reads "may have left" after a restart: the safe side, and what
        // the caller is told of this attempt stays true.
        await append({ e: 'notSent', id, n }).catch(() => {})
      },
    }),
    settle: async (id, reply) => {
      inFlight.delete(id)
      const record = records.get(id)
      // Only what went on the wire is worth remembering: the rest never needs recovering.
      if (!record) return
      record.settled = reply
      // Not on disk, the request stays "may have left": safe, and the reply already went out.
      await append({ e: 'settled', id, reply }).catch(() => {})
    },
    fate: (requests) =>
      requests.map(({ requestId, startedAt }): RequestFate => {
        if (inFlight.has(requestId)) return { requestId, state: 'inFlight' }
        const record = records.get(requestId)
        if (record?.settled) return { requestId, state: 'settled', reply: record.settled }
        if (record) {
          return { requestId, state: record.mayHaveLeft.size > 0 ? 'mayHaveLeft' : 'neverSent' }
        }
        // Older than this journal (a restored backup, a damaged journal): nobody can say.
        return { requestId, state: startedAt < since ? 'mayHaveLeft' : 'neverSent' }
      }),
    collect: async (ids) => {
      let collected = 0
      for (const id of ids) {
        if (!records.delete(id)) continue
        collected += 1
        await append({ e: 'collected', id }).catch((error: unknown) => {
          throw notSavedFailure(folder, error)
        })
      }
      return collected
    },
    close: async () => {
      await writing
      await file.close()
    },
  }
}
