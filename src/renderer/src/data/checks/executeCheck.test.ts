import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bridgeErrorNames, type BridgeErrorName } from '../../../../shared/bridge'
import { BridgeCallError } from '../../bridge/bridgeCall'
import { appDatabase } from '../database/appDatabase'
import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import { storedCheck } from '../../../../test-support/storedChecks'
import { checksContaining } from './checkSelection'
import { deriveAwaitingTerms } from './deferredSearchTerms'
import { CheckNotRecordedError, executeCheck, runCheck } from './executeCheck'

const reply = vi.hoisted(() => ({
  refusal: new Error('no refusal chosen'),
  answer: undefined as CryptoSearchResult | undefined,
  /** Every method called, in order. */
  calls: [] as string[],
  /** The identifier of every check sent. */
  sent: [] as string[],
  /** Runs as the main side answers a check. */
  onSearch: (): void => {},
}))

// The bridge is the edge here: the main side's answer is what this test chooses.
vi.mock('../../bridge/bridgeClient', async () => {
  const call = await import('../../bridge/bridgeCall')
  return {
    ...call,
    callBridge: (method: string, input: { query?: string }) => {
      reply.calls.push(method)
      if (method === 'requests.collect') return Promise.resolve({ collected: 1 })
      reply.sent.push(input.query ?? '')
      reply.onSearch()
      return reply.answer ? Promise.resolve(reply.answer) : Promise.reject(reply.refusal)
    },
  }
})

/** What the browser's storage throws at every write, while set: as a full disk does. */
const storage: { refusal: (() => Error) | undefined } = { refusal: undefined }

// Below Dexie, where the browser's IndexedDB refuses a write; registered before the first open.
appDatabase.use({
  stack: 'dbcore',
  name: 'storage-that-refuses',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name)
      return {
        ...table,
        mutate: (request) =>
          storage.refusal ? Promise.reject(storage.refusal()) : table.mutate(request),
      }
    },
  }),
})

const refused = (name: BridgeErrorName, status?: number) =>
  new BridgeCallError({
    name,
    message: 'Refused.',
    mayHaveReachedService: false,
    ...(status ? { status } : {}),
  })

const check = (requestId: string) =>
  executeCheck({
    requestId,
    query: '0x8589427373D6D84E98730D7795D8f6f8731FDA16',
    environment: 'production',
    purpose: 'watch',
  })

describe('what a refused check leaves in History', () => {
  beforeEach(async () => {
    reply.answer = undefined
    await appDatabase.checks.clear()
  })

  it('leaves nothing when this computer refused it by the user’s own budget, before sending', async () => {
    for (const name of [bridgeErrorNames.budgetReached, bridgeErrorNames.notOptedIn]) {
      reply.refusal = refused(name)
      await expect(check(`req-${name}`)).rejects.toMatchObject({ name })
    }
    expect(await appDatabase.checks.count()).toBe(0)
  })

  it('keeps a failed attempt when the service refused it', async () => {
    reply.refusal = refused(bridgeErrorNames.paymentRequired, 402)
    await expect(check('req-402')).rejects.toBeInstanceOf(BridgeCallError)
    expect(await appDatabase.checks.toArray()).toMatchObject([
      { outcome: 'failed', error: { name: bridgeErrorNames.paymentRequired } },
    ])
  })
})

describe('the identifier a check is sent and recorded with', () => {
  beforeEach(async () => {
    reply.sent = []
    await appDatabase.checks.clear()
  })

  it('is the canonical form: bech32 in lower case, EVM as typed, keyed case-insensitively', async () => {
    const bech32 = 'bc1qhxt04s5xnpy0kxw4x99n5hpdf5pmtzpqs52es2'
    const evm = '0x8589427373d6d84e98730d7795d8f6f8731fda16'
    for (const [typed, sent, key] of [
      [`  ${bech32.toUpperCase()}\n`, bech32, bech32],
      [evm, evm, '0x8589427373D6D84E98730D7795D8f6f8731FDA16'],
    ] as const) {
      const { environment, check, evidence } = storedCheck('2026-11-24T02:00:00.000Z_c', sent, {})
      reply.answer = { environment, check, evidence }
      const localId = await executeCheck({ requestId: `req-${sent}`, query: typed, environment })
      expect(reply.sent.at(-1)).toBe(sent)
      expect(await appDatabase.checks.get(localId)).toMatchObject({ query: sent, queryKey: key })
    }
  })

  it('refuses a blank inside or a wrong checksum before anything is recorded or sent', async () => {
    reply.answer = undefined
    for (const typed of [
      'bc1qhxt04s5xnpy0k xw4x99n5hpdf5pmtzpqs52es2',
      '0x8589427373D6D84E98730D7795D8f6f8731FDa16',
    ]) {
      const refusal = await executeCheck({
        requestId: `req-${typed}`,
        query: typed,
        environment: 'local',
      }).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(BridgeCallError)
      expect(refusal).toMatchObject({
        name: bridgeErrorNames.validation,
        mayHaveReachedService: false,
      })
      expect(String(refusal)).toMatch(/Nothing has been sent\.$/)
    }
    expect(reply.sent).toEqual([])
    expect(await appDatabase.checks.count()).toBe(0)
  })
})

describe('History’s search entries of a check sent in the background', () => {
  beforeEach(() => appDatabase.checks.clear())

  it('are left to be derived in a batch, after which the check is found by a fragment', async () => {
    const query = '0x8589427373D6D84E98730D7795D8f6f8731FDA16'
    const { environment, check, evidence } = storedCheck('2026-11-24T02:00:00.000Z_x', query, {})
    reply.answer = { environment, check, evidence }
    const background = await executeCheck({
      requestId: 'req-bulk',
      query,
      environment: 'local',
      pace: 'background',
    })
    const person = await executeCheck({ requestId: 'req-person', query, environment: 'local' })
    // A person's check is found at once; the background one once its entries are derived.
    expect(await checksContaining(appDatabase, 'fda16')).toEqual([person])
    expect(await deriveAwaitingTerms(appDatabase)).toBe(1)
    expect((await checksContaining(appDatabase, 'fda16')).sort()).toEqual(
      [background, person].sort(),
    )
  })
})

describe('a check this computer’s storage will not record', () => {
  const query = '0x8589427373D6D84E98730D7795D8f6f8731FDA16'
  const notSent =
    'This computer’s storage for Compliance Desk is full, so the check was not sent: nothing was sent and nothing billed. Free some disk space, then run it again.'

  beforeEach(async () => {
    reply.answer = undefined
    reply.calls = []
    await appDatabase.checks.clear()
  })
  afterEach(() => {
    storage.refusal = undefined
    reply.onSearch = () => {}
  })

  it('is not sent when its attempt cannot be written, and says that nothing was', async () => {
    const fullDisks = [
      () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      // Chromium, when the disk under its profile is full.
      () => new DOMException('Failed to write blobs (FILE_ERROR_NO_SPACE)', 'UnknownError'),
    ]
    for (const [index, refusal] of fullDisks.entries()) {
      storage.refusal = refusal
      await expect(
        runCheck({ requestId: `req-full-${index}`, query, environment: 'production' }),
      ).rejects.toMatchObject({
        name: bridgeErrorNames.storage,
        mayHaveReachedService: false,
        message: notSent,
      })
    }
    // Neither sent nor anything asked of the journal, which never heard of them.
    expect(reply.calls).toEqual([])
    storage.refusal = undefined
    expect(await appDatabase.checks.count()).toBe(0)
  })

  it('says what storage said when it refused the attempt for another reason', async () => {
    storage.refusal = () =>
      new DOMException('The database connection is closing.', 'InvalidStateError')
    await expect(
      runCheck({ requestId: 'req-closing', query, environment: 'local' }),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: false,
      message:
        'This computer’s storage for Compliance Desk refused to write (The database connection is closing.), so the check was not sent: nothing was sent and nothing billed. Reload Compliance Desk, then run it again.',
    })
    expect(reply.calls).toEqual([])
  })

  it('keeps an answer it could not store for the screen, and in the journal for History', async () => {
    const { environment, check, evidence } = storedCheck('2026-11-24T02:00:00.000Z_x', query, {})
    reply.answer = { environment, check, evidence }
    // The disk fills while the check is on its way.
    reply.onSearch = () => {
      storage.refusal = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    const failure = await runCheck({ requestId: 'req-answered', query, environment: 'production' })
      .then(() => undefined)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(CheckNotRecordedError)
    expect(failure).toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: true,
      message:
        'The service answered (it may have been billed) but this computer could not store the answer: its storage is full. Free some disk space: History records the answer then, without running the check again.',
      answer: { outcome: 'succeeded', query, check: { id: check.id } },
    })
    // The journal is not told to forget the reply: recovery stores it once there is room.
    expect(reply.calls).toEqual(['crypto.search'])
    storage.refusal = undefined
    expect(await appDatabase.checks.toArray()).toMatchObject([{ outcome: 'pending', query }])
  })

  it('says what the main side answered when storage refuses to record the failure', async () => {
    reply.refusal = refused(bridgeErrorNames.paymentRequired, 402)
    reply.onSearch = () => {
      storage.refusal = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    await expect(
      runCheck({ requestId: 'req-402-full', query, environment: 'production' }),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: false,
      message:
        'Refused. History could not record this: this computer’s storage is full. Free some disk space.',
    })
    expect(reply.calls).toEqual(['crypto.search'])
  })
})
