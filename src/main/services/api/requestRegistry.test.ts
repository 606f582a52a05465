import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/sandboxServer'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { refusingFs, type StorageRefusals } from '../../../test-support/refusingStorage'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { openRequestJournal } from '../journal/requestJournal'
import { createApiClient } from './apiClient'
import { runCryptoSearch } from './cryptoSearchApi'
import { RequestRegistry } from './requestRegistry'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const requestId = '00000000-0000-4000-8000-000000000001'
let sandbox: RunningSandbox
let environment: ResolvedEnvironment
let folder: string
const refusals: StorageRefusals = {}

beforeEach(async () => {
  sandbox = await startSandbox()
  environment = { id: 'local', label: 'Local sandbox', ...sandbox.environment('sandbox') }
  folder = mkdtempSync(join(tmpdir(), 'cd-registry-'))
  refusals.writes = undefined
})

afterEach(async () => {
  await sandbox.close()
})

/** A check run as the bridge runs it, on a journal whose disk refuses what `refusals` says. */
const check = async (onAttempt: (attempt: number) => void = () => {}) => {
  const journal = await openRequestJournal(join(folder, 'requests.journal'), {
    fs: refusingFs(refusals),
  })
  const registry = new RequestRegistry(journal)
  const client = createApiClient({
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterS: 0 },
  })
  const outcome = await registry
    .run(requestId, (signal, attempts) =>
      runCryptoSearch(client, environment, {
        query: sanctioned,
        signal,
        journal: {
          beforeAttempt: (attempt) => {
            onAttempt(attempt)
            return attempts.beforeAttempt(attempt)
          },
          notSent: (attempt) => attempts.notSent(attempt),
        },
      }),
    )
    .catch((error: unknown) => error)
  return { outcome, fate: registry.fate([{ requestId, startedAt: new Date().toISOString() }]) }
}

describe('a check whose journal line storage refuses', () => {
  it('is not sent, and says so as a StorageError rather than an unknown outcome', async () => {
    const { outcome, fate } = await check(() => (refusals.writes = 'ENOSPC'))
    const said = {
      name: bridgeErrorNames.storage,
      mayHaveReachedService: false,
      message: `The disk holding the data folder (${folder}) is full, so this request was not sent: nothing reached the service and nothing was billed. Free some space, then run it again.`,
    }
    expect(outcome).toMatchObject(said)
    expect(sandbox.requests).toHaveLength(0)
    expect(fate).toEqual([{ requestId, state: 'settled', reply: { ok: false, error: said } }])
  })

  it('says an earlier attempt may have reached the service when only a retry was held back', async () => {
    sandbox.injectFault({ kind: 'serverError', status: 503 })
    const { outcome } = await check((attempt) => {
      if (attempt === 2) refusals.writes = 'EROFS'
    })
    expect(outcome).toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: true,
      message: `The data folder (${folder}) cannot be written (read-only or not yours), so this request was not sent again, but an earlier attempt may have reached the service. Make it writable for you, then look in History before running it again.`,
    })
    expect(sandbox.requests).toHaveLength(1)
  })
})

describe('one request id, however often it arrives', () => {
  const send = (registry: RequestRegistry, id = requestId) =>
    registry.run(id, (signal, attempts) =>
      runCryptoSearch(createApiClient(), environment, {
        query: sanctioned,
        signal,
        journal: attempts,
      }),
    )
  const checksSent = () =>
    sandbox.requests.filter((request) => request.path.endsWith('/crypto/aml-checks')).length
  const registryOnFolder = async () =>
    new RequestRegistry(await openRequestJournal(join(folder, 'requests.journal')))

  it('is sent once when it arrives again while it runs (a page that went, and the page after it)', async () => {
    const registry = await registryOnFolder()
    const [first, second] = await Promise.all([send(registry), send(registry)])
    expect(second).toEqual(first)
    expect(checksSent()).toBe(1)
  })

  it('gets the answer the journal kept once answered, and is refused unsent once that is forgotten', async () => {
    const registry = await registryOnFolder()
    const answered = await send(registry)
    expect(await send(registry)).toEqual(answered)
    expect(await registry.collect([requestId])).toBe(1)
    await expect(send(registry)).rejects.toMatchObject({
      name: bridgeErrorNames.cancelled,
      mayHaveReachedService: false,
    })
    expect(checksSent()).toBe(1)
  })

  it('is sent again when the service provably did not act on it (a rate limit)', async () => {
    const registry = await registryOnFolder()
    sandbox.injectFault({ kind: 'rateLimit', retryAfterS: 60 })
    await send(registry).catch(() => undefined)
    await send(registry)
    expect(checksSent()).toBe(2)
  })
})
