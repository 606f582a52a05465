import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/sandboxServer'
import { apiPaths, rootedPath } from '../../../shared/api/apiPaths'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { openRequestJournal, type RequestJournal } from '../journal/requestJournal'
import { createApiClient } from './apiClient'
import { defaultPaceSettings } from './paceControl'
import { runCryptoSearch } from './cryptoSearchApi'
import { RequestRegistry } from './requestRegistry'
import type { ServiceError } from '../serviceError'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
/** One attempt only: the 429 comes straight back, and the limiter's pause is what is tested. */
const oneAttempt = { maxAttempts: 1, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterS: 10 }

const environmentOf = (
  running: RunningSandbox,
  name: 'sandbox' | 'production',
): ResolvedEnvironment => ({
  id: name,
  label: name === 'sandbox' ? 'Sandbox' : 'Production',
  baseUrl: running.environment(name).baseUrl,
  secretKey: running.environment(name).secretKey,
})

let sandbox: RunningSandbox | undefined
let journal: RequestJournal | undefined

afterEach(async () => {
  await journal?.close()
  await sandbox?.close()
})

describe('a request waiting in the rate limiter, against the sandbox over HTTP', () => {
  it('is in flight to the journal’s askers, and once cancelled was provably never sent', async () => {
    sandbox = await startSandbox()
    const environment = environmentOf(sandbox, 'sandbox')
    journal = await openRequestJournal(join(mkdtempSync(join(tmpdir(), 'cd-limiter-')), 'j'))
    const registry = new RequestRegistry(journal)
    const client = createApiClient({ retry: oneAttempt })
    const search = (requestId: string) =>
      registry.run(requestId, (signal, attempts) =>
        runCryptoSearch(client, environment, { query: sanctioned, signal, journal: attempts }),
      )
    const startedAt = new Date().toISOString()

    sandbox.injectFault({ kind: 'rateLimit', retryAfterS: 8 })
    const first = randomUUID()
    await expect(search(first)).rejects.toMatchObject({ name: 'RateLimitError', status: 429 })
    expect(client.pace(environment).pausedUntil).toBeDefined()

    const queued = randomUUID()
    const waiting = search(queued)
    expect(registry.fate([{ requestId: queued, startedAt }])).toEqual([
      { requestId: queued, state: 'inFlight' },
    ])
    registry.cancel(queued)
    await expect(waiting).rejects.toMatchObject({
      name: 'CancelledError',
      mayHaveReachedService: false,
    })
    expect(registry.fate([{ requestId: queued, startedAt }])).toEqual([
      { requestId: queued, state: 'neverSent' },
    ])
    const searches = sandbox.requests.filter(
      (request) => request.path === rootedPath(apiPaths.cryptoSearch),
    )
    expect(searches.map((request) => request.status)).toEqual([429])
  })

  it('is not fired into a 402 another request just got: it gets that 402, as never sent', async () => {
    sandbox = await startSandbox({ productionBalance: 0 })
    const production = environmentOf(sandbox, 'production')
    // One a second: the first answer is back before the second may leave, however busy the
    // machine (at the default pace a slow answer let the next ones leave before it, as they may).
    const client = createApiClient({
      retry: oneAttempt,
      limiter: { pace: { ...defaultPaceSettings, initialRate: 1, doublingMs: 60_000 } },
    })
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        runCryptoSearch(client, production, { query: sanctioned, pace: 'background' }),
      ),
    )
    const failures = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as ServiceError) : undefined,
    )
    expect(failures.map((failure) => failure?.status)).toEqual([402, 402, 402, 402, 402])
    expect(failures.filter((failure) => failure?.mayHaveReachedService === false)).toHaveLength(5)
    const searches = sandbox.requests.filter(
      (request) => request.path === rootedPath(apiPaths.cryptoSearch),
    )
    expect(searches.map((request) => request.status)).toEqual([402])
    expect(client.pace(production).stoppedBy).toMatchObject({ status: 402 })
  })
})
